-- Deploy coin_api:chain_units to pg
-- The indexer's conversions, from the integers a chain reports to the units of the snapshot
-- tables. The indexer passes every integer it read as exact decimal text and converts it here,
-- in NUMERIC, so that no digit is lost on the way (C++ has no exact decimal type) and a DBA can
-- read, test and change each formula. README "What each figure is read from" lists the calls.

BEGIN;

-- A token amount or a fixed-point figure in its unit: amount / 10^decimals, exactly. The
-- scale factor is written as text ('1e-18') because NUMERIC division would round.
CREATE FUNCTION snapshot.descale(amount numeric, decimals integer) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN trim_scale(amount * ('1e-' || decimals)::numeric);
COMMENT ON FUNCTION snapshot.descale(numeric, integer) IS
  'amount / 10^decimals, exact: a token''s base units (decimals 6, 18), a wad (18), a ray (27), a rad (45)';

-- The APY of a per-second rate in ray (Pot.dsr, Jug base + duty, an ERC-4626 vault's ssr):
-- (rate / 1e27) ^ 31536000 - 1, compounded every second of a 365-day year. The base goes in
-- with scale 33 so that power() carries the result past its 30th decimal; 30 decimals are the
-- 29 significant digits the spec's APYs show.
CREATE FUNCTION snapshot.apy_of_rate(per_second_ray numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN trim_scale(round(power(snapshot.descale(per_second_ray, 27)::numeric(40, 33), 31536000) - 1, 30));
COMMENT ON FUNCTION snapshot.apy_of_rate(numeric) IS
  'APY, a decimal, of a per-second rate in ray: (rate / 1e27) ^ 31536000 - 1 to 30 decimals';

-- The APY of an annual rate in ray (an Aave v3 reserve's currentLiquidityRate, which Aave
-- compounds every second): the per-second rate, rounded to a ray, compounded as above.
CREATE FUNCTION snapshot.apy_of_annual_rate(annual_ray numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN snapshot.apy_of_rate(1e27 + round(annual_ray / 31536000));
COMMENT ON FUNCTION snapshot.apy_of_annual_rate(numeric) IS
  'APY, a decimal, of an annual rate in ray compounded every second (Aave v3 currentLiquidityRate)';

-- USD per unit of a Vault's collateral, from what the Spotter stored: dss sets
-- spot = price x 1e27 / par x 1e27 / mat (all ray), so price = spot x mat x par / 1e81, up to
-- the rounding of those divisions. Kept to 18 decimals (a wad, as the oracles report prices).
CREATE FUNCTION snapshot.price_of_spot(spot numeric, mat numeric, par numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN trim_scale(round(snapshot.descale(spot * mat * par, 81), 18));
COMMENT ON FUNCTION snapshot.price_of_spot(numeric, numeric, numeric) IS
  'USD per unit of collateral: Vat spot x Spotter mat x Spotter par / 1e81 (all ray), to 18 decimals';

COMMIT;
