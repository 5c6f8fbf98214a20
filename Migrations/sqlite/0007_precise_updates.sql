-- An item's updatedAt is kept to the microsecond from this version on: a change within the
-- same second as the item's last one is written a microsecond later
-- (2026-11-21T10:00:00.000001Z) instead of a whole second later. The column stays text; only
-- its values may now carry six digits of fraction, which an older shoplist cannot read, hence
-- this version. History records written from now on keep updatedAt in microseconds too.
--
-- Items that the one-second rule pushed into the future (many changes a second moved them a
-- second each) are brought back to the time of this migration: no item is shown as changed
-- later than now.

UPDATE product SET updatedAt = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
WHERE updatedAt > strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+1 second');
