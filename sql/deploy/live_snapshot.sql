-- Deploy coin_api:live_snapshot to pg
-- A chain whose indexer follows its head (the configuration's "follow") has, beside its
-- snapshots on the grid (read at its read_at, every --interval), one live snapshot: its figures
-- at the newest block read, an ordinary row of chain_state, vault_state and the rest at the time
-- it was written. snapshot.live_snapshot names it. The indexer deletes the one before as it
-- writes the next, in one transaction, and keeps it newer than the chain's grid snapshots, so:
--   * every answer of now shows the newest block (the newest snapshot, as before);
--   * the histories gain no row per block: a grid hour's point is the newest snapshot at or
--     before it, and a live snapshot before an hour is gone once the next one is written, which
--     computes that hour again from the grid's snapshots (hourly_figures);
--   * the urns' states stay per change: a live snapshot's urn states are not deleted with it.
-- What it costs per chain: one snapshot's rows, whatever the block time.

BEGIN;

-- No foreign key to chain_state: a reorganisation's correction writes the live snapshot over at
-- its taken_at (delete, then insert), which a cascade would forget; and a TRUNCATE of the
-- snapshot tables need not name this one. A row whose snapshot is gone names nothing, and the
-- next live snapshot replaces it.
CREATE TABLE snapshot.live_snapshot (
  chain    snapshot.chain PRIMARY KEY,
  taken_at timestamptz    NOT NULL
);
COMMENT ON TABLE snapshot.live_snapshot IS
  'The live snapshot of each chain that follows its head: its chain_state row at the newest block read, '
  'written over at each new block; no row for a chain read on the grid only';
COMMENT ON COLUMN snapshot.live_snapshot.taken_at IS
  'The live snapshot''s taken_at: when it was written, later than every grid snapshot of its chain';

COMMIT;
