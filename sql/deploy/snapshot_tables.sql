-- Deploy coin_api:snapshot_tables to pg
-- What the indexer observes, at the time it observed it (taken_at). Every amount and rate is
-- an unconstrained NUMERIC, so no digit the chain reported is ever lost.

BEGIN;

-- The chains the protocol is deployed on; the enum's order is the spec's order [tron, eth, bsc].
CREATE TYPE snapshot.chain AS ENUM ('tron', 'eth', 'bsc');
COMMENT ON TYPE snapshot.chain IS 'A chain the protocol is deployed on, in the fixed order of the spec''s 3-element arrays';

-- TRON addresses are Base58Check starting with T; every other chain here (the EVM ones and
-- plasma) uses 0x and 40 hex digits.
CREATE FUNCTION snapshot.is_address(chain text, address text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE chain
         WHEN 'tron' THEN address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'
         ELSE address ~ '^0x[0-9a-fA-F]{40}$'
       END;
COMMENT ON FUNCTION snapshot.is_address(text, text) IS 'True when address has the form of an address on chain';

CREATE TABLE snapshot.chain_state (
  chain        snapshot.chain NOT NULL,
  taken_at     timestamptz    NOT NULL,
  coin_supply  numeric        NOT NULL CHECK (coin_supply >= 0),
  scoin_supply numeric        NOT NULL CHECK (scoin_supply >= 0),
  coin_price   numeric        NOT NULL CHECK (coin_price >= 0),
  scoin_price  numeric        NOT NULL CHECK (scoin_price >= 0),
  earn_apy     numeric        NOT NULL,
  earn_tvl     numeric        NOT NULL CHECK (earn_tvl >= 0),
  PRIMARY KEY (chain, taken_at)
);
COMMENT ON TABLE snapshot.chain_state IS 'Token supplies, prices and the savings (Earn/DSR) module of one chain at one time';
COMMENT ON COLUMN snapshot.chain_state.taken_at IS 'When the indexer read the chain';
COMMENT ON COLUMN snapshot.chain_state.coin_supply IS 'COIN in circulation, de-scaled; staked COIN (held as sCOIN) is not counted';
COMMENT ON COLUMN snapshot.chain_state.scoin_supply IS 'sCOIN supply, de-scaled';
COMMENT ON COLUMN snapshot.chain_state.coin_price IS 'USD per COIN';
COMMENT ON COLUMN snapshot.chain_state.scoin_price IS 'USD per sCOIN (grows as the savings rate accrues)';
COMMENT ON COLUMN snapshot.chain_state.earn_apy IS 'Savings (Earn/DSR) APY as a decimal: 0.045 = 4.5%';
COMMENT ON COLUMN snapshot.chain_state.earn_tvl IS 'USD locked in the savings (Earn/DSR) module; 0 where it is not deployed';

CREATE TABLE snapshot.vault (
  vault_id             integer        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain                snapshot.chain NOT NULL,
  vault_type           text           NOT NULL CHECK (vault_type ~ '^[A-Z0-9][A-Z0-9-]*$'),
  collateral_type      smallint       NOT NULL CHECK (collateral_type IN (1, 2, 3)),
  contract_address     text           NOT NULL CHECK (snapshot.is_address(chain::text, contract_address)),
  min_collateral_ratio numeric        NOT NULL CHECK (min_collateral_ratio >= 0),
  stability_fee        numeric        NOT NULL CHECK (stability_fee >= 0),
  debt_ceiling         numeric        NOT NULL CHECK (debt_ceiling >= 0),
  dust                 numeric        NOT NULL CHECK (dust >= 0),
  psm_fee              numeric        CHECK (psm_fee >= 0),
  UNIQUE (chain, vault_type),
  CHECK ((collateral_type = 2) = (psm_fee IS NOT NULL))
);
COMMENT ON TABLE snapshot.vault IS 'Contract-level configuration of a Vault on one chain, as last read by the indexer';
COMMENT ON COLUMN snapshot.vault.vault_type IS 'The Vault''s identifier (ilk), e.g. TRX-A, PSM-USDT-A, SA-USDT-A';
COMMENT ON COLUMN snapshot.vault.collateral_type IS '1 = regular Vault, 2 = PSM, 3 = Smart Allocator';
COMMENT ON COLUMN snapshot.vault.contract_address IS 'The Vault''s contract: TRON Base58 or EVM hex';
COMMENT ON COLUMN snapshot.vault.min_collateral_ratio IS 'Liquidation ratio, a multiple: 1.5 = 150%';
COMMENT ON COLUMN snapshot.vault.stability_fee IS 'Annual stability fee as a decimal: 0.005 = 0.5%';
COMMENT ON COLUMN snapshot.vault.debt_ceiling IS 'Most COIN the Vault type may mint (line, maxMinted)';
COMMENT ON COLUMN snapshot.vault.dust IS 'Least COIN one Vault must mint (debt floor)';
COMMENT ON COLUMN snapshot.vault.psm_fee IS 'PSM swap fee as a decimal; set on PSM Vaults (type 2) only';

CREATE TABLE snapshot.vault_state (
  vault_id                  integer     NOT NULL REFERENCES snapshot.vault,
  taken_at                  timestamptz NOT NULL,
  minted                    numeric     NOT NULL CHECK (minted >= 0),
  debt                      numeric     NOT NULL CHECK (debt >= 0),
  locked_value              numeric     NOT NULL CHECK (locked_value >= 0),
  apy                       numeric,
  estimated_annual_earnings numeric,
  PRIMARY KEY (vault_id, taken_at)
);
COMMENT ON TABLE snapshot.vault_state IS 'What one Vault held at one time';
COMMENT ON COLUMN snapshot.vault_state.minted IS 'COIN minted by the Vault (principal, without fees)';
COMMENT ON COLUMN snapshot.vault_state.debt IS 'COIN owed to the Vault: minted plus accrued stability fees';
COMMENT ON COLUMN snapshot.vault_state.locked_value IS 'USD value of the collateral locked in the Vault';
COMMENT ON COLUMN snapshot.vault_state.apy IS 'Decimal APY the Vault earns; null for regular Vaults';
COMMENT ON COLUMN snapshot.vault_state.estimated_annual_earnings IS 'USD the Vault is expected to earn in a year; null where not applicable';

CREATE TABLE snapshot.allocator_position (
  position_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform         text    NOT NULL CHECK (platform <> ''),
  chain            text    NOT NULL CHECK (chain ~ '^[a-z][a-z0-9]*$'),
  gem_symbol       text    NOT NULL CHECK (gem_symbol <> ''),
  operator_address text    NOT NULL CHECK (snapshot.is_address(chain, operator_address)),
  strategy         text    NOT NULL CHECK (strategy <> ''),
  tag              text,
  UNIQUE (platform, chain, gem_symbol, operator_address)
);
COMMENT ON TABLE snapshot.allocator_position IS 'A position of the Smart Allocator: protocol reserves placed on a DeFi platform';
COMMENT ON COLUMN snapshot.allocator_position.platform IS 'DeFi platform name, e.g. Aave';
COMMENT ON COLUMN snapshot.allocator_position.chain IS 'Chain of the position: tron, eth, bsc, and also chains such as plasma';
COMMENT ON COLUMN snapshot.allocator_position.gem_symbol IS 'Symbol of the stablecoin placed';
COMMENT ON COLUMN snapshot.allocator_position.operator_address IS 'Address that operates the position';
COMMENT ON COLUMN snapshot.allocator_position.strategy IS 'Strategy type, e.g. Investment';
COMMENT ON COLUMN snapshot.allocator_position.tag IS 'Risk-curator tag; null or empty when there is none';

CREATE TABLE snapshot.allocator_position_state (
  position_id        integer     NOT NULL REFERENCES snapshot.allocator_position,
  taken_at           timestamptz NOT NULL,
  holding_amount     numeric     NOT NULL CHECK (holding_amount >= 0),
  apy_holding_amount numeric     NOT NULL CHECK (apy_holding_amount >= 0),
  apy                numeric     NOT NULL,
  actual_earnings    numeric     NOT NULL,
  PRIMARY KEY (position_id, taken_at)
);
COMMENT ON TABLE snapshot.allocator_position_state IS 'What one allocator position held and earned at one time';
COMMENT ON COLUMN snapshot.allocator_position_state.holding_amount IS 'USD held in the position';
COMMENT ON COLUMN snapshot.allocator_position_state.apy_holding_amount IS 'USD of the holding that earns the position APY; weights the blended APY';
COMMENT ON COLUMN snapshot.allocator_position_state.apy IS 'Position APY as a decimal';
COMMENT ON COLUMN snapshot.allocator_position_state.actual_earnings IS 'USD earned by the position since it opened';

COMMIT;
