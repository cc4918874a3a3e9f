-- Revert coin_api:rows_without_figures from pg
-- The views as kept_points (6.13, vault-history) and api_protocol (6.12) made them.

BEGIN;

CREATE OR REPLACE VIEW api.collateral_history AS
SELECT chain, "interval", (kept || live)::json AS data, kept || live AS payload, kept_key, kept, live
  FROM (SELECT c.chain::text AS chain, w.name AS "interval",
               md5(format('%s %s %s %s %s', w.name, c.chain, g.generation, derived.epoch_ms(s.since),
                          n.chain IS NULL)) AS kept_key,
               (SELECT '{"items":[' || coalesce(string_agg(h.history_point, ',' ORDER BY h.at)
                                                || CASE WHEN n.chain IS NULL THEN '' ELSE ',' END, '')
                  -- the window's grid points strictly before the live point, the hourly and the
                  -- daily ones apart, so that the daily ones come from their index
                  FROM (SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                         WHERE w.step = interval '1 hour' AND h.chain = c.chain
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                        UNION ALL
                        SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                         WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.chain = c.chain
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                       ) AS h) AS kept,
               CASE WHEN n.chain IS NULL THEN '' ELSE json_build_object(  -- the live point
                      'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                      'collateralValue', trim_scale(n.collateral_value), 'debt', trim_scale(n.debt),
                      'mintedCOIN', trim_scale(n.minted), 'coinTotalSupply', trim_scale(n.coin_supply),
                      'totalSupplyValue', trim_scale(n.supply_value), 'earnTvl', trim_scale(n.earn_tvl),
                      'earnApy', trim_scale(n.earn_apy))::text END || ']}' AS live
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
         -- each chain's windows in turn, the order the view gives its rows in (the MCP
         -- resources list follows it): a subquery that names the chain comes after it
         CROSS JOIN LATERAL (SELECT * FROM derived.history_window WHERE c.chain IS NOT NULL OFFSET 0) AS w
         JOIN derived.chain_clock AS a ON a.chain = c.chain
         CROSS JOIN derived.kept_generation AS g
         CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
          -- the chain now: none before its first snapshot, and then no live point
          LEFT JOIN derived.chain_figures_at('infinity') AS n ON n.chain = c.chain AND n.taken_at IS NOT NULL
       ) AS k;
CREATE OR REPLACE VIEW api.vault_history AS
SELECT chain, "vaultType", "interval", (kept || live)::json AS data, kept || live AS payload, kept_key, kept, live
  FROM (SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval",
               md5(format('%s %s %s %s %s %s', w.name, v.vault_id, g.generation, derived.epoch_ms(s.since),
                          l.line, n.vault_id IS NULL)) AS kept_key,
               (SELECT '{"items":[' || coalesce(string_agg(h.history_point_head || l.line || h.history_point_tail,
                                                           ',' ORDER BY h.at)
                                                || CASE WHEN n.vault_id IS NULL THEN '' ELSE ',' END, '')
                  -- the window's grid points strictly before the live point, the hourly and the
                  -- daily ones apart, so that the daily ones come from their index
                  FROM (SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step = interval '1 hour' AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                        UNION ALL
                        SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                       ) AS h) AS kept,
               CASE WHEN n.vault_id IS NULL THEN '' ELSE json_build_object(  -- the live point
                      'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                      'mintedCOIN', trim_scale(n.minted), 'debt', trim_scale(n.debt),
                      'lockedValue', trim_scale(n.locked_value), 'collateralRatio', trim_scale(n.collateral_ratio),
                      'line', trim_scale(v.debt_ceiling)::text, 'apy', trim_scale(n.apy))::text END || ']}' AS live
          FROM snapshot.vault AS v
         CROSS JOIN derived.history_window AS w
         JOIN derived.chain_clock AS a ON a.chain = v.chain  -- read once for the window and the live point
         CROSS JOIN derived.kept_generation AS g
         -- the debt ceiling as the JSON string it is sent as
         CROSS JOIN LATERAL (SELECT to_json(trim_scale(v.debt_ceiling)::text)::text) AS l(line)
         CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
          -- the Vault now: none before its first state, and then no live point
          LEFT JOIN derived.vault_state_at('infinity') AS n
                 ON n.vault_id = v.vault_id AND n.taken_at IS NOT NULL AND a.taken_at IS NOT NULL
       ) AS k;
CREATE OR REPLACE VIEW api.latest_collateral AS
SELECT d.chain::text AS chain,
       json_build_object(
         'apy', trim_scale(d.earn_apy),
         'coinTotalSupply', trim_scale(d.coin_supply),
         'totalSupplyValue', trim_scale(d.supply_value),
         'totalSupplyValueDailyChange', trim_scale(d.supply_value_change),
         'totalCollateralValue', trim_scale(d.collateral_value),
         'totalCollateralValueDailyChange', trim_scale(d.collateral_value_change),
         'earnTvl', trim_scale(d.earn_tvl),
         'earnTvlDailyChange', trim_scale(d.earn_tvl_change),
         'items', (SELECT coalesce(json_agg(json_build_object(
                            'vaultType', v.vault_type,
                            'chain', v.chain,
                            'collateralType', v.collateral_type,
                            'contractAddress', v.contract_address,
                            'mintedCOIN', trim_scale(v.minted),
                            'debt', trim_scale(v.debt),
                            'lockedValue', trim_scale(v.locked_value),
                            'collateralRatio', trim_scale(v.collateral_ratio),
                            'minCollateralRatio', trim_scale(v.min_collateral_ratio)::text,
                            'stabilityFee', trim_scale(v.stability_fee)::text,
                            'line', trim_scale(v.debt_ceiling)::text,
                            'apy', trim_scale(v.apy),
                            'estimatedAnnualEarnings', trim_scale(v.estimated_annual_earnings),
                            'psmFee', trim_scale(v.psm_fee)::text)
                          ORDER BY v.collateral_type, v.vault_id), '[]')
                     FROM derived.vault_state_at('infinity') AS v
                    WHERE v.chain = d.chain)) AS data
  FROM derived.chain_daily_change AS d;

COMMIT;
