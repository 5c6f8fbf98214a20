-- shoplist's tables in PostgreSQL, in the schema "shoplist" (the migrator creates it and runs
-- every migration with it first on the search path). The same data as SQLite's schema at its
-- version 5, in PostgreSQL's types: ids as uuid, times as timestamptz to the second, flags as
-- boolean, history records as bytea in the same binary form.

CREATE TABLE list (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  -- The form names are compared under (full case folding): unique.
  name_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  -- Order among lists made in the same second; increasing, never reused.
  position bigint NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);

CREATE UNIQUE INDEX list_is_default ON list (is_default) WHERE is_default;

CREATE TABLE product (
  id uuid PRIMARY KEY,
  list_id uuid NOT NULL REFERENCES list (id) ON DELETE CASCADE,
  -- Sort key within the list: increasing in list order, gaps allowed.
  position bigint NOT NULL,
  -- Order of insertion, to break ties between equal sort keys.
  sequence bigserial NOT NULL,
  name text NOT NULL,
  name_key text NOT NULL,
  is_checked boolean NOT NULL DEFAULT false,
  -- An exact decimal, as written: '1', '0.5', '1.25'.
  quantity text NOT NULL DEFAULT '1',
  unit text,
  category text,
  note text,
  added_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (list_id, name_key)
);

CREATE INDEX product_list_position ON product (list_id, position, sequence);

CREATE TABLE aisle (
  position integer PRIMARY KEY,
  category text NOT NULL
);

CREATE TABLE history (
  -- Increasing, never reused: a new entry takes the largest number plus one.
  id bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  command text NOT NULL,
  summary text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('change', 'undo', 'redo')),
  target bigint,
  undone_by bigint,
  by text,
  record bytea NOT NULL
);

CREATE TABLE member (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  name_key text NOT NULL UNIQUE,
  invite_hash text UNIQUE,
  invited_at timestamptz NOT NULL,
  secret_hash text UNIQUE,
  joined_at timestamptz,
  last_seen_at timestamptz,
  CHECK ((secret_hash IS NULL) = (joined_at IS NULL))
);

-- Counts committed writes: what a member's stream asks to learn that anyone wrote.
CREATE TABLE version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  value bigint NOT NULL
);

INSERT INTO version (value) VALUES (0);
