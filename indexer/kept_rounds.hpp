#pragma once
// The rounds of the protocol chains that were read but that the database did not take (down,
// or failing over to a standby): kept in memory, to be written late, each with its own
// taken_at, as soon as it takes writes again (round.hpp's write_kept). A restart loses them.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>

#include "indexer/config.hpp"
#include "indexer/reading.hpp"

namespace coin::indexer {

// How often the rounds kept while the database takes no writes are tried between rounds: a
// failover of under a minute leaves them written seconds after it, not a round later (5 minutes
// by default). A try against a database that is down costs one refused connection.
// (shared/backoff.hpp's 50 to 500 ms are finer than the stop signals' wait, whole seconds.)
inline constexpr std::int64_t kept_retry_seconds = 2;

// A chain's round, read: what it read, to be written at its taken_at (epoch seconds).
struct ChainRound {
  const Chain* chain = nullptr;
  std::int64_t taken_at = 0;
  ChainReading reading;
};

class KeptRounds {
 public:
  // A day of rounds at the default --interval of 300 s: longer than a failover (under a minute)
  // or a restart of the database takes, short of a restore. A reading is a few kB; three chains
  // keep a few MB at most.
  static constexpr std::size_t default_per_chain = 288;

  // `per_chain`: the most rounds kept per chain, at least 1.
  explicit KeptRounds(std::size_t per_chain = default_per_chain) : per_chain_(per_chain) {}

  // Keeps `round`, after the rounds kept before it (so the oldest come first: the rounds come in
  // the order of their taken_at). Past `per_chain` rounds of its chain, that chain's oldest is
  // dropped, and returned.
  std::optional<ChainRound> keep(ChainRound round) {
    std::optional<ChainRound> dropped;
    if (count(round.chain->name) >= per_chain_) {
      const auto oldest = std::find_if(rounds_.begin(), rounds_.end(), [&](const ChainRound& kept) {
        return kept.chain->name == round.chain->name;
      });
      dropped = std::move(*oldest);
      rounds_.erase(oldest);
    }
    rounds_.push_back(std::move(round));
    return dropped;
  }

  std::size_t per_chain() const { return per_chain_; }
  bool empty() const { return rounds_.empty(); }
  // The oldest round kept, of any chain; there must be one.
  const ChainRound& oldest() const { return rounds_.front(); }
  void drop_oldest() { rounds_.pop_front(); }

  // How many rounds of `chain` are kept.
  std::size_t count(const std::string& chain) const {
    return static_cast<std::size_t>(
        std::count_if(rounds_.begin(), rounds_.end(), [&](const ChainRound& kept) { return kept.chain->name == chain; }));
  }

 private:
  std::size_t per_chain_;
  std::deque<ChainRound> rounds_;
};

}  // namespace coin::indexer
