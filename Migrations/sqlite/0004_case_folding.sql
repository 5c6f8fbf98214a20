-- Names compared under Unicode's full case folding, ignoring default-ignorable characters:
-- "Weißwurst" and "WEISSWURST", "ΟΔΟΣ" and "οδος", "milk" and "mi<U+200D>lk" are one name,
-- where before names were compared in lower case only.
--
-- The tables stay as they are; the keys change, and SQL cannot compute them. The application
-- step below writes every list's and item's nameKey anew and, where two lists or two items
-- of one list now share a key, renames the one made later with " (2)" appended (" (3)" and
-- so on, never onto a name that is taken), in the lists and in the earlier versions of it
-- that history keeps; it tells the user of each rename. Nothing is dropped or merged. The
-- unique indexes step aside meanwhile: keys change one row at a time.

DROP INDEX list_nameKey;
DROP INDEX product_listId_nameKey;

-- application step: fold-name-keys

-- List names are unique under normalised comparison.
CREATE UNIQUE INDEX list_nameKey ON list (nameKey);

-- Item names are unique per list under normalised comparison; the index also serves the
-- foreign key's cascade.
CREATE UNIQUE INDEX product_listId_nameKey ON product (listId, nameKey);
