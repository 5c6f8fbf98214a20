-- As SQLite's migration 9: what the household has had on its lists, one row for each name
-- (under normalised comparison) that has left a list, with the fields of its most recently
-- changed product and how many products of that name have left a list.
CREATE TABLE remembered (
  name_key text PRIMARY KEY,
  name text NOT NULL,
  quantity text NOT NULL,
  unit text,
  category text,
  times bigint NOT NULL CHECK (times > 0),
  updated_at timestamptz NOT NULL
);
