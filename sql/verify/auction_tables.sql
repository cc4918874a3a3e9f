-- Verify coin_api:auction_tables on pg

SELECT chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn, collateral, art, due,
       clipper, sale_id
  FROM snapshot.bark WHERE false;
SELECT chain, block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id, kind, price, max_price,
       owe, tab, lot, keeper, incentive
  FROM snapshot.clip_event WHERE false;
SELECT chain, clipper, sale_id, taken_at, price, lot, tab, needs_redo FROM snapshot.auction_status WHERE false;
