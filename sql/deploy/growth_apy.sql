-- Deploy coin_api:growth_apy to pg
-- The APY of an ERC-4626 vault that has no rate getter, from its share price: what one share
-- was worth at a block some days back and what it is worth now (convertToAssets of one share,
-- both in the asset's base units), over the seconds between the two blocks.

BEGIN;

-- (share_now / share_then) ^ (31536000 / seconds) - 1, compounded over a 365-day year as apy_of_rate is.
-- The ratio and the exponent go in with scale 40 so that power() carries the result past its
-- 30th decimal; power() is exact when the exponent is a whole number.
CREATE FUNCTION snapshot.apy_of_growth(share_now numeric, share_then numeric, seconds numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN trim_scale(round(power(share_now / share_then::numeric(80, 40), 31536000 / seconds::numeric(80, 40)) - 1, 30));
COMMENT ON FUNCTION snapshot.apy_of_growth(numeric, numeric, numeric) IS
  'APY, a decimal, of a share price that grew from share_then to share_now in seconds: (share_now / share_then) ^ (31536000 / seconds) - 1 to 30 decimals';

COMMIT;
