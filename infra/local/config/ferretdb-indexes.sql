-- GIN twins of FerretDB's indexes, in the local PostgreSQL cluster (ADR 0011).
--
-- FerretDB 1.24 on PostgreSQL evaluates an equality filter, `_id` included, as
-- `_jsonb -> 'field' @> value`. The btree indexes it creates (`_id`, and those the schemas declare)
-- cannot serve `@>`, so every find was a sequential scan of the table: 18 ms for a document by
-- `_id` among 20 000, growing with the table. A GIN index on the same expression serves `@>`:
-- 1.1 ms (FerretDB issue 4646). This file gives every FerretDB table a GIN index on
-- `(_jsonb -> '_id')` and one on each expression of its btree indexes, now and for every table or
-- index created later (an event trigger). Applied at each start; idempotent.
-- Production runs MongoDB, with the indexes the schemas declare: nothing here is needed there.

CREATE OR REPLACE FUNCTION popote_gin_twin(tbl regclass, expr text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ns oid := (SELECT relnamespace FROM pg_class WHERE oid = tbl);
  name text := left((SELECT relname FROM pg_class WHERE oid = tbl), 40) || '_' || substr(md5(expr), 1, 10) || '_gin';
BEGIN
  -- Checked first rather than IF NOT EXISTS: no DDL at all when it is there (the event trigger
  -- below runs again for the index created here, and must find nothing to do).
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = name AND relnamespace = ns) THEN
    EXECUTE format('CREATE INDEX %I ON %s USING gin ((%s))', name, tbl, expr);
  END IF;
END $$;

-- Twins for one table (or every table holding FerretDB documents when `only_rel` is null).
CREATE OR REPLACE FUNCTION popote_gin_twins(only_rel oid DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  k int;
  e text;
BEGIN
  FOR r IN
    SELECT c.oid AS rel FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = '_jsonb' AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND (only_rel IS NULL OR c.oid = only_rel)
  LOOP
    PERFORM popote_gin_twin(r.rel::regclass, '_jsonb -> ''_id''::text');
  END LOOP;
  FOR r IN
    SELECT i.indexrelid, i.indrelid, i.indnatts FROM pg_index i
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_am am ON am.oid = ic.relam AND am.amname = 'btree'
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = '_jsonb' AND NOT a.attisdropped
    WHERE only_rel IS NULL OR i.indrelid = only_rel
  LOOP
    FOR k IN 1..r.indnatts LOOP
      e := pg_get_indexdef(r.indexrelid, k, true);
      -- Only a top-level field: `(_jsonb -> 'cook_id'::text)`.
      IF e ~ '^\(?_jsonb -> ''[^'']+''::text\)?$' THEN
        PERFORM popote_gin_twin(r.indrelid::regclass, btrim(e, '()'));
      END IF;
    END LOOP;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION popote_gin_twins_on_ddl() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() WHERE command_tag IN ('CREATE TABLE', 'CREATE INDEX') LOOP
    IF r.command_tag = 'CREATE TABLE' THEN
      PERFORM popote_gin_twins(r.objid);
    ELSE
      PERFORM popote_gin_twins((SELECT indrelid FROM pg_index WHERE indexrelid = r.objid));
    END IF;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS popote_gin_twins;
CREATE EVENT TRIGGER popote_gin_twins ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE', 'CREATE INDEX')
  EXECUTE FUNCTION popote_gin_twins_on_ddl();

SELECT popote_gin_twins();
