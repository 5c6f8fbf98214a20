-- History: one entry per change to the database, written in the same transaction as the
-- change, so that any change can be taken back (undo) and re-applied (redo).
--
-- "record" holds what the change did and what it overwrote (the earlier version of every row
-- it changed or removed), in the compact binary form ShoppingSQLite's journal codec writes.

CREATE TABLE history (
  -- Increasing, never reused: a new entry takes the largest number plus one, and only the
  -- oldest entries are ever dropped, so the largest stays. (No AUTOINCREMENT: its counter
  -- table would cost every change one more page written.)
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  -- The command as typed (without the program's name and --db), or an embedder's own label.
  command TEXT NOT NULL,
  -- What it changed, per list: "shopping: 120 added, 3 updated".
  summary TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('change', 'undo', 'redo')),
  -- For an undo or a redo: the entry it takes back or re-applies.
  target INTEGER,
  -- The undo that took this entry back, while it stays taken back.
  undoneBy INTEGER,
  record BLOB NOT NULL
);
