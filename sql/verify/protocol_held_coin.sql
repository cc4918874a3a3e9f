-- Verify coin_api:protocol_held_coin on pg

SELECT 1 / (col_description(attrelid, attnum) LIKE '%the protocol holds itself%')::int
  FROM pg_attribute
 WHERE attrelid = 'snapshot.chain_state'::regclass AND attname = 'coin_supply';
