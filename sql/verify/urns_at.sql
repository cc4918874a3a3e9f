-- Verify coin_api:urns_at on pg

SELECT urn_id, ink, art, art_per_ink, changed_block FROM derived.urn_then WHERE false;
SELECT 1 / count(*)::int FROM pg_proc WHERE oid = 'derived.read_then(snapshot.chain, bigint, timestamptz)'::regprocedure;
