-- Lists keep an order of their own (`lists move`): from now on they are shown in the order of
-- their rowid alone, no longer by the time they were made first. Each list's rowid becomes
-- its place in the order they were shown in until now (made first, first; lists made in the
-- same second in the order of their rowids), through negative keys so that no row takes a
-- key still held. Items name their list by its id, not its rowid.
UPDATE list SET rowid = -(
  SELECT count(*) FROM list AS other
  WHERE other.createdAt < list.createdAt
    OR (other.createdAt = list.createdAt AND other.rowid <= list.rowid)
);
UPDATE list SET rowid = -rowid;
