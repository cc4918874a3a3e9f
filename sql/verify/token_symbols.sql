-- Verify coin_api:token_symbols on pg

SELECT token, symbol FROM snapshot.token_symbol WHERE false;
SELECT 1 / (count(*) = 2)::int FROM derived.token_symbols;
SELECT 1 / (count(*) = 2)::int
  FROM pg_trigger
 WHERE tgrelid = 'snapshot.token_symbol'::regclass
   AND tgname IN ('token_symbol_written', 'token_symbol_truncated');
SELECT 1 / (count(*) = 1)::int FROM api.coin_supply AS v JOIN derived.token_symbols AS n USING (symbol);
SELECT 1 / (count(*) = 1)::int FROM api.scoin_supply AS v JOIN derived.token_symbols AS n USING (symbol);
