-- Revert coin_api:clock_once from pg

BEGIN;

CREATE OR REPLACE VIEW derived.chain_clock AS
SELECT c.chain, (SELECT max(s.taken_at) FROM snapshot.chain_state AS s WHERE s.chain = c.chain) AS taken_at
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain);

COMMIT;
