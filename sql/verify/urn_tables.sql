-- Verify coin_api:urn_tables on pg

SELECT urn_id, vault_id, address, cdp_id, owner, ink, art, art_per_ink, changed_block, changed_time
  FROM snapshot.urn WHERE false;
SELECT urn_id, block_number, log_index, block_hash, block_time, tx_hash, kind, dink, dart
  FROM snapshot.urn_event WHERE false;
SELECT urn_id, taken_at, ink, art, block_number FROM snapshot.urn_state WHERE false;
SELECT vault_id, taken_at, rate, price, next_price, par FROM snapshot.vault_price WHERE false;
SELECT chain, first_block, last_block FROM snapshot.urn_log_range WHERE false;
