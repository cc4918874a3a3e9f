#include "indexer/head_follower.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <optional>
#include <utility>

#include "indexer/batched_calls.hpp"
#include "indexer/kept_rounds.hpp"
#include "indexer/reorg.hpp"
#include "indexer/round.hpp"
#include "indexer/snapshot_writer.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin::indexer {

namespace {

// How long after a live snapshot that failed the follower reads the block again, when no newer
// one came meanwhile: the pace of the grid's rounds kept (kept_rounds.hpp).
constexpr std::int64_t retry_seconds = kept_retry_seconds;
// How often a chain whose WebSocket announces its heads is polled all the same: an announcement
// lost on the way is made up for, at a fraction of the polls' cost.
constexpr std::chrono::seconds announced_poll{30};
// How often a chain followed at its head has its finalized block read and recorded, which says
// when the block of its live snapshot is final: Ethereum's slot (its finalized block moves an
// epoch, 32 slots, at a time), at most 7,200 calls a day whatever the block time. Not a chain read
// at latest (TRON): its answers name no block to be final.
constexpr std::int64_t finalized_every_seconds = 12;

// `config`, `chain` read at the block it follows (a reading finds each chain's read_at in its
// configuration by the chain's name).
Config read_where_followed(const Config& config, const Chain& chain) {
  Config followed = config;
  for (Chain& each : followed.chains) {
    if (each.name == chain.name) each.read_at = {chain.follow == Follow::finalized ? "finalized" : "latest", 0, true};
  }
  return followed;
}

// A block: its number and hash.
struct BlockSeen {
  std::uint64_t number = 0;
  std::string hash;
  bool operator!=(const BlockSeen& other) const { return number != other.number || hash != other.hash; }
};

// Records `chain`'s finalized block (write_finalized): the block just read where it follows its
// finalized block, else the one its node names now. A failure is logged, and it is tried again
// next time.
void record_finalized(const Chain& chain, const BlockSeen& read, BlockFinder& blocks, Database& database) {
  try {
    const std::optional<std::uint64_t> finalized =
        chain.follow == Follow::finalized ? std::optional<std::uint64_t>(read.number) : blocks.tagged("finalized");
    if (finalized) write_finalized(database.connection(), chain.name, *finalized);
  } catch (const ReadError& e) {
    log_error(chain.name + ": its finalized block not read: " + e.what());
  } catch (const std::exception& e) {  // the database
    log_error(chain.name + ": its finalized block not recorded: database: " + e.what());
    database.reset();
  }
}

}  // namespace

HeadFollower::HeadFollower(const Config& config, const Chain& chain, std::string conninfo, int interval)
    : config_(config),
      chain_(chain),
      followed_(read_where_followed(config, chain)),
      conninfo_(std::move(conninfo)),
      interval_(interval),
      announcer_(chain.ws.empty() ? nullptr
                                  : std::make_unique<HeadAnnouncer>(chain.name, chain.ws, [this] { announced(); })),
      thread_([this] { run(); }) {}

HeadFollower::~HeadFollower() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  woken_.notify_all();
  thread_.join();
  announcer_.reset();  // before the members its calls use
}

void HeadFollower::announced() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    announced_ = true;
  }
  woken_.notify_all();
}

bool HeadFollower::wait() {
  const std::chrono::milliseconds poll =
      announcer_ && announcer_->connected() ? std::chrono::milliseconds(announced_poll) : chain_.poll;
  std::unique_lock<std::mutex> lock(mutex_);
  woken_.wait_for(lock, poll, [this] { return stopping_ || announced_; });
  announced_ = false;
  return stopping_;
}

void HeadFollower::run() {
  static auto& polls = counter_family("coin_indexer_head_polls_total",
                                      "Requests for the newest block (or finalized block) of a chain that follows it");
  const std::string& name = chain_.name;
  const Chain& followed = *std::find_if(followed_.chains.begin(), followed_.chains.end(),
                                        [&](const Chain& each) { return each.name == name; });
  const std::string& tag = followed.read_at.tag;
  Database database(conninfo_);
  KeptRounds kept;
  std::optional<ChainAccess> access;
  std::optional<ChainReading> live;  // the newest live snapshot written
  std::optional<BlockSeen> read;     // the block it was read at
  std::optional<BlockSeen> failed;   // a block whose live snapshot failed, read again after a while
  std::int64_t retry_at = 0;
  std::int64_t kept_retry_at = 0;
  std::int64_t finalized_at = 0;  // when the finalized block is read next (a chain followed at its head)
  std::int64_t next_round = std::time(nullptr) / interval_ * interval_;  // the grid's round of now first
  std::string poll_error;  // logged once, until the node answers again
  do {
    if (!access) access.emplace(config_);
    std::optional<BlockSeen> newest;
    polls.Add({{"chain", name}}).Increment();
    try {
      BlockFinder& blocks = access->blocks(name);
      const std::optional<std::uint64_t> number = blocks.tagged(tag);
      if (!number) throw ReadError("the node names no \"" + tag + "\" block");
      newest = BlockSeen{*number, blocks.header(*number).hash};
      if (!poll_error.empty()) log_info(name + ": its node names its " + tag + " block again");
      poll_error.clear();
    } catch (const ReadError& e) {
      if (poll_error != e.what()) log_error(name + ": its " + tag + " block not known: " + e.what());
      poll_error = e.what();
    }
    const std::int64_t now = std::time(nullptr);
    if (newest && newest != read && (newest != failed || now >= retry_at)) {
      if (std::optional<ChainReading> reading = index_live(followed_, followed, *access, database)) {
        // What it read may be newer than what the poll named; a chain read at "latest" (TRON)
        // names no block of its reading.
        const Block& block = reading->provenance;
        const BlockSeen seen = block.number.empty() ? *newest : BlockSeen{std::stoull(block.number), block.hash};
        const bool extends = read && seen.number == read->number + 1;
        if (read && !extends && chain_.follow == Follow::head) correct_reorganised(config_, chain_, *access, database);
        read = seen;
        live = std::move(reading);
        failed.reset();
        if (chain_.follow == Follow::finalized) record_finalized(chain_, *read, access->blocks(name), database);
      } else {
        failed = newest;
        retry_at = now + retry_seconds;
      }
    }
    if (chain_.follow == Follow::head && chain_.pin_block && read && now >= finalized_at) {
      record_finalized(chain_, *read, access->blocks(name), database);
      finalized_at = now + finalized_every_seconds;
    }
    if (!kept.empty() && now >= kept_retry_at) {
      write_kept(config_, database, kept);
      kept_retry_at = now + kept_retry_seconds;
    }
    if (now >= next_round) {
      write_kept(config_, database, kept);
      access.emplace(config_);  // one per grid round, as run_round's: the block headers it keeps go with it
      int vaults_skipped = 0;
      const ChainOutcome done = index_chain(config_, chain_, *access, database, next_round, std::nullopt, false, &kept,
                                            &vaults_skipped, live ? &*live : nullptr);
      if (done == ChainOutcome::written || done == ChainOutcome::present) {
        correct_reorganised(config_, chain_, *access, database);
      }
      next_round = std::time(nullptr) / interval_ * interval_ + interval_;
    }
  } while (!wait());
}

}  // namespace coin::indexer
