-- api.snapshot_blocks and api.snapshot_blocks_text on the hand-worked fixture: the block of each
-- chain's newest snapshot, and the same in one line (every answer's X-Snapshot-Blocks).
--
-- By hand, from fixture.sql (times UTC+8): each chain's newest row and its block
--   tron    chain_state 05-13 08:00   none (read at latest)
--   eth     chain_state 05-13 07:55   22480012, 0x e7 x 32, 07:54:59 (not 00:01's 22477613)
--   bsc     chain_state 05-13 07:50   48123456, 0x b5 x 32, 07:49:57
--   plasma  position    05-13 07:55   1500000,  0x 9a x 32, 07:54:58 (positions only)
-- in the order tron, eth, bsc, then the others by name; so the text is
--   tron=latest; eth=22480012; bsc=48123456; plasma=1500000
-- A chain of the enum the fixture has no row of has its row after bsc's, with nulls, and no place
-- in the text.
-- Finality (api.snapshot_finality, the text's final): the fixture knows no finalized block, so
-- no block is final: "tron=no; eth=no; bsc=no; plasma=no". eth's finalized block at 22480011
-- leaves 22480012 not final; at 22480012 it is final, and stays so when a node behind names
-- 22480000 (the table only moves forward); tron has no block, so never a final one.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(16);

SELECT columns_are('api', 'snapshot_blocks', ARRAY['chain', 'taken_at', 'block_number', 'block_hash', 'block_time'],
                   'api.snapshot_blocks: chain, taken_at, block_number, block_hash, block_time');
SELECT columns_are('api', 'snapshot_blocks_text', ARRAY['blocks', 'final'], 'api.snapshot_blocks_text: blocks, final');
SELECT columns_are('api', 'snapshot_finality', ARRAY['chain', 'taken_at', 'block_number', 'finalized_block', 'final'],
                   'api.snapshot_finality: chain, taken_at, block_number, finalized_block, final');
SELECT results_eq(
  $$SELECT chain, taken_at, block_number, block_hash, block_time FROM api.snapshot_blocks$$,
  $$VALUES ('tron', '2026-05-13 08:00:00+08'::timestamptz, NULL::bigint, NULL::text, NULL::timestamptz),
           ('eth', '2026-05-13 07:55:00+08', 22480012, '0x' || repeat('e7', 32), '2026-05-13 07:54:59+08'),
           ('bsc', '2026-05-13 07:50:00+08', 48123456, '0x' || repeat('b5', 32), '2026-05-13 07:49:57+08')$$
    || pg_temp.for_other_chains(', (''%s'', NULL, NULL, NULL, NULL)')
    || $$, ('plasma', '2026-05-13 07:55:00+08', 1500000, '0x' || repeat('9a', 32), '2026-05-13 07:54:58+08')$$,
  'fixture: tron at latest, eth, bsc and plasma at their newest rows'' blocks, in that order');
SELECT is((SELECT blocks FROM api.snapshot_blocks_text), 'tron=latest; eth=22480012; bsc=48123456; plasma=1500000',
          'fixture: the text form');
SELECT is((SELECT final FROM api.snapshot_blocks_text), 'tron=no; eth=no; bsc=no; plasma=no',
          'fixture: no finalized block known, no block final');

-- The indexer's upsert (indexer/snapshot_writer.cpp's write_finalized): only forward.
PREPARE finalized(snapshot.chain, bigint) AS
  INSERT INTO snapshot.finalized_block (chain, block_number) VALUES ($1, $2)
  ON CONFLICT (chain) DO UPDATE SET block_number = EXCLUDED.block_number
  WHERE finalized_block.block_number < EXCLUDED.block_number;
EXECUTE finalized('eth', 22480011);
EXECUTE finalized('tron', 99);
SELECT results_eq($$SELECT chain, block_number, finalized_block, final FROM api.snapshot_finality
                     WHERE chain IN ('tron', 'eth', 'bsc') ORDER BY chain$$,
                  $$VALUES ('bsc', 48123456::bigint, NULL::bigint, false), ('eth', 22480012, 22480011, false),
                           ('tron', NULL, 99, false)$$,
                  'eth one block short of final; tron, read at latest, never final; bsc none known');
EXECUTE finalized('eth', 22480012);
SELECT is((SELECT final FROM api.snapshot_blocks_text), 'tron=no; eth=yes; bsc=no; plasma=no',
          'eth''s block finalized: eth=yes');
EXECUTE finalized('eth', 22480000);
SELECT is((SELECT finalized_block FROM api.snapshot_finality WHERE chain = 'eth'), 22480012::bigint,
          'a finalized block below the one known changes nothing');

-- A newer eth snapshot, read at a later block: it is eth's now.
INSERT INTO snapshot.chain_state
  SELECT chain, '2026-05-13 09:00:00+08', coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl,
         22480312, '0x' || repeat('e8', 32), '2026-05-13 08:59:59+08'
    FROM snapshot.chain_state WHERE chain = 'eth' ORDER BY taken_at DESC LIMIT 1;
SELECT is((SELECT blocks FROM api.snapshot_blocks_text), 'tron=latest; eth=22480312; bsc=48123456; plasma=1500000',
          'a newer eth snapshot names its block');
SELECT is((SELECT final FROM api.snapshot_blocks_text), 'tron=no; eth=no; bsc=no; plasma=no',
          'the newer eth snapshot, above the finalized block, is not final');

-- A chain of positions whose name sorts before plasma comes after bsc and before plasma. The
-- chains of positions made here have made-up names: a chain added to the enum is none of them.
INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy)
  VALUES ('Aave', 'alpha', 'USDC', '0x' || repeat('ab', 20), 'Investment');
INSERT INTO snapshot.allocator_position_state
  SELECT position_id, '2026-05-13 07:58:00+08', 1, 1, 0.04, 0, 400000000, '0x' || repeat('a1', 32),
         '2026-05-13 07:57:59+08'
    FROM snapshot.allocator_position WHERE chain = 'alpha';
SELECT is((SELECT blocks FROM api.snapshot_blocks_text),
          'tron=latest; eth=22480312; bsc=48123456; alpha=400000000; plasma=1500000',
          'the chains of positions follow tron, eth and bsc by name');

-- plasma's newest position state without a block: latest; a chain of positions with no state
-- yet has its row, with nulls, and no place in the text.
INSERT INTO snapshot.allocator_position_state
  SELECT position_id, '2026-05-13 08:30:00+08', 1, 1, 0.05, 0 FROM snapshot.allocator_position WHERE chain = 'plasma';
INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy)
  VALUES ('Aave', 'omega', 'USDC', '0x' || repeat('cd', 20), 'Investment');
SELECT results_eq(
  $$SELECT chain, taken_at IS NULL, block_number IS NULL FROM api.snapshot_blocks WHERE chain IN ('omega', 'plasma')$$,
  $$VALUES ('omega', true, true), ('plasma', false, true)$$,
  'a chain of positions without state: nulls; plasma read at latest: no block');
SELECT is((SELECT blocks FROM api.snapshot_blocks_text),
          'tron=latest; eth=22480312; bsc=48123456; alpha=400000000; plasma=latest',
          'a chain without a snapshot is left out of the text');

-- Nothing written at all: every chain of the enum has its row, and the text is empty.
TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
         snapshot.allocator_position_state, snapshot.allocator_position, snapshot.vault_state, snapshot.vault,
         snapshot.chain_state;
SELECT results_eq($$SELECT chain, taken_at FROM api.snapshot_blocks$$,
                  $$VALUES ('tron', NULL::timestamptz), ('eth', NULL), ('bsc', NULL)$$
                    || pg_temp.for_other_chains(', (''%s'', NULL)'),
                  'no snapshots: tron, eth, bsc and every other chain of the enum, with nulls');
SELECT is((SELECT blocks FROM api.snapshot_blocks_text), '', 'no snapshots: an empty text');
SELECT * FROM finish();
ROLLBACK;
