-- Verify coin_api:chain_columns on pg

SELECT 1 / (derived.each_chain('%2$I', 'Apy') LIKE '"tronApy", %')::int;
SELECT 'derived.make_chain_columns()'::regprocedure;
