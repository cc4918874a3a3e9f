-- Verify coin_api:live_snapshot on pg

SELECT chain, taken_at FROM snapshot.live_snapshot WHERE false;
