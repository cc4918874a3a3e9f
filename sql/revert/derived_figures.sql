-- Revert coin_api:derived_figures from pg

BEGIN;

DROP VIEW derived.chain_daily_change;
DROP VIEW derived.as_of;
DROP FUNCTION derived.position_state_at(timestamptz);
DROP FUNCTION derived.chain_figures_at(timestamptz);
DROP FUNCTION derived.chain_collateral_at(timestamptz);
DROP FUNCTION derived.vault_state_at(timestamptz);
DROP FUNCTION derived.chain_state_at(timestamptz);
DROP FUNCTION derived.weighted_mean(numeric, numeric);
DROP FUNCTION derived.epoch_ms(timestamptz);
DROP FUNCTION derived.utc8_text(timestamptz);
DROP FUNCTION derived.utc8_midnight(timestamptz);
DROP FUNCTION derived.utc8_floor(timestamptz, interval);

COMMIT;
