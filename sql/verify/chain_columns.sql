-- Verify coin_api:chain_columns on pg

SELECT 1 / (derived.each_chain('{tron,eth}', '%2$I', 'Apy') = '"tronApy", "ethApy"')::int;
SELECT 'derived.make_chain_columns(text[])'::regprocedure;
