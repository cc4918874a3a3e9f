-- Revert coin_api:auction_tables from pg

BEGIN;

DROP TABLE snapshot.auction_status, snapshot.clip_event, snapshot.bark;
COMMENT ON TABLE snapshot.urn_log_range IS
  'The blocks whose Vat events are all in urn_event: first_block to last_block, none skipped';

COMMIT;
