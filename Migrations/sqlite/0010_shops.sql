-- Shops: each shop the household buys in has its own aisle order, and each list may name its
-- usual shop.
--
-- A shop's aisles are its categories, first met first, joined by line feeds (a category holds
-- no control character; '' is no order). At most one shop is marked the default, the one a
-- list without a shop of its own is sorted by. A list's shop is forgotten with the shop.
CREATE TABLE shop (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  nameKey TEXT NOT NULL,
  -- Order among shops; restoring a deleted shop puts it back under its old key.
  position INTEGER NOT NULL,
  aisles TEXT NOT NULL DEFAULT '',
  isDefault INTEGER NOT NULL DEFAULT 0 CHECK (isDefault IN (0, 1))
);
CREATE UNIQUE INDEX shop_nameKey ON shop (nameKey);
CREATE UNIQUE INDEX shop_isDefault ON shop (isDefault) WHERE isDefault;

ALTER TABLE list ADD COLUMN shopId TEXT REFERENCES shop (id) ON DELETE SET NULL;

-- The one shop order of a database made before shops becomes the default shop's, under the
-- name "default" (a random version 4 id, in the upper-case form ids are stored in).
INSERT INTO shop (id, name, nameKey, position, aisles, isDefault)
SELECT
  hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
    || '-' || substr('89AB', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-'
    || hex(randomblob(6)),
  'default', 'default', 1,
  (SELECT group_concat(category, char(10)) FROM (SELECT category FROM aisle ORDER BY position)),
  1
WHERE EXISTS (SELECT 1 FROM aisle);

DROP TABLE aisle;
