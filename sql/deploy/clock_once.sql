-- Deploy coin_api:clock_once to pg
-- Each chain's clock read once per chain in a statement. history_points wrote derived.chain_clock
-- as a scalar subquery in its select list, which the planner pulls up into the statement that
-- joins the view: every reference to taken_at there became a subquery of its own, run per row.
-- vault-history refers to it three times (its window, its key, its live point), so a set read
-- the chain's newest chain_state some hundred times for its 32 answers of a chain (0.5 ms of the
-- statement's 1.1 at the benchmark's scale). An aggregate in a lateral subquery is not pulled up:
-- it is one row per chain, read once, and a statement that does not use taken_at leaves it out.

BEGIN;

CREATE OR REPLACE VIEW derived.chain_clock AS
SELECT c.chain, m.taken_at
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
  LEFT JOIN LATERAL (SELECT max(s.taken_at) AS taken_at FROM snapshot.chain_state AS s WHERE s.chain = c.chain) AS m
         ON true;

COMMIT;
