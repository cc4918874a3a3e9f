-- What a write to chain_state, vault or vault_state announces on snapshot_written
-- (sql/deploy/notify_chains.sql): the table and the chains of the rows written, sorted, once per
-- statement; a TRUNCATE, or a write to the allocator's tables, the table alone. The publisher
-- renders again only the answers of the chains named (publisher/answer_jobs.hpp).
BEGIN;
\ir announcements.sql

SELECT plan(13);

SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  VALUES ('tron', '2026-05-13 08:00:00+08', 1, 1, 1, 1, 0, 1), ('eth', '2026-05-13 08:00:00+08', 1, 1, 1, 1, 0, 1),
         ('tron', '2026-05-13 09:00:00+08', 1, 1, 1, 1, 0, 1)$$),
  '{"chain_state eth,tron"}', 'an insert of rows of two chains names both, each once');
SELECT is(pg_temp.announced($$UPDATE snapshot.chain_state SET earn_tvl = 2 WHERE chain = 'eth'$$),
  '{"chain_state eth"}', 'an update names the chains of the rows it changed');
SELECT is(pg_temp.announced($$UPDATE snapshot.chain_state SET earn_tvl = 2 WHERE chain = 'bsc'$$),
  '{}', 'a statement that changed no row announces nothing');
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
                              stability_fee, debt_ceiling, dust, psm_fee)
  VALUES ('bsc', 'WBTC-A', 1, '0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e', 1.45, 0.0525, 1000000.5, 500, NULL)$$),
  '{"vault bsc"}', 'a new Vault names its chain');
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings)
  SELECT vault_id, '2026-05-13 08:00:00+08', 1, 1, 1, 0, 0 FROM snapshot.vault WHERE chain = 'bsc'$$),
  '{"vault_state bsc"}', 'a Vault''s state names the chain of its Vault');
SELECT is(pg_temp.announced($$DELETE FROM snapshot.vault_state$$),
  '{"vault_state bsc"}', 'a delete names the chains of the rows it removed');
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy, tag)
  VALUES ('Aave', 'eth', 'USDT', '0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf', 'Investment', 'Gauntlet');
  DELETE FROM snapshot.allocator_position$$),
  '{allocator_position}', 'a write to the allocator''s tables names the table alone: it may change any chain''s answers');
-- A row at a midnight adds a daily point, and removing it removes one: the daily series are
-- refreshed, a DDL command that announces itself (ddl_notify.sql, before the statement's own),
-- which the publisher takes for a change of every answer; the answers of those series alone
-- (6.9, 6.10: Endpoint::refreshed) wait for it.
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  VALUES ('tron', '2026-05-14 00:00:00+08', 1, 1, 1, 1, 0, 1);
  DELETE FROM snapshot.chain_state WHERE taken_at = '2026-05-14 00:00:00+08'$$),
  '{"REFRESH MATERIALIZED VIEW","chain_state tron"}',
  'a row that adds a daily point, and its removal, name its chain and the refresh');
SELECT is(pg_temp.announced($$DELETE FROM snapshot.vault; TRUNCATE snapshot.chain_state CASCADE$$),
  '{"vault bsc",chain_state,auction_status}', 'TRUNCATE names the table alone (and the one it cascades to)');
SELECT is(pg_temp.announced($$DELETE FROM snapshot.chain_state$$), '{}', 'an empty table: nothing');
-- A chain's finalized block (finality.sql) moving forward names its chain; the indexer's upsert
-- that leaves it where it is announces nothing.
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.finalized_block VALUES ('eth', 100) ON CONFLICT (chain) DO UPDATE
    SET block_number = EXCLUDED.block_number WHERE finalized_block.block_number < EXCLUDED.block_number$$),
  '{"finalized_block eth"}', 'a new finalized block names its chain');
SELECT is(pg_temp.announced($$
  INSERT INTO snapshot.finalized_block VALUES ('eth', 90) ON CONFLICT (chain) DO UPDATE
    SET block_number = EXCLUDED.block_number WHERE finalized_block.block_number < EXCLUDED.block_number$$),
  '{}', 'a finalized block behind the one known: nothing');
DO $$ BEGIN PERFORM dblink_disconnect(name) FROM unnest(ARRAY['listener', 'writer']) AS name; END $$;

-- api.clock: the latest chain_state row of any chain (fixture.sql: tron's 08:00), which every
-- chain's histories are measured from.
\ir fixture.sql
SELECT is((SELECT taken_at FROM api.clock), '2026-05-13 08:00:00+08'::timestamptz,
          'api.clock: the latest chain snapshot of any chain');

SELECT * FROM finish();
ROLLBACK;
