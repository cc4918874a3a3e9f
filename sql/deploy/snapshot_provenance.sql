-- Deploy coin_api:snapshot_provenance to pg
-- The block behind every snapshot row: the number, hash and time of the block the indexer read
-- it at, so that a reader can check a figure against the chain, and a row whose block
-- a reorganisation undid can be found. Null where it is not known: rows written before this
-- change, and a chain read at "latest" (TRON's eth_call names no block, so which block each call
-- saw is not known). A position's row has its own chain's block.

BEGIN;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault_state', 'allocator_position_state'] LOOP
    EXECUTE format('ALTER TABLE snapshot.%I
                      ADD COLUMN block_number bigint CHECK (block_number >= 0),
                      ADD COLUMN block_hash   text   CHECK (block_hash ~ ''^0x[0-9a-f]{64}$''),
                      ADD COLUMN block_time   timestamptz,
                      ADD CHECK ((block_number IS NULL) = (block_hash IS NULL)
                                 AND (block_number IS NULL) = (block_time IS NULL))', t);
    EXECUTE format('COMMENT ON COLUMN snapshot.%I.block_number IS %L', t,
                   'The block the row was read at; null where not known (a chain read at latest, older rows)');
    EXECUTE format('COMMENT ON COLUMN snapshot.%I.block_hash IS %L', t, 'That block''s hash, 0x and 64 hex digits');
    EXECUTE format('COMMENT ON COLUMN snapshot.%I.block_time IS %L', t, 'That block''s time');
  END LOOP;
END
$$;

COMMIT;
