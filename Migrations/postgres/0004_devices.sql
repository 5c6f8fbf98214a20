-- As SQLite's migration 8: a member signs in any number of devices, each through an invite
-- link of its own that works once and for 7 days; devices and invites get tables of their
-- own, still holding only SHA-256 hashes, and the database's settings (the address the last
-- `shoplist serve` announced) one too. A member who joined before keeps their one device,
-- under the member's own id; each member's newest invite becomes one made then, spent when
-- they joined, expiring 7 days after it was made.

CREATE TABLE device (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  joined_at timestamptz NOT NULL,
  last_seen_at timestamptz
);
CREATE INDEX device_member_id ON device (member_id);
INSERT INTO device (id, member_id, secret_hash, joined_at, last_seen_at)
SELECT id, id, secret_hash, joined_at, last_seen_at FROM member WHERE secret_hash IS NOT NULL;

CREATE TABLE invite (
  code_hash text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  spent_at timestamptz
);
CREATE INDEX invite_member_id ON invite (member_id);
INSERT INTO invite (code_hash, member_id, created_at, expires_at, spent_at)
SELECT invite_hash, id, invited_at, invited_at + interval '7 days', joined_at
FROM member WHERE invite_hash IS NOT NULL;

ALTER TABLE member DROP COLUMN invite_hash, DROP COLUMN secret_hash, DROP COLUMN joined_at,
  DROP COLUMN last_seen_at;

CREATE TABLE setting (
  key text PRIMARY KEY,
  value text NOT NULL
);
