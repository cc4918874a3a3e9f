-- Demo data for coin-api: replaces everything in the snapshot tables with a made-up but plausible
-- history of the protocol, from its launch up to now():
--   * an hourly snapshot for the whole history, plus 5-minute snapshots for the last fine_days days;
--   * per chain (tron, eth, bsc): COIN and sCOIN supplies growing from tens of millions to hundreds
--     of millions, COIN at ~1 USD, sCOIN price accruing the savings rate, the savings APY (29 significant digits);
--   * regular, PSM and Smart Allocator Vaults per chain, with their minted COIN, debt and collateral;
--   * Smart Allocator positions on DeFi platforms (also on plasma), with holdings and earnings.
-- Deterministic: no random(); every value is a smooth function (growth plus sin waves) of the
-- snapshot time and per-entity constants, so a row at a given taken_at is the same on every run.
-- Load it as one transaction:  psql -X -v ON_ERROR_STOP=1 -1 -f sql/demo/generate.sql
-- Two psql variables shape it: launch (default 2025-01-25 00:00 UTC) and fine_days (default 8).
-- The benchmark database (make bench-data) is this with launch 3 years ago and 5-minute
-- snapshots throughout.
\if :{?launch} \else \set launch '2025-01-25 00:00+00' \endif
\if :{?fine_days} \else \set fine_days 8 \endif

SET LOCAL work_mem = '256MB';

-- Start from empty tables, identities back at 1, so a second run makes the same rows again.
TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
         snapshot.allocator_position_state, snapshot.allocator_position,
         snapshot.vault_state, snapshot.vault, snapshot.chain_state
         RESTART IDENTITY;

-- A deterministic, varied address of the form a chain expects, from a seed text:
-- TRON: T + 33 Base58 characters picked by md5 bytes; everything else: 0x + 40 hex digits.
CREATE OR REPLACE FUNCTION pg_temp.demo_address(chain text, seed text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN CASE chain
         WHEN 'tron' THEN 'T' || (
           SELECT string_agg(substr('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
                                    get_byte(decode(md5(seed) || md5(seed || '#') || md5(seed || '##'), 'hex'), i) % 58 + 1, 1),
                             '' ORDER BY i)
             FROM generate_series(0, 32) AS i)
         ELSE '0x' || substr(md5(seed) || md5(seed || '#'), 1, 40)
       END;

-- The snapshot times, shared by every state table: each hour since launch, and every 5 minutes
-- of the last fine_days days (UNION drops the hours that are also on the 5-minute grid).
-- d = days since launch, the variable of every formula below.
CREATE TEMP TABLE demo_launch AS SELECT timestamptz :'launch' AS launch,
                                        greatest(timestamptz :'launch', now() - :'fine_days' * interval '1 day') AS fine_since;
CREATE TEMP TABLE demo_time AS
SELECT t AS taken_at, ((extract(epoch FROM t) - extract(epoch FROM l.launch)) / 86400)::float8 AS d
  FROM demo_launch AS l,
       LATERAL (SELECT generate_series(l.launch, now(), interval '1 hour')
                UNION
                SELECT g
                  FROM generate_series(date_bin(interval '5 minutes', l.fine_since, l.launch),
                                       now(), interval '5 minutes') AS g
                 WHERE g >= l.fine_since) AS s(t);
ANALYZE demo_time;

-- Chains: supplies grow from launch (coin0, scoin0) to their size on day 666 = 2026-11-22 (coin1,
-- scoin1), with slow and intraday wobbles. The savings module pays a continuous rate
-- rate(d) = rate0 + 0.004 sin(2 pi d/97 + k) + 0.0012 sin(2 pi d/23 + 2k) a year; the sCOIN price
-- is exp(integral of rate / 365), written out in closed form, so it is 1 at launch. k varies the
-- phases per chain.
-- The APY is what the chain reports: a per-second rate rounded to a ray (27 decimals), compounded
-- over a year of seconds, kept to 30 decimals: 29 significant digits, the spec's most. The base is
-- cast to scale 33 so that power() works past the 30th decimal.
-- (They go into snapshot.chain_state last, after the Vault states that are derived from them:
-- the chain snapshots are what brings derived.hourly_figures up to date, in one pass.)
CREATE TEMP TABLE demo_chain AS
SELECT chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy,
       round(scoin_supply * scoin_price, 6) AS earn_tvl
  FROM (
    SELECT p.chain, t.taken_at,
           round(((p.coin0 + (p.coin1 - p.coin0) * power(t.d / 666, 1.2))
                  * (1 + 0.035 * sin(2 * pi() * t.d / 41 + p.k)
                       + 0.012 * sin(2 * pi() * t.d / 11.3 + 3 * p.k)
                       + 0.002 * sin(2 * pi() * t.d / 0.77 + p.k)))::numeric, 6) AS coin_supply,
           round(((p.scoin0 + (p.scoin1 - p.scoin0) * power(t.d / 666, 1.1))
                  * (1 + 0.04 * sin(2 * pi() * t.d / 53 + 2 * p.k)
                       + 0.01 * sin(2 * pi() * t.d / 7.9 + p.k)
                       + 0.0015 * sin(2 * pi() * t.d / 0.63 + 3 * p.k)))::numeric, 6) AS scoin_supply,
           round((1 + 0.00022 * sin(2 * pi() * t.d / 5.3 + p.k)
                    + 0.00008 * sin(2 * pi() * t.d / 0.37 + 2 * p.k))::numeric, 8) AS coin_price,
           round(exp((p.rate0 * t.d
                      + 0.004 * 97 / (2 * pi()) * (cos(p.k) - cos(2 * pi() * t.d / 97 + p.k))
                      + 0.0012 * 23 / (2 * pi()) * (cos(2 * p.k) - cos(2 * pi() * t.d / 23 + 2 * p.k)))
                     / 365)::numeric, 14) AS scoin_price,
           round(power(1 + round(((p.rate0 + 0.004 * sin(2 * pi() * t.d / 97 + p.k)
                                           + 0.0012 * sin(2 * pi() * t.d / 23 + 2 * p.k))
                                  / 31536000)::numeric, 27)::numeric(40, 33),
                       31536000) - 1, 30) AS earn_apy
      FROM (VALUES ('tron'::snapshot.chain, 30e6::float8, 420e6::float8, 2e6::float8, 120e6::float8, 0.0360::float8, 1),
                   ('eth',                  10e6,         150e6,         1e6,         70e6,          0.0355,         2),
                   ('bsc',                   2e6,          40e6,         0.2e6,       20e6,          0.0365,         3)
           ) AS p(chain, coin0, coin1, scoin0, scoin1, rate0, k)
     CROSS JOIN demo_time AS t
  ) AS s;

-- Vaults. weight = the Vault's share of its chain's COIN + sCOIN (the debt backs the supply; the
-- weights of a chain add up to 1); cr0 = the mean collateral ratio of a regular Vault, kept well
-- above its min_collateral_ratio. collateral_type 1 = regular, 2 = PSM, 3 = Smart Allocator.
CREATE TEMP TABLE demo_vault AS
SELECT k, chain::snapshot.chain AS chain, vault_type, collateral_type, min_collateral_ratio,
       stability_fee, debt_ceiling, dust, psm_fee, weight, cr0
  FROM (VALUES
  -- k  chain   vault_type    type mcr    fee     ceiling   dust   psm_fee         weight cr0
    ( 1, 'tron', 'TRX-A',        1, 1.50,  0.020,  250e6,    100,  NULL::numeric,  0.27,  2.40),
    ( 2, 'tron', 'TRX-B',        1, 1.30,  0.035,  100e6,    500,  NULL,           0.10,  2.05),
    ( 3, 'tron', 'TRX-C',        1, 1.75,  0.010,   50e6,  15000,  NULL,           0.05,  2.70),
    ( 4, 'tron', 'STRX-A',       1, 1.60,  0.025,   80e6,   1000,  NULL,           0.08,  2.35),
    ( 5, 'tron', 'USDT-A',       1, 1.30,  0.005,   40e6,    100,  NULL,           0.04,  2.10),
    ( 6, 'tron', 'PSM-USDT-A',   2, 1.00,  0,      300e6,      0,  0,              0.25,  1),
    ( 7, 'tron', 'PSM-USDC-A',   2, 1.00,  0,       50e6,      0,  0.001,          0.04,  1),
    ( 8, 'tron', 'SA-USDT-A',    3, 1.00,  0,      150e6,      0,  NULL,           0.17,  1),
    ( 9, 'eth',  'WBTC-A',       1, 1.45,  0.030,  100e6,  10000,  NULL,           0.22,  2.50),
    (10, 'eth',  'WBTC-B',       1, 1.30,  0.040,   40e6,  15000,  NULL,           0.08,  2.05),
    (11, 'eth',  'USDT-A',       1, 1.30,  0.005,   25e6,   5000,  NULL,           0.05,  2.10),
    (12, 'eth',  'PSM-USDT-A',   2, 1.00,  0,      120e6,      0,  0,              0.25,  1),
    (13, 'eth',  'PSM-USDC-A',   2, 1.00,  0,      100e6,      0,  0.001,          0.18,  1),
    (14, 'eth',  'SA-USDT-A',    3, 1.00,  0,      100e6,      0,  NULL,           0.22,  1),
    (15, 'bsc',  'USDT-A',       1, 1.30,  0.005,   15e6,    100,  NULL,           0.10,  2.10),
    (16, 'bsc',  'PSM-USDT-A',   2, 1.00,  0,       60e6,      0,  0,              0.42,  1),
    (17, 'bsc',  'PSM-USDC-A',   2, 1.00,  0,       40e6,      0,  0.001,          0.23,  1),
    (18, 'bsc',  'SA-USDT-A',    3, 1.00,  0,       40e6,      0,  NULL,           0.25,  1)
  ) AS v(k, chain, vault_type, collateral_type, min_collateral_ratio, stability_fee,
         debt_ceiling, dust, psm_fee, weight, cr0);

INSERT INTO snapshot.vault
       (chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
        stability_fee, debt_ceiling, dust, psm_fee)
SELECT chain, vault_type, collateral_type,
       pg_temp.demo_address(chain::text, 'coin-demo vault ' || chain || ' ' || vault_type),
       min_collateral_ratio, stability_fee, debt_ceiling, dust, psm_fee
  FROM demo_vault
 ORDER BY k;

-- Vault states at every snapshot time. debt = the Vault's share of the chain's COIN + sCOIN value,
-- wobbling +-11%; minted = debt without the stability fees accrued over the loans' mean age
-- (up to 90 days). locked_value: collateral ratio cr0 +- 0.24 for regular Vaults, ~1 for PSMs,
-- slightly above 1 for allocator Vaults (their yield), which also have an APY and its earnings.
INSERT INTO snapshot.vault_state
       (vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings)
SELECT vault_id, taken_at,
       CASE WHEN stability_fee = 0 THEN debt
            ELSE round(debt / (1 + stability_fee * 90 * (1 - exp(-d / 90)) / 365)::numeric(30, 18), 18)
       END AS minted,
       debt, locked_value, apy,
       round(locked_value * apy, 6) AS estimated_annual_earnings
  FROM (
    SELECT vault_id, taken_at, d, stability_fee, debt, apy,
           round((debt::float8 * CASE collateral_type
                                   WHEN 1 THEN cr0 + 0.2 * sin(2 * pi() * d / (17 + 2 * k) + k)
                                                   + 0.04 * sin(2 * pi() * d / 0.9 + 2 * k)
                                   WHEN 2 THEN 1 + 0.0003 * sin(2 * pi() * d / 3.1 + k)
                                   ELSE 1.004 + 0.002 * sin(2 * pi() * d / 13 + k)
                                 END)::numeric, 6) AS locked_value
      FROM (
        SELECT v.vault_id, t.taken_at, t.d, p.k, p.collateral_type, p.stability_fee,
               p.cr0::float8 AS cr0,
               round(((c.coin_supply + c.scoin_supply * c.scoin_price)::float8 * p.weight::float8
                      * (1 + 0.1 * sin(2 * pi() * t.d / (29 + 3 * p.k) + 2.4 * p.k)
                           + 0.01 * sin(2 * pi() * t.d / 1.7 + p.k)))::numeric, 6) AS debt,
               CASE WHEN p.collateral_type = 3
                    THEN round((0.045 + 0.006 * sin(2 * pi() * t.d / 60 + p.k)
                                      + 0.0015 * sin(2 * pi() * t.d / 4.3 + 2 * p.k))::numeric, 16)
               END AS apy
          FROM demo_vault AS p
          JOIN snapshot.vault AS v USING (chain, vault_type)
          JOIN demo_chain AS c ON c.chain = p.chain
          JOIN demo_time AS t ON t.taken_at = c.taken_at
      ) AS x
  ) AS y;

INSERT INTO snapshot.chain_state
       (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
SELECT chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
  FROM demo_chain;

-- Smart Allocator positions; the holdings add up to about the allocator Vaults' debt.
-- A position exists from opened_at = launch + opens_after on. hmax = its eventual size in USD,
-- reached with time constant tau days from 15% at opening; apy0 = its mean APY; share = the part of the holding that earns it.
CREATE TEMP TABLE demo_position AS
SELECT p.*, l.launch + p.opens_after AS opened_at FROM demo_launch AS l, (VALUES
  -- k  platform    chain     gem     strategy      tag           opens_after                   hmax           tau  apy0    share
    ( 1, 'JustLend', 'tron',   'USDT', 'Investment', '',           interval '7 days',            25e6::float8,  30,  0.041,  1.00),
    ( 2, 'Aave',     'eth',    'USDT', 'Investment', NULL,         interval '30 days',           30e6,          45,  0.048,  1.00),
    ( 3, 'Venus',    'bsc',    'USDT', 'Investment', NULL,         interval '20 days 8 hours',    6e6,          30,  0.052,  1.00),
    ( 4, 'Aave',     'eth',    'USDC', 'Investment', '',           interval '45 days',           20e6,          40,  0.046,  1.00),
    ( 5, 'Compound', 'eth',    'USDC', 'Investment', NULL,         interval '60 days 12 hours',  12e6,          50,  0.043,  0.95),
    ( 6, 'Venus',    'bsc',    'USDC', 'Liquidity',  NULL,         interval '90 days',            3e6,          30,  0.039,  0.90),
    ( 7, 'Morpho',   'eth',    'USDC', 'Investment', 'Steakhouse', interval '120 days',          18e6,          60,  0.058,  1.00),
    ( 8, 'Morpho',   'eth',    'USDT', 'Investment', 'Gauntlet',   interval '150 days',          10e6,          60,  0.061,  1.00),
    ( 9, 'Spark',    'eth',    'USDC', 'Investment', '',           interval '200 days',           8e6,          30,  0.047,  1.00),
    (10, 'Aave',     'plasma', 'USDT', 'Investment', NULL,         interval '244 days',          15e6,          20,  0.055,  1.00),
    (11, 'Fluid',    'plasma', 'USDT', 'Investment', '',           interval '260 days 6 hours',   6e6,          25,  0.063,  0.97),
    (12, 'Fluid',    'eth',    'USDC', 'Investment', NULL,         interval '300 days',           5e6,          30,  0.051,  1.00),
    (13, 'Morpho',   'eth',    'USDe', 'Investment', 'Gauntlet',   interval '399 days',           4e6,          40,  0.072,  1.00)
  ) AS p(k, platform, chain, gem_symbol, strategy, tag, opens_after, hmax, tau, apy0, share);

INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy, tag)
SELECT platform, chain, gem_symbol,
       pg_temp.demo_address(chain, 'coin-demo operator ' || platform || ' ' || chain),
       strategy, tag
  FROM demo_position
 ORDER BY k;

-- Position states from each position's opening on. holding_amount ramps to hmax and wobbles;
-- actual_earnings is apy0 times the integral of the (unwobbled) holding, so it only grows.
INSERT INTO snapshot.allocator_position_state
       (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
SELECT position_id, taken_at, holding_amount,
       round(holding_amount * share, 6) AS apy_holding_amount,
       apy, actual_earnings
  FROM (
    SELECT a.position_id, t.taken_at, p.share,
           round((p.hmax * (0.15 + 0.85 * (1 - exp(-age.days / p.tau)))
                  * (1 + 0.05 * sin(2 * pi() * t.d / (19 + 3 * p.k) + p.k)
                       + 0.008 * sin(2 * pi() * t.d / 1.1 + 2 * p.k)))::numeric, 6) AS holding_amount,
           round((p.apy0 + 0.007 * sin(2 * pi() * t.d / (29 + 5 * p.k) + p.k)
                         + 0.0015 * sin(2 * pi() * t.d / 2.3 + 3 * p.k))::numeric, 16) AS apy,
           round((p.apy0 * p.hmax / 365
                  * (age.days - 0.85 * p.tau * (1 - exp(-age.days / p.tau))))::numeric, 6) AS actual_earnings
      FROM demo_position AS p
      JOIN snapshot.allocator_position AS a USING (platform, chain, gem_symbol)
      JOIN demo_time AS t ON t.taken_at >= p.opened_at
     CROSS JOIN LATERAL (SELECT extract(epoch FROM t.taken_at - p.opened_at)::float8 / 86400) AS age(days)
  ) AS s;

DROP TABLE demo_launch, demo_time, demo_chain, demo_vault, demo_position;
DROP FUNCTION pg_temp.demo_address(text, text);

ANALYZE snapshot.chain_state, snapshot.vault, snapshot.vault_state,
        snapshot.allocator_position, snapshot.allocator_position_state;
