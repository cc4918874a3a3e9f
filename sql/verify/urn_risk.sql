-- Verify coin_api:urn_risk on pg

SELECT chain, "vaultType", data FROM api.liquidation_curve WHERE false;
SELECT has_function_privilege('api.urns(text, text, text, integer, text)', 'execute');
SELECT has_function_privilege('api.vaults_at_risk(text, integer)', 'execute');
SELECT has_function_privilege('api.urn_history(text, text, text, bigint, bigint)', 'execute');
