-- Revert coin_api:snapshot_notify from pg

BEGIN;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault', 'vault_state',
                           'allocator_position', 'allocator_position_state'] LOOP
    EXECUTE format('DROP TRIGGER notify_written ON snapshot.%I', t);
  END LOOP;
END
$$;
DROP FUNCTION snapshot.notify_written();

COMMIT;
