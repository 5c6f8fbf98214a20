-- A member signs in any number of devices (phone, tablet, laptop), each through an invite
-- link of its own that works once and for 7 days. The member table keeps who the member is;
-- each device and each invite gets a row of its own, still holding only SHA-256 hashes.
--
-- A member who joined before keeps their one device, under the member's own id, with the
-- secret, join time and last visit it had; each member's newest invite becomes an invite
-- made then, spent when they joined, expiring 7 days after it was made. Settings of the
-- database (the address the last `shoplist serve` announced) get a table of their own.

CREATE TABLE memberNew (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  nameKey TEXT NOT NULL,
  invitedAt TEXT NOT NULL
);
INSERT INTO memberNew (id, name, nameKey, invitedAt)
SELECT id, name, nameKey, invitedAt FROM member ORDER BY rowid;

CREATE TABLE device (
  id TEXT PRIMARY KEY NOT NULL,
  memberId TEXT NOT NULL REFERENCES memberNew (id) ON DELETE CASCADE,
  secretHash TEXT NOT NULL UNIQUE,
  joinedAt TEXT NOT NULL,
  lastSeenAt TEXT
);
CREATE INDEX device_memberId ON device (memberId);
INSERT INTO device (id, memberId, secretHash, joinedAt, lastSeenAt)
SELECT id, id, secretHash, joinedAt, lastSeenAt FROM member WHERE secretHash IS NOT NULL
ORDER BY rowid;

-- A used invite keeps its row until its member is removed, so that opening the link again is
-- told it was used rather than that it never existed.
CREATE TABLE invite (
  codeHash TEXT PRIMARY KEY NOT NULL,
  memberId TEXT NOT NULL REFERENCES memberNew (id) ON DELETE CASCADE,
  createdAt TEXT NOT NULL,
  expiresAt TEXT NOT NULL,
  spentAt TEXT
);
CREATE INDEX invite_memberId ON invite (memberId);
INSERT INTO invite (codeHash, memberId, createdAt, expiresAt, spentAt)
SELECT inviteHash, id, invitedAt, strftime('%Y-%m-%dT%H:%M:%SZ', invitedAt, '+7 days'), joinedAt
FROM member WHERE inviteHash NOT LIKE 'none:%';

DROP TABLE member;
ALTER TABLE memberNew RENAME TO member;
CREATE UNIQUE INDEX member_nameKey ON member (nameKey);

CREATE TABLE setting (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
