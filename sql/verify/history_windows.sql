-- Verify coin_api:history_windows on pg

SELECT name, step, points FROM derived.history_window WHERE false;
SELECT 1 / (count(*) = 4)::int FROM derived.history_window;
