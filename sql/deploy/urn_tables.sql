-- Deploy coin_api:urn_tables to pg
-- Every urn (position) of every Vault type, as the chain's own events and reads give them:
--   snapshot.urn        one row per urn: who holds it where known, and its state now;
--   snapshot.urn_event  every Vat frob, fork and grab that touched it (one row per urn touched:
--                       a fork is a row for its source, amounts negated, and one for its
--                       destination), with the block, the transaction and the log;
--   snapshot.urn_state  its ink and art each time a round read them changed (per change, not per
--                       snapshot: 100,000 urns x 288 rounds a day would be 29 million rows a
--                       day, nearly all repeats);
--   snapshot.urn_log_range the blocks whose events are all read, per chain;
--   snapshot.vault_price a Vault type's rate, price, next price and par at each snapshot (per
--                       snapshot: a few rows per round), which value every urn at that time.
-- ink and art are wad integers de-scaled (ink in collateral units, art in normalised COIN); an
-- urn's debt is art x rate, its collateral's value ink x price.

BEGIN;

CREATE TABLE snapshot.urn (
  urn_id        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vault_id      integer     NOT NULL REFERENCES snapshot.vault,
  address       text        NOT NULL CHECK (address ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  cdp_id        bigint      CHECK (cdp_id > 0),
  owner         text        CHECK (owner ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  ink           numeric     NOT NULL DEFAULT 0 CHECK (ink >= 0),
  art           numeric     NOT NULL DEFAULT 0 CHECK (art >= 0),
  -- What orders urns by risk within a Vault type: the liquidation price is art x rate x mat x
  -- par / ink, and rate, mat and par are the Vault type's, so art / ink orders it (and the
  -- collateralization the other way). Infinity: debt without collateral.
  art_per_ink   numeric     GENERATED ALWAYS AS (CASE WHEN ink > 0 THEN art / ink
                                                      WHEN art > 0 THEN 'Infinity'::numeric
                                                      ELSE 0 END) STORED,
  changed_block bigint      CHECK (changed_block >= 0),
  changed_time  timestamptz,
  UNIQUE (vault_id, address),
  CHECK ((cdp_id IS NULL) = (owner IS NULL)),
  CHECK ((changed_block IS NULL) = (changed_time IS NULL))
);
COMMENT ON TABLE snapshot.urn IS 'One urn (position) of a Vault type, found in the Vat''s events, with its state as last read';
COMMENT ON COLUMN snapshot.urn.address IS 'The urn''s address, lower-case 0x hex, or TRON Base58';
COMMENT ON COLUMN snapshot.urn.cdp_id IS 'Its id in dss-cdp-manager; null for an urn opened outside it';
COMMENT ON COLUMN snapshot.urn.owner IS 'Its owner in dss-cdp-manager (owns); null for an urn opened outside it';
COMMENT ON COLUMN snapshot.urn.ink IS 'Collateral locked, de-scaled from wad: Vat.urns(ilk, urn).ink at the newest snapshot';
COMMENT ON COLUMN snapshot.urn.art IS 'Normalised debt, de-scaled from wad: Vat.urns(ilk, urn).art at the newest snapshot';
COMMENT ON COLUMN snapshot.urn.art_per_ink IS 'art / ink (Infinity with art and no ink, 0 without art): orders urns by liquidation price';
COMMENT ON COLUMN snapshot.urn.changed_block IS 'The block of the newest event that touched it';
COMMENT ON COLUMN snapshot.urn.changed_time IS 'That block''s time';
-- The lists: the open urns of a Vault type by risk, and by debt.
CREATE INDEX urn_by_risk ON snapshot.urn (vault_id, art_per_ink DESC, urn_id) WHERE ink > 0 OR art > 0;
CREATE INDEX urn_by_debt ON snapshot.urn (vault_id, art DESC, urn_id) WHERE ink > 0 OR art > 0;

CREATE TABLE snapshot.urn_event (
  urn_id       bigint      NOT NULL REFERENCES snapshot.urn,
  block_number bigint      NOT NULL CHECK (block_number >= 0),
  log_index    integer     NOT NULL CHECK (log_index >= 0),
  block_hash   text        NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  block_time   timestamptz NOT NULL,
  tx_hash      text        NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  kind         text        NOT NULL CHECK (kind IN ('frob', 'fork', 'grab')),
  dink         numeric     NOT NULL,
  dart         numeric     NOT NULL,
  PRIMARY KEY (urn_id, block_number, log_index)
);
COMMENT ON TABLE snapshot.urn_event IS 'A Vat frob, fork or grab as it touched one urn (a fork: a row for each side)';
COMMENT ON COLUMN snapshot.urn_event.log_index IS 'The LogNote''s index in its block';
COMMENT ON COLUMN snapshot.urn_event.kind IS 'frob, fork or grab: the Vat function whose LogNote it is';
COMMENT ON COLUMN snapshot.urn_event.dink IS 'Collateral added to the urn (negative: removed), de-scaled from wad';
COMMENT ON COLUMN snapshot.urn_event.dart IS 'Normalised debt added to the urn (negative: repaid), de-scaled from wad';
CREATE INDEX urn_event_by_block ON snapshot.urn_event (block_number);

CREATE TABLE snapshot.urn_state (
  urn_id       bigint      NOT NULL REFERENCES snapshot.urn,
  taken_at     timestamptz NOT NULL,
  ink          numeric     NOT NULL CHECK (ink >= 0),
  art          numeric     NOT NULL CHECK (art >= 0),
  block_number bigint      CHECK (block_number >= 0),
  PRIMARY KEY (urn_id, taken_at)
);
COMMENT ON TABLE snapshot.urn_state IS 'An urn''s ink and art as a snapshot read them, written only when they changed';
COMMENT ON COLUMN snapshot.urn_state.taken_at IS 'The snapshot that first read them';
COMMENT ON COLUMN snapshot.urn_state.block_number IS 'That snapshot''s block; null on a chain read at latest';

CREATE TABLE snapshot.vault_price (
  vault_id   integer     NOT NULL,
  taken_at   timestamptz NOT NULL,
  rate       numeric     NOT NULL CHECK (rate > 0),
  price      numeric     NOT NULL CHECK (price >= 0),
  next_price numeric     CHECK (next_price >= 0),
  par        numeric     NOT NULL CHECK (par > 0),
  PRIMARY KEY (vault_id, taken_at),
  FOREIGN KEY (vault_id, taken_at) REFERENCES snapshot.vault_state ON DELETE CASCADE
);
COMMENT ON TABLE snapshot.vault_price IS 'What values a Vault type''s urns at one snapshot: its rate, price and par';
COMMENT ON COLUMN snapshot.vault_price.rate IS 'COIN of debt per unit of art (Vat.ilks rate, de-scaled from ray)';
COMMENT ON COLUMN snapshot.vault_price.price IS 'USD per unit of collateral that the Vat judges by: spot x mat x par';
COMMENT ON COLUMN snapshot.vault_price.next_price IS 'The OSM''s next price (nxt), USD; null where the price feed is not an OSM';
COMMENT ON COLUMN snapshot.vault_price.par IS 'USD per COIN of reference (Spot.par, de-scaled from ray)';

CREATE TABLE snapshot.urn_log_range (
  chain       snapshot.chain PRIMARY KEY,
  first_block bigint         NOT NULL CHECK (first_block >= 0),
  last_block  bigint         NOT NULL CHECK (last_block >= first_block - 1)
);
COMMENT ON TABLE snapshot.urn_log_range IS 'The blocks whose Vat events are all in urn_event: first_block to last_block, none skipped';
COMMENT ON COLUMN snapshot.urn_log_range.first_block IS 'The oldest block read: the Vat''s deployment block once backfill has read it all';
COMMENT ON COLUMN snapshot.urn_log_range.last_block IS 'The newest block read: a round reads from the one after it';

-- A write announces the chains of the rows it wrote (notify_chains's rule), so that the
-- publisher renders again only their answers: urn and vault_price by their Vault, urn_event and
-- urn_state by their urn's; urn_log_range has its chain. A TRUNCATE announces the table alone.
CREATE FUNCTION snapshot.notify_written_urn_chains() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chains text;
BEGIN
  IF TG_TABLE_NAME IN ('urn', 'vault_price') THEN
    SELECT string_agg(DISTINCT v.chain::text, ',') INTO chains FROM changed JOIN snapshot.vault AS v USING (vault_id);
  ELSE
    SELECT string_agg(DISTINCT v.chain::text, ',') INTO chains
      FROM changed JOIN snapshot.urn AS u USING (urn_id) JOIN snapshot.vault AS v USING (vault_id);
  END IF;
  IF chains IS NOT NULL THEN  -- a statement that changed no row announces nothing
    PERFORM pg_notify('snapshot_written', TG_TABLE_NAME || ' ' || chains);
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION snapshot.notify_written_urn_chains() IS
  'NOTIFY snapshot_written, payload the table written to and the chains of the Vaults of the rows written';

DO $$
DECLARE
  t text;
  f text;
BEGIN
  FOREACH t IN ARRAY ARRAY['urn', 'urn_event', 'urn_state', 'vault_price', 'urn_log_range'] LOOP
    f := CASE t WHEN 'urn_log_range' THEN 'notify_written_chains' ELSE 'notify_written_urn_chains' END;
    EXECUTE format('CREATE TRIGGER notify_written AFTER TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t);
    EXECUTE format('CREATE TRIGGER notify_inserted AFTER INSERT ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.%I()', t, f);
    EXECUTE format('CREATE TRIGGER notify_updated AFTER UPDATE ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.%I()', t, f);
    EXECUTE format('CREATE TRIGGER notify_deleted AFTER DELETE ON snapshot.%I REFERENCING OLD TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.%I()', t, f);
  END LOOP;
END
$$;

COMMIT;
