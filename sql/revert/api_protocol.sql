-- Revert coin_api:api_protocol from pg
-- Back to @v0.1, whose histories compute every point per request: its revert drops the views,
-- derived.daily_midnight (as derived_figures made it) comes back, and its deploy creates the
-- views as they were.

\ir api_protocol@v0.1.sql

BEGIN;
CREATE VIEW derived.daily_midnight AS
SELECT m AS midnight
  FROM (SELECT min(first.taken_at) AS first  -- each chain's first, by its primary key
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain),
               LATERAL (SELECT taken_at FROM snapshot.chain_state AS cs
                         WHERE cs.chain = c.chain ORDER BY cs.taken_at LIMIT 1) AS first) AS f,
       derived.as_of AS a,
       -- the first midnight at or after the first snapshot, then one a day up to today's
       generate_series(derived.utc8_midnight(f.first + interval '24 hours' - interval '1 microsecond'),
                       a.midnight, interval '24 hours') AS m;
COMMENT ON VIEW derived.daily_midnight IS
  'The daily snapshot times of the long histories (6.8-6.10): every 00:00 UTC+8 from the first at '
  'or after the first chain snapshot up to today''s, ascending';
COMMIT;

\ir ../deploy/api_protocol@v0.1.sql
