-- Members of the household: each phone signed in for good through an invite link, and who
-- made each change.
--
-- Neither an invite code nor a member's secret is stored: only their SHA-256 hashes, as 64
-- lower-case hexadecimal digits, so that a copy of the file lets nobody in. The invite's hash
-- stays after joining, so that a second opening of the link can be told it was used.

CREATE TABLE member (
  id TEXT PRIMARY KEY NOT NULL,
  -- As the one who invited them wrote it; nameKey is the form names are compared under.
  name TEXT NOT NULL,
  nameKey TEXT NOT NULL,
  inviteHash TEXT NOT NULL,
  invitedAt TEXT NOT NULL,
  -- Set when the invite link is opened, with the secret the phone keeps in its cookie.
  secretHash TEXT,
  joinedAt TEXT,
  -- Updated at most about once a minute while the member uses the page.
  lastSeenAt TEXT,
  CHECK ((secretHash IS NULL) = (joinedAt IS NULL))
);

-- Member names are unique under normalised comparison, as list names are.
CREATE UNIQUE INDEX member_nameKey ON member (nameKey);
CREATE UNIQUE INDEX member_inviteHash ON member (inviteHash);
CREATE UNIQUE INDEX member_secretHash ON member (secretHash);

-- The member who made a change, by the name they had then; NULL for everyone else (the
-- command line, the household's token, an embedding program). Set in the transaction that
-- writes the entry.
ALTER TABLE history ADD COLUMN by TEXT;
