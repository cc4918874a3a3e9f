-- Verify coin_api:snapshot_tables on pg

SELECT chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
  FROM snapshot.chain_state WHERE false;
SELECT vault_id, chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
       stability_fee, debt_ceiling, dust, psm_fee
  FROM snapshot.vault WHERE false;
SELECT vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings
  FROM snapshot.vault_state WHERE false;
SELECT position_id, platform, chain, gem_symbol, operator_address, strategy, tag
  FROM snapshot.allocator_position WHERE false;
SELECT position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings
  FROM snapshot.allocator_position_state WHERE false;
SELECT 1 / snapshot.is_address('eth', '0x' || repeat('a', 40))::int;
