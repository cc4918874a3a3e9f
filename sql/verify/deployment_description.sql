-- Verify coin_api:deployment_description on pg

SELECT one, description, written_at FROM snapshot.deployment_description WHERE false;
SELECT description, written_at FROM api.deployment_description WHERE false;
