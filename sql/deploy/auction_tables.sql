-- Deploy coin_api:auction_tables to pg
-- Every liquidation, as the chain's own events tell it (dss's dog.sol and clip.sol):
--   snapshot.bark          each Dog.Bark: an urn's collateral and debt taken for an auction,
--                          and which auction (the Clipper and its id);
--   snapshot.clip_event    each Clipper's Kick, Take, Redo and Yank;
--   snapshot.auction_status each running auction's price, lot and tab as Clipper.getStatus(id)
--                          gave them at a snapshot's block (per snapshot: a few rows a round).
-- They are read with the Vat's events, in the same eth_getLogs windows: urn_log_range covers
-- them all. A Clipper's events are kept apart from the Bark that started their auction, joined
-- by (chain, clipper, sale_id), so that a Take read before its Bark (a round that began reading
-- after it, the Bark left to a backfill) waits for it instead of being lost.
-- Amounts are the chain's integers de-scaled: collateral from wad, COIN from rad, prices (COIN
-- per unit of collateral) from ray.

BEGIN;

CREATE TABLE snapshot.bark (
  chain        snapshot.chain NOT NULL,
  block_number bigint         NOT NULL CHECK (block_number >= 0),
  log_index    integer        NOT NULL CHECK (log_index >= 0),
  block_hash   text           NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  block_time   timestamptz    NOT NULL,
  tx_hash      text           NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  vault_id     integer        NOT NULL REFERENCES snapshot.vault,
  urn          text           NOT NULL CHECK (urn ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  collateral   numeric        NOT NULL CHECK (collateral >= 0),
  art          numeric        NOT NULL CHECK (art >= 0),
  due          numeric        NOT NULL CHECK (due >= 0),
  clipper      text           NOT NULL CHECK (clipper ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  sale_id      numeric        NOT NULL CHECK (sale_id > 0),
  PRIMARY KEY (chain, block_number, log_index),
  UNIQUE (chain, clipper, sale_id)
);
COMMENT ON TABLE snapshot.bark IS 'A Dog.Bark: an urn liquidated, its collateral and debt handed to a Clipper''s auction';
COMMENT ON COLUMN snapshot.bark.log_index IS 'The log''s index in its block';
COMMENT ON COLUMN snapshot.bark.vault_id IS 'The Vault type of the Bark''s ilk';
COMMENT ON COLUMN snapshot.bark.urn IS 'The urn liquidated, lower-case 0x hex or TRON Base58';
COMMENT ON COLUMN snapshot.bark.collateral IS 'Collateral taken from the urn and put up for sale (Bark ink, the auction''s first lot), de-scaled from wad';
COMMENT ON COLUMN snapshot.bark.art IS 'Normalised debt taken from the urn (Bark art), de-scaled from wad';
COMMENT ON COLUMN snapshot.bark.due IS 'The debt taken, COIN (Bark due = art x rate, de-scaled from rad): the sin the Vow was given (Vow.fess)';
COMMENT ON COLUMN snapshot.bark.clipper IS 'The Clipper that runs the auction';
COMMENT ON COLUMN snapshot.bark.sale_id IS 'The auction''s id in that Clipper';
-- A chain's Barks newest first: the primary key, read backwards; a Vault type's: this one.
CREATE INDEX bark_by_vault ON snapshot.bark (vault_id, block_number, log_index);

CREATE TABLE snapshot.clip_event (
  chain        snapshot.chain NOT NULL,
  block_number bigint         NOT NULL CHECK (block_number >= 0),
  log_index    integer        NOT NULL CHECK (log_index >= 0),
  block_hash   text           NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  block_time   timestamptz    NOT NULL,
  tx_hash      text           NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  clipper      text           NOT NULL CHECK (clipper ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  sale_id      numeric        NOT NULL CHECK (sale_id > 0),
  kind         text           NOT NULL CHECK (kind IN ('kick', 'take', 'redo', 'yank')),
  price        numeric        CHECK (price >= 0),
  max_price    numeric        CHECK (max_price >= 0),
  owe          numeric        CHECK (owe >= 0),
  tab          numeric        CHECK (tab >= 0),
  lot          numeric        CHECK (lot >= 0),
  keeper       text           CHECK (keeper ~ '^(0x[0-9a-f]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
  incentive    numeric        CHECK (incentive >= 0),
  PRIMARY KEY (chain, block_number, log_index),
  -- what each event carries: Kick and Redo a starting price, tab, lot, keeper and incentive; Take
  -- its price, the taker's limit, what it paid and the tab and lot after it; Yank only the id
  CHECK (CASE kind
           WHEN 'take' THEN price IS NOT NULL AND max_price IS NOT NULL AND owe IS NOT NULL AND tab IS NOT NULL
                            AND lot IS NOT NULL AND keeper IS NULL AND incentive IS NULL
           WHEN 'yank' THEN num_nulls(price, max_price, owe, tab, lot, keeper, incentive) = 7
           ELSE price IS NOT NULL AND max_price IS NULL AND owe IS NULL AND tab IS NOT NULL AND lot IS NOT NULL
                AND keeper IS NOT NULL AND incentive IS NOT NULL
         END)
);
COMMENT ON TABLE snapshot.clip_event IS 'A Clipper''s Kick, Take, Redo or Yank of one auction (clipper, sale_id)';
COMMENT ON COLUMN snapshot.clip_event.kind IS 'kick (the auction starts), take (collateral bought), redo (restarted at a new price) or yank (cancelled)';
COMMENT ON COLUMN snapshot.clip_event.price IS 'kick and redo: the starting price (top); take: the price paid; COIN per unit of collateral, de-scaled from ray';
COMMENT ON COLUMN snapshot.clip_event.max_price IS 'take: the highest price the taker accepted (max), de-scaled from ray';
COMMENT ON COLUMN snapshot.clip_event.owe IS 'take: COIN paid (owe), de-scaled from rad';
COMMENT ON COLUMN snapshot.clip_event.tab IS 'kick and redo: the COIN to raise; take: what is left to raise after it; de-scaled from rad';
COMMENT ON COLUMN snapshot.clip_event.lot IS 'kick and redo: the collateral for sale; take: what is left after it (returned to the urn when tab is 0); de-scaled from wad';
COMMENT ON COLUMN snapshot.clip_event.keeper IS 'kick and redo: the keeper paid the incentive (kpr)';
COMMENT ON COLUMN snapshot.clip_event.incentive IS 'kick and redo: the COIN paid to the keeper (coin = tip + chip x tab), drawn from the Vow as sin (Vat.suck), de-scaled from rad';
CREATE INDEX clip_event_by_auction ON snapshot.clip_event (chain, clipper, sale_id, block_number, log_index);

CREATE TABLE snapshot.auction_status (
  chain      snapshot.chain NOT NULL,
  clipper    text           NOT NULL,
  sale_id    numeric        NOT NULL,
  taken_at   timestamptz    NOT NULL,
  price      numeric        NOT NULL CHECK (price >= 0),
  lot        numeric        NOT NULL CHECK (lot >= 0),
  tab        numeric        NOT NULL CHECK (tab >= 0),
  needs_redo boolean        NOT NULL,
  PRIMARY KEY (chain, clipper, sale_id, taken_at),
  FOREIGN KEY (chain, taken_at) REFERENCES snapshot.chain_state ON DELETE CASCADE
);
COMMENT ON TABLE snapshot.auction_status IS 'A running auction as Clipper.getStatus(id) gave it at a snapshot''s block';
COMMENT ON COLUMN snapshot.auction_status.price IS 'The price now, COIN per unit of collateral: the Abacus''s decrease applied on chain, de-scaled from ray';
COMMENT ON COLUMN snapshot.auction_status.lot IS 'Collateral left for sale, de-scaled from wad';
COMMENT ON COLUMN snapshot.auction_status.tab IS 'COIN left to raise, de-scaled from rad';
COMMENT ON COLUMN snapshot.auction_status.needs_redo IS 'Whether it ran too long or its price fell too far (tail, cusp): no take until a redo';

COMMENT ON TABLE snapshot.urn_log_range IS
  'The blocks whose Vat, Dog and Clipper events are all in urn_event, bark and clip_event: first_block to last_block, none skipped';

-- A write announces its chains (notify_chains's rule), as the urn tables' do.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bark', 'clip_event', 'auction_status'] LOOP
    EXECUTE format('CREATE TRIGGER notify_written AFTER TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t);
    EXECUTE format('CREATE TRIGGER notify_inserted AFTER INSERT ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
    EXECUTE format('CREATE TRIGGER notify_updated AFTER UPDATE ON snapshot.%I REFERENCING NEW TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
    EXECUTE format('CREATE TRIGGER notify_deleted AFTER DELETE ON snapshot.%I REFERENCING OLD TABLE AS changed
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()', t);
  END LOOP;
END
$$;

COMMIT;
