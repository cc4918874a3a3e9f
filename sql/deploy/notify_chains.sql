-- Deploy coin_api:notify_chains to pg
-- A write to chain_state, vault or vault_state announces the chains it wrote too: payload
-- "<table> <chain>[,<chain>...]" ("vault_state eth,tron"), so that the publisher renders again
-- only the answers of those chains (and those of every chain). A TRUNCATE, and a write to any
-- other snapshot table, still announces the table alone: it may change any chain's answers.
-- Transition tables need a trigger per event; the statement trigger stays for TRUNCATE.
-- Every chain's histories are measured from one clock (derived.as_of): api.clock shows it, and a
-- write that moves it changes the answers of every chain.

BEGIN;

CREATE FUNCTION snapshot.notify_written_chains() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chains text;
BEGIN
  IF TG_TABLE_NAME = 'vault_state' THEN
    SELECT string_agg(DISTINCT v.chain::text, ',') INTO chains FROM changed JOIN snapshot.vault AS v USING (vault_id);
  ELSE
    SELECT string_agg(DISTINCT chain::text, ',') INTO chains FROM changed;
  END IF;
  IF chains IS NOT NULL THEN  -- a statement that changed no row announces nothing
    PERFORM pg_notify('snapshot_written', TG_TABLE_NAME || ' ' || chains);
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION snapshot.notify_written_chains() IS
  'NOTIFY snapshot_written, payload the table written to and the chains of the rows written';

CREATE VIEW api.clock AS SELECT taken_at FROM derived.as_of;
COMMENT ON VIEW api.clock IS
  'The time the API speaks for (derived.as_of): the latest chain snapshot, which every chain''s histories are measured from';
COMMENT ON COLUMN api.clock.taken_at IS 'The latest chain_state row''s taken_at, of any chain';

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault', 'vault_state'] LOOP
    EXECUTE format('DROP TRIGGER notify_written ON snapshot.%I', t);
    EXECUTE format('CREATE TRIGGER notify_written AFTER TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t);
    EXECUTE format('CREATE TRIGGER notify_inserted AFTER INSERT ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
    EXECUTE format('CREATE TRIGGER notify_updated AFTER UPDATE ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
    EXECUTE format('CREATE TRIGGER notify_deleted AFTER DELETE ON snapshot.%I REFERENCING OLD TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
  END LOOP;
END
$$;

COMMIT;
