-- The indexer's conversions (chain_units) against values worked out outside PostgreSQL, with
-- Python's decimal module at 300 digits: (rate / 1e27) ^ 31536000 - 1 rounded half up to 30
-- decimals, and the dss price arithmetic with integer division.
BEGIN;

SELECT plan(14);

-- descale: exact, every digit kept, trailing zeros dropped.
SELECT is(snapshot.descale(1500000, 6)::text, '1.5', 'descale: 1500000 at 6 decimals (USDT) is 1.5');
SELECT is(snapshot.descale(1000000000000000000, 18)::text, '1', 'descale: one wad is 1');
SELECT is(snapshot.descale(0, 18)::text, '0', 'descale: zero');
SELECT is(snapshot.descale(1, 45)::text, '0.000000000000000000000000000000000000000000001',
          'descale: one unit of a rad');
SELECT is(snapshot.descale(115792089237316195423570985008687907853269984665640564039457584007913129639935, 18)::text,
          '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
          'descale: 2^256 - 1 at 18 decimals, every digit');

-- apy_of_rate: the per-second rate compounded over 31536000 seconds, 29 significant digits.
SELECT is(snapshot.apy_of_rate(1000000001243680656318820312)::text, '0.039999999999999999955492083946',
          'apy_of_rate: dss''s 4% rate (1.000000001243680656318820312) to 30 decimals');
SELECT is(snapshot.apy_of_rate(1000000000627937192491029810)::text, '0.019999999999999999967999501318',
          'apy_of_rate: dss''s 2% rate');
SELECT is(snapshot.apy_of_rate(1000000000000000000000000001)::text, '0.000000000000000000031536',
          'apy_of_rate: one wei of a ray above 1');
SELECT is(snapshot.apy_of_rate(1e27)::text, '0', 'apy_of_rate: a rate of exactly one ray pays nothing');

-- apy_of_annual_rate: 5% a year (Aave's ray) is 1585489599188229325.2156... per second, rounded.
SELECT is(snapshot.apy_of_annual_rate(50000000000000000000000000)::text, '0.051271096334354555004454362025',
          'apy_of_annual_rate: 5% APR compounded every second');
SELECT is(snapshot.apy_of_annual_rate(0)::text, '0', 'apy_of_annual_rate: zero');

-- price_of_spot: spot = 2500.5e27 * 1e27 / par * 1e27 / mat, back to the price.
SELECT is(snapshot.price_of_spot(1667000000000000000000000000000, 1500000000000000000000000000,
                                 1000000000000000000000000000)::text, '2500.5',
          'price_of_spot: 2500.5 USD at mat 1.5, par 1 (spot divides evenly)');
SELECT is(snapshot.price_of_spot(2068965517241379310344827586206, 1450000000000000000000000000,
                                 1000000000000000000000000000)::text, '3000',
          'price_of_spot: 3000 USD at mat 1.45: spot''s truncation (2999.99...9987) rounds away at 18 decimals');
SELECT is(snapshot.price_of_spot(1000000000000000000000000000, 1000000000000000000000000000,
                                 1010000000000000000000000000)::text, '1.01',
          'price_of_spot: par 1.01 scales the price');

SELECT * FROM finish();
ROLLBACK;
