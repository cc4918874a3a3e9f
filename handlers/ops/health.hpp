#pragma once
// What /healthz answers and what /metrics adds to the processes' own metrics (the ops
// handler): how fresh the data are, worked out from the database's api.chain_freshness and
// api.vault_freshness and the publisher's directory, against a limit.
//
// Healthy (HTTP 200) while the database answers, every chain has a snapshot and every Vault a
// state younger than the limit, and, where answers are published, the published set is younger
// than the limit too (a publisher that stopped leaves its last set served, older and older). A
// Vault the indexer cannot read keeps its last state in the answers while its chain is written,
// so it ages into a problem by itself; a Vault with no state at all (configured, never read) is
// one too. Anything else is an HTTP 503 that names each problem. The publisher's own heartbeat is reported, not judged: while
// it is away the handlers still answer, and its set ages into a problem by itself.

#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "shared/published_state.hpp"
#include "shared/response.hpp"

namespace coin {

struct ChainFreshness {
  std::string chain;
  std::optional<std::time_t> snapshot;  // the chain's newest snapshot, if it has one
  std::optional<long long> age_seconds;  // its age by the database's clock
};

struct VaultFreshness {
  std::string chain;
  std::string vault;                     // its vault_type (ilk), e.g. ETH-A
  std::optional<std::time_t> snapshot;   // the Vault's newest state, if it has one
  std::optional<long long> age_seconds;  // its age by the database's clock
};

// The block a chain's newest snapshot was read at (api.snapshot_blocks): number, hash and time
// are none for a chain read at latest (tron), all three or none; and whether it is final
// (api.snapshot_finality).
struct ChainBlock {
  std::string chain;
  std::optional<std::time_t> snapshot;  // the chain's newest snapshot, if it has one
  std::optional<long long> number;
  std::optional<std::string> hash;
  std::optional<std::time_t> time;
  std::optional<long long> finalized;  // the chain's finalized block, as the indexer last read it
  bool final = false;                  // number is at or below it
};

struct Freshness {
  std::time_t now = 0;
  bool database_reachable = false;
  std::vector<ChainFreshness> chains;       // empty while the database is unreachable
  std::vector<VaultFreshness> vaults;       // likewise
  std::vector<ChainBlock> blocks;           // likewise
  std::optional<PublishedState> publisher;  // none where nothing is published (PUBLISH=off)
};

// A heartbeat older than this means the publisher is not listening (it beats 4 times a second).
inline constexpr std::time_t publisher_heartbeat_seconds = 5;

// The problems that make the data unfit to serve, each a sentence; none when healthy.
std::vector<std::string> problems_of(const Freshness& freshness, long long max_age_seconds);

// /healthz: 200 or 503, JSON, never stored by anyone (Cache-Control: no-store).
Response health_answer(const Freshness& freshness, long long max_age_seconds);

// The same figures for Prometheus, in its text format (no process label: the ops handler
// works them out on every scrape).
std::string freshness_metrics(const Freshness& freshness, long long max_age_seconds);

}  // namespace coin
