-- The first schema: lists, and the products on them in the user's order.
--
-- Ids are UUIDs as upper-case text; timestamps are ISO 8601 UTC text to the second
-- ("2026-11-21T10:00:00Z"); nameKey is the normalised form names are compared under
-- (case-insensitive, Unicode-aware), computed by the application.

CREATE TABLE list (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  nameKey TEXT NOT NULL,
  createdAt TEXT NOT NULL
);

-- List names are unique under normalised comparison.
CREATE UNIQUE INDEX list_nameKey ON list (nameKey);

CREATE TABLE product (
  id TEXT PRIMARY KEY NOT NULL,
  listId TEXT NOT NULL REFERENCES list (id) ON DELETE CASCADE,
  -- Sort key within the list: increasing in list order, gaps allowed.
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  nameKey TEXT NOT NULL,
  isChecked INTEGER NOT NULL DEFAULT 0 CHECK (isChecked IN (0, 1)),
  -- An exact decimal, as written: '1', '0.5', '1.25'.
  quantity TEXT NOT NULL DEFAULT '1',
  unit TEXT,
  category TEXT,
  note TEXT,
  addedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

-- Item names are unique per list under normalised comparison; the index also serves the
-- foreign key's cascade.
CREATE UNIQUE INDEX product_listId_nameKey ON product (listId, nameKey);

-- Products of a list in order.
CREATE INDEX product_listId_position ON product (listId, position);
