-- Verify coin_api:answer_time on pg

SELECT derived.answer_time() = 'infinity' FROM (SELECT) AS nothing WHERE false;
SELECT 1 / count(*)::int FROM pg_proc WHERE oid = 'api.answer_at(bigint)'::regprocedure;
SELECT min_collateral_ratio, stability_fee, debt_ceiling, dust, psm_fee FROM snapshot.vault_state WHERE false;
