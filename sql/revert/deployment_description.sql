-- Revert coin_api:deployment_description from pg

BEGIN;

DROP VIEW api.deployment_description;
DROP TABLE snapshot.deployment_description;

COMMIT;
