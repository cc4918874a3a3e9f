-- Deploy coin_api:history_windows to pg
-- The windows of a history's interval parameter (6.13, and vault-history's, which has the same):
-- each window's name, the step between its points and how many grid points it holds before the
-- live point. Both histories (api.collateral_history in api_protocol, api.vault_history in
-- vault_history) read them here. A view, not a function: the api views read it with their
-- owner's rights, so coin_api needs no grant on it.

BEGIN;

CREATE VIEW derived.history_window(name, step, points) AS
VALUES ('WEEKLY',   interval '1 hour',   168),  -- 7 days of hourly points
       ('MONTHLY',  interval '24 hours', 30),   -- then daily points at 00:00 UTC+8
       ('BIANNUAL', interval '24 hours', 182),
       ('ANNUAL',   interval '24 hours', 365);
COMMENT ON VIEW derived.history_window IS
  'The windows of a history''s interval parameter (6.13): one row per window';
COMMENT ON COLUMN derived.history_window.name IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN derived.history_window.step IS
  'The time between two points: 1 hour (every hour of the grid), or 24 hours (the daily points at 00:00 UTC+8)';
COMMENT ON COLUMN derived.history_window.points IS 'How many grid points the window holds before the live point';

COMMIT;
