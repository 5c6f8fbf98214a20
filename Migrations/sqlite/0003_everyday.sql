-- The default list and the shop order.
--
-- The default list is the one used when no list is named. At most one list is marked; with
-- none marked, the list named "shopping" is the default. The mark is on the list's row, so a
-- rename keeps it and deleting the list removes it.
ALTER TABLE list ADD COLUMN isDefault INTEGER NOT NULL DEFAULT 0 CHECK (isDefault IN (0, 1));
CREATE UNIQUE INDEX list_isDefault ON list (isDefault) WHERE isDefault;

-- The order in which categories are met in the shop (its aisles), first met first.
-- Categories are free text as the user wrote them; they are matched to items' categories
-- under normalised comparison (case-insensitive, Unicode-aware), by the application.
CREATE TABLE aisle (
  position INTEGER PRIMARY KEY,
  category TEXT NOT NULL
);
