-- Verify coin_api:vault_freshness on pg

SELECT chain, vault_type, taken_at, age_seconds FROM api.vault_freshness WHERE false;
