-- What the household has had on its lists: one row for each name (under normalised
-- comparison) that has left a list, with the fields of its most recently changed product and
-- how many products of that name have left a list. A new item of that name is given its
-- category, and the page's add box suggests it. Kept beside the history, not in it: an undo
-- does not take it back, and a database made before it starts with an empty one.
CREATE TABLE remembered (
  nameKey TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  quantity TEXT NOT NULL,
  unit TEXT,
  category TEXT,
  times INTEGER NOT NULL CHECK (times > 0),
  updatedAt TEXT NOT NULL
) WITHOUT ROWID;
