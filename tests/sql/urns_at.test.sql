-- derived.read_then and derived.urn_then on the hand-worked fixture: which events a round had
-- read by a past time, and the urns as they stood then. (The chain test
-- Auctions.EveryRiskAnswerAtARoundsTimeIsThatRoundsAnswer asks 6.16 to 6.22 at each round of a
-- liquidation against what they answered then.)
--
-- By hand, from fixture.sql (times UTC+8), at 2026-05-13 08:00 (1778630400000 ms):
--   eth's newest round then  07:55, read at block 22480012: an event at it read, at 22480013 not
--   tron's newest round then 08:00, read at latest: an event of 08:00:00 read, of 08:00:01 not
--   bsc's newest round then  07:50, at block 48123456
BEGIN;
\ir fixture.sql

SELECT plan(9);

SELECT ok(derived.read_then('eth', 99999999, now()), 'unbounded: every event');
SELECT is((SELECT count(*) FROM derived.urn_then), (SELECT count(*) FROM snapshot.urn),
          'unbounded: urn_then is snapshot.urn');

SELECT is(api.answer_at(1778630400000), false, 'bounded to 05-13 08:00');
SELECT ok(derived.read_then('eth', 22480012, '2000-01-01'), 'eth: an event at the block its round read: read');
SELECT ok(NOT derived.read_then('eth', 22480013, '2000-01-01'), 'eth: a block later: not yet');
SELECT ok(derived.read_then('tron', 1, '2026-05-13 08:00+08'), 'tron, read at latest: an event at its round''s time: read');
SELECT ok(NOT derived.read_then('tron', 1, '2026-05-13 08:00:01+08'), 'tron: a second later: not yet');
SELECT ok(derived.read_then('bsc', 48123456, '2000-01-01') AND NOT derived.read_then('bsc', 48123457, '2000-01-01'),
          'bsc: up to its round''s block');
SELECT is((SELECT count(*) FROM derived.urn_then),
          (SELECT count(DISTINCT s.urn_id) FROM snapshot.urn_state AS s WHERE s.taken_at <= '2026-05-13 08:00+08'),
          'bounded: the urns with a state then');

SELECT * FROM finish();
ROLLBACK;
