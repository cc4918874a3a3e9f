-- Verify coin_api:chain_units on pg

SELECT 1 / (snapshot.descale(1500000, 6) = 1.5)::int;
SELECT 1 / (snapshot.apy_of_rate(1e27) = 0)::int;
SELECT 1 / (snapshot.apy_of_annual_rate(0) = 0)::int;
SELECT 1 / (snapshot.price_of_spot(1e27, 1e27, 1e27) = 1)::int;
