-- The fixture is what its header says: every snapshot table filled, with the rows listed there.
BEGIN;
\ir fixture.sql

SELECT plan(1);

SELECT results_eq(
  $$SELECT 'chain_state', count(*) FROM snapshot.chain_state
    UNION ALL SELECT 'vault', count(*) FROM snapshot.vault
    UNION ALL SELECT 'vault_state', count(*) FROM snapshot.vault_state
    UNION ALL SELECT 'allocator_position', count(*) FROM snapshot.allocator_position
    UNION ALL SELECT 'allocator_position_state', count(*) FROM snapshot.allocator_position_state$$,
  $$VALUES ('chain_state', 17::bigint), ('vault', 7), ('vault_state', 23),
           ('allocator_position', 3), ('allocator_position_state', 9)$$,
  'fixture: every snapshot table holds the rows of fixture.sql');

SELECT * FROM finish();
ROLLBACK;
