-- Verify coin_api:growth_apy on pg

SELECT 1 / (snapshot.apy_of_growth(1050000, 1000000, 31536000) = 0.05)::int;
