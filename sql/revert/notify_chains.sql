-- Revert coin_api:notify_chains from pg

BEGIN;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault', 'vault_state'] LOOP
    EXECUTE format('DROP TRIGGER notify_inserted ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER notify_updated ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER notify_deleted ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER notify_written ON snapshot.%I', t);
    EXECUTE format('CREATE TRIGGER notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t);
  END LOOP;
END
$$;
DROP FUNCTION snapshot.notify_written_chains();
DROP VIEW api.clock;

COMMIT;
