-- Verify coin_api:chain_freshness on pg

SELECT chain, taken_at, age_seconds FROM api.chain_freshness WHERE false;
SELECT 1 / (count(*) = 3)::int FROM api.chain_freshness;
