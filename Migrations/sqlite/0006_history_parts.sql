-- History records in parts: a large change (an import of a million rows) writes its record as
-- it runs, about a megabyte at a time, instead of holding it whole until its entry is added.
--
-- A part holds what a stretch of the change did and what that stretch overwrote, as recorded
-- from the state the stretch began with, in the same binary form as history.record; taking
-- the parts back newest first takes the change back. An entry's parts come first, in order of
-- "part"; its own "record" is the last part. Entries written before this migration, and
-- every small change, have no rows here.
--
-- No foreign key: the parts are written before their entry, in the same transaction.

CREATE TABLE historyPart (
  entry INTEGER NOT NULL,
  part INTEGER NOT NULL,
  record BLOB NOT NULL,
  PRIMARY KEY (entry, part)
);
