-- Run after each change of an upgrade's `sqitch deploy` (scripts/test/pgtap.sh), which commits
-- change by change while the handlers keep answering: coin_api can already execute everything it
-- calls when it reads the api (reader_calls.sql), and reads every api view. A change whose view
-- calls a function that only a later change grants would fail the handlers' queries in between.
-- Fails (psql's ON_ERROR_STOP) naming what coin_api cannot execute or read.
BEGIN;
\ir reader_calls.sql
DO $$
DECLARE
  missing text := (SELECT string_agg(f::text, ', ' ORDER BY f::text) FROM pg_temp.reader_calls() AS f
                    WHERE NOT has_function_privilege('coin_api', f, 'EXECUTE'));
BEGIN
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'coin_api cannot execute what it calls reading the api: %', missing;
  END IF;
END
$$;
SET LOCAL ROLE coin_api;
DO $$
DECLARE
  view regclass;
BEGIN
  FOR view IN SELECT c.oid FROM pg_class c WHERE c.relnamespace = 'api'::regnamespace AND c.relkind = 'v' LOOP
    EXECUTE format('SELECT * FROM %s', view);
  END LOOP;
END
$$;
ROLLBACK;
