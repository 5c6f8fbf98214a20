-- As SQLite's migration 11: lists keep an order of their own (`lists move`), shown in the
-- order of their position alone. Each list's position becomes its place in the order they
-- were shown in until now (by the time they were made, then by position).
UPDATE list SET position = ordered.place
FROM (
  SELECT id, row_number() OVER (ORDER BY created_at, position) AS place FROM list
) AS ordered
WHERE list.id = ordered.id;
