-- As SQLite's migration 7: an item's updated_at is kept to the microsecond from this version
-- on (timestamptz always could; shoplist wrote whole seconds), and a change within the same
-- second as the item's last one is written a microsecond later instead of a whole second
-- later. History records written from now on keep updated_at in microseconds too, which an
-- older shoplist cannot read, hence this version.
--
-- Items that the one-second rule pushed into the future are brought back to the time of this
-- migration: no item is shown as changed later than now.

UPDATE product SET updated_at = date_trunc('second', now())
WHERE updated_at > now() + interval '1 second';
