-- The block behind every snapshot row (snapshot_provenance): three columns on each state table,
-- all three or none, a hash of 0x and 64 lowercase hex digits.
BEGIN;
\ir fixture.sql

SELECT plan(7);

SELECT has_column('snapshot', t, c, format('snapshot.%s.%s', t, c))
  FROM unnest(ARRAY['chain_state', 'vault_state', 'allocator_position_state']) AS t,
       unnest(ARRAY['block_number']) AS c;
SELECT is((SELECT count(*) FROM snapshot.chain_state WHERE block_number IS NULL), 14::bigint,
          'the fixture''s rows have none but eth''s of 07:55 and 00:01 and bsc''s of 07:50 (fixture.sql)');
SELECT lives_ok(
  $$INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-14 00:00+08', 1, 1, 1, 1, 0.04, 1, 21000000,
      '0x' || repeat('ab', 32), '2026-05-13 23:59:57+08')$$,
  'a row with its block''s number, hash and time');
SELECT throws_ok(
  $$INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-14 00:05+08', 1, 1, 1, 1, 0.04, 1, 21000000,
      NULL, '2026-05-14 00:04:57+08')$$,
  '23514', NULL, 'a block number without its hash is refused');
SELECT throws_ok(
  $$INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-14 00:05+08', 1, 1, 1, 1, 0.04, 1, 21000000,
      '0x' || repeat('AB', 32), '2026-05-14 00:04:57+08')$$,
  '23514', NULL, 'a hash in capitals is refused (the indexer writes what nodes answer: lowercase)');

SELECT * FROM finish();
ROLLBACK;
