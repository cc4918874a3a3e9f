-- snapshot.apy_of_growth against values worked out with Python's decimal module at 400 digits,
-- rounded half up to 30 decimals.
BEGIN;

SELECT plan(4);

SELECT is(snapshot.apy_of_growth(1050000, 1000000, 31536000)::text, '0.05',
          'apy_of_growth: 5% over exactly a year is 5%');
-- 1.001 a share over 5 days: 73 such periods a year, 1.001 ^ 73 - 1.
SELECT is(snapshot.apy_of_growth(1001000000000000000, 1000000000000000000, 432000)::text,
          '0.075691299622207340444972371956', 'apy_of_growth: 0.1% in 5 days compounds 73 times');
SELECT is(snapshot.apy_of_growth(1000000, 1000000, 604800)::text, '0', 'apy_of_growth: no growth, no yield');
-- 1.0001 in 7 days: 1.0001 ^ (31536000 / 604800) - 1, a fractional exponent (52.142857...).
SELECT is(snapshot.apy_of_growth(10001, 10000, 604800)::text, '0.005227641701444575206120254414',
          'apy_of_growth: 0.01% in 7 days, a fractional number of periods');

SELECT * FROM finish();
ROLLBACK;
