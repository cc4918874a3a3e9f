-- Verify coin_api:history_points on pg

SELECT derived.window_since('2026-05-13 00:00+08', interval '1 hour', 168),
       derived.point_head('2026-05-13 00:00+08', false);
SELECT chain, taken_at FROM derived.chain_clock WHERE false;
