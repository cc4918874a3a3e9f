-- Verify coin_api:api_functions on pg

SELECT 1 / (api.chains() = enum_range(NULL::snapshot.chain)::text[])::int;
SELECT api.points_between('[]', 0, 0) WHERE false;
SELECT api.csv('[]', '{}', '{}') WHERE false;
