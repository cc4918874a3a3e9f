-- Revert coin_api:urn_tables from pg

BEGIN;

DROP TABLE snapshot.urn_log_range, snapshot.vault_price, snapshot.urn_state, snapshot.urn_event, snapshot.urn;
DROP FUNCTION snapshot.notify_written_urn_chains();

COMMIT;
