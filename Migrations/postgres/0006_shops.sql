-- As SQLite's migration 10: each shop the household buys in has its own aisle order, and
-- each list may name its usual shop. At most one shop is the default, the one a list without
-- a shop of its own is sorted by; a list's shop is forgotten with the shop.
CREATE TABLE shop (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  name_key text NOT NULL UNIQUE,
  -- Order among shops; restoring a deleted shop puts it back under its old key.
  position bigint NOT NULL,
  -- Its categories, first met first.
  aisles text[] NOT NULL DEFAULT '{}',
  is_default boolean NOT NULL DEFAULT false
);

CREATE UNIQUE INDEX shop_is_default ON shop (is_default) WHERE is_default;

ALTER TABLE list ADD COLUMN shop_id uuid REFERENCES shop (id) ON DELETE SET NULL;

-- The one shop order of a database made before shops becomes the default shop's, under the
-- name "default".
INSERT INTO shop (id, name, name_key, position, aisles, is_default)
SELECT gen_random_uuid(), 'default', 'default', 1,
  (SELECT array_agg(category ORDER BY position) FROM aisle), true
WHERE EXISTS (SELECT 1 FROM aisle);

DROP TABLE aisle;
