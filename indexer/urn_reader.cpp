#include "indexer/urn_reader.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <pqxx/pqxx>
#include <utility>

#include "indexer/abi.hpp"
#include "indexer/auction_events.hpp"
#include "indexer/base58.hpp"
#include "indexer/log_place.hpp"
#include "indexer/log_reader.hpp"
#include "indexer/selector.hpp"
#include "indexer/urn_events.hpp"

namespace coin::indexer {

namespace {

const std::uint32_t vat_urns = selector_of("urns(bytes32,address)");
const std::uint32_t cdpi = selector_of("cdpi()");
const std::uint32_t cdp_urn = selector_of("urns(uint256)");
const std::uint32_t cdp_owner = selector_of("owns(uint256)");
const std::uint32_t cdp_ilk = selector_of("ilks(uint256)");
const std::uint32_t get_status = selector_of("getStatus(uint256)");

constexpr const char* select_urns = R"(
SELECT v.vault_type, u.address, coalesce(u.cdp_id::text, ''), coalesce(u.owner, '')
  FROM snapshot.urn AS u JOIN snapshot.vault AS v USING (vault_id)
 WHERE v.chain = $1::snapshot.chain)";

// The Clippers of the auctions the tables hold.
constexpr const char* select_clippers = R"(
SELECT clipper FROM snapshot.bark WHERE chain = $1::snapshot.chain
 UNION
SELECT clipper FROM snapshot.clip_event WHERE chain = $1::snapshot.chain)";

// The auctions the tables hold started (a Bark, a Kick) and not ended (a Yank, a Take that left
// no lot or no tab).
constexpr const char* select_running = R"(
SELECT a.clipper, a.sale_id::text
  FROM (SELECT clipper, sale_id FROM snapshot.bark WHERE chain = $1::snapshot.chain
         UNION
        SELECT clipper, sale_id FROM snapshot.clip_event WHERE chain = $1::snapshot.chain AND kind = 'kick') AS a
 WHERE NOT EXISTS (SELECT FROM snapshot.clip_event AS e
                    WHERE e.chain = $1::snapshot.chain AND e.clipper = a.clipper AND e.sale_id = a.sale_id
                      AND (e.kind = 'yank' OR (e.kind = 'take' AND (e.lot = 0 OR e.tab = 0)))))";

constexpr const char* select_range =
    "SELECT first_block, last_block FROM snapshot.urn_log_range WHERE chain = $1::snapshot.chain";

// Each chain's eth_getLogs window, learnt for as long as the process runs.
LogWindow& window_of(const std::string& chain) {
  static std::map<std::string, LogWindow> windows;
  return windows[chain];
}

// The contracts whose events a reading asks for, by their address as eth_call takes it (lower
// case): the Vat, and where the file names a Dog, the Dog and the Clippers.
struct LogSources {
  std::string vat;
  std::string dog;                  // empty: no liquidations read
  std::set<std::string> clippers;
};

// One eth_getLogs of every source's events: the Vat's LogNotes, the Dog's Barks, the Clippers'
// Kick, Take, Redo and Yank, in one request per window.
GetLogs logs_of(Nodes& nodes, const LogSources& sources) {
  Json::Value address(Json::arrayValue);
  Json::Value first(Json::arrayValue);  // any of these first topics
  if (!sources.vat.empty()) {
    address.append(sources.vat);
    for (const std::string& topic : urn_event_topics()) first.append(topic);
  }
  if (!sources.dog.empty()) {
    address.append(sources.dog);
    first.append(bark_topic());
  }
  for (const std::string& clipper : sources.clippers) address.append(clipper);
  if (!sources.clippers.empty()) {
    for (const std::string& topic : clipper_event_topics()) first.append(topic);
  }
  return [&nodes, address, first](std::uint64_t from, std::uint64_t to) {
    Json::Value filter(Json::objectValue);
    filter["address"] = address.size() == 1 ? address[0] : address;
    filter["fromBlock"] = quantity(from);
    filter["toBlock"] = quantity(to);
    filter["topics"].append(first);
    Json::Value params(Json::arrayValue);
    params.append(filter);
    Json::Value logs = nodes.call("eth_getLogs", params);
    if (!logs.isArray()) throw ReadError("eth_getLogs: the result is not an array");
    return logs;
  };
}

bool configured(const Protocol& protocol, const std::string& ilk) {
  return std::any_of(protocol.vaults.begin(), protocol.vaults.end(), [&](const Vault& v) { return v.ilk == ilk; });
}

std::string call_form(const Chain& chain, const std::string& urn) {
  return chain.name == "tron" ? tron_to_hex(urn) : urn;
}

bool has_code(Nodes& nodes, const Address& address, std::uint64_t block) {
  Json::Value params(Json::arrayValue);
  params.append(address.call);
  params.append(quantity(block));
  const Json::Value code = nodes.call("eth_getCode", params);
  return code.isString() && code.asString().size() > 2;
}

struct EventsRead {
  std::vector<UrnEvent> events;
  AuctionsReading auctions;  // its barks and clip_events
  std::uint64_t next = 0;    // the first block not read
};

Address address_of(const Chain& chain, const std::string& shown) { return {call_form(chain, shown), shown}; }

// What the file names to read: the Vat, and where it names a Dog, the Dog, its Clippers (`clippers`:
// the Dog's and the tables'), and the file's own.
LogSources sources_of(const Chain& chain, const std::vector<Address>& clippers) {
  const Protocol& protocol = *chain.protocol;
  LogSources sources{protocol.vat.call, "", {}};
  if (!protocol.dog) return sources;
  sources.dog = protocol.dog->call;
  for (const Address& clipper : clippers) sources.clippers.insert(clipper.call);
  for (const Address& clipper : protocol.clippers) sources.clippers.insert(clipper.call);
  return sources;
}

// Decodes the logs read, each by its address and first topic, into `read`: the events of the
// configured Vault types' urns, their Barks, and the Clippers' events.
void decode(const Chain& chain, const LogSources& sources, const std::vector<Json::Value>& logs, EventsRead& read) {
  const bool tron = chain.name == "tron";
  for (const Json::Value& log : logs) {
    const std::string emitter = emitter_of(log);
    try {
      if (!sources.vat.empty() && emitter == sources.vat) {
        for (UrnEvent& event : urn_events_of(log, tron)) {
          if (configured(*chain.protocol, event.ilk)) read.events.push_back(std::move(event));
        }
      } else if (!sources.dog.empty() && emitter == sources.dog) {
        std::optional<Bark> bark = bark_of(log, tron);
        if (bark && configured(*chain.protocol, bark->ilk)) read.auctions.barks.push_back(std::move(*bark));
      } else if (sources.clippers.count(emitter) != 0) {
        if (std::optional<ClipEvent> event = clip_event_of(log, tron)) read.auctions.clip_events.push_back(std::move(*event));
      }
    } catch (const AbiError& e) {
      throw ReadError("a log of " + emitter + " on " + chain.name + ": " + e.what());
    }
  }
}

// Leaves out what is at `next` or after: the blocks read end before it.
void cut_at(std::uint64_t next, EventsRead& read) {
  const auto after = [next](const LogPlace& place) { return place.block >= next; };
  read.events.erase(std::remove_if(read.events.begin(), read.events.end(), after), read.events.end());
  std::vector<Bark>& barks = read.auctions.barks;
  barks.erase(std::remove_if(barks.begin(), barks.end(), after), barks.end());
  std::vector<ClipEvent>& clip = read.auctions.clip_events;
  clip.erase(std::remove_if(clip.begin(), clip.end(), after), clip.end());
  read.next = next;
}

// A Bark names its Clipper, whose Kick is in the same transaction: a Clipper not asked for (the
// Dog's in these blocks, replaced since; or one older than what the tables know, for a backfill)
// is asked for from the first Bark naming it on, in a reading of its own. It stopping short cuts
// the whole reading there, so that no block is left with part of its events.
void read_missed_clippers(const Chain& chain, ChainAccess& access, const LogSources& sources, EventsRead& read,
                          UrnCounts* counts) {
  LogSources missed{"", "", {}};
  std::uint64_t from = read.next;
  for (const Bark& bark : read.auctions.barks) {
    const std::string clipper = call_form(chain, bark.clipper);
    if (sources.clippers.count(clipper) != 0) continue;
    missed.clippers.insert(clipper);
    from = std::min(from, bark.block);
  }
  if (missed.clippers.empty()) return;
  const LogsRead more = read_logs(logs_of(access.nodes(chain.name), missed), from, read.next - 1, window_of(chain.name));
  counts->log_requests += more.requests;
  counts->log_refusals += more.refusals;
  decode(chain, missed, more.logs, read);
  std::vector<ClipEvent>& clip = read.auctions.clip_events;
  std::sort(clip.begin(), clip.end(), [](const ClipEvent& a, const ClipEvent& b) {
    return std::pair(a.block, a.log_index) < std::pair(b.block, b.log_index);
  });
  if (more.error.empty()) return;
  counts->log_error = more.error;
  cut_at(more.next, read);
}

// The events of blocks [from, to]: the Vat's of configured Vault types, and where the file names
// a Dog, its Barks and the Clippers' events (`clippers` with the file's), each with its block's time.
EventsRead events_between(const Chain& chain, ChainAccess& access, const std::vector<Address>& clippers,
                          std::uint64_t from, std::uint64_t to, UrnCounts* counts) {
  const LogSources sources = sources_of(chain, clippers);
  const LogsRead read = read_logs(logs_of(access.nodes(chain.name), sources), from, to, window_of(chain.name));
  counts->log_requests += read.requests;
  counts->log_refusals += read.refusals;
  if (!read.error.empty()) counts->log_error = read.error;
  EventsRead events;
  events.next = read.next;
  decode(chain, sources, read.logs, events);
  if (!sources.dog.empty()) read_missed_clippers(chain, access, sources, events, counts);
  // Block times, where the logs carry none: the blocks' headers, in one batch.
  std::vector<LogPlace*> places;
  for (UrnEvent& event : events.events) places.push_back(&event);
  for (Bark& bark : events.auctions.barks) places.push_back(&bark);
  for (ClipEvent& event : events.auctions.clip_events) places.push_back(&event);
  std::vector<std::uint64_t> untimed;
  for (const LogPlace* place : places) {
    if (place->block_time.empty()) untimed.push_back(place->block);
  }
  BlockFinder& blocks = access.blocks(chain.name);
  blocks.fetch(untimed);
  for (LogPlace* place : places) {
    if (place->block_time.empty()) place->block_time = std::to_string(blocks.time_of(place->block));
  }
  counts->events += events.events.size();
  counts->barks += events.auctions.barks.size();
  counts->clip_events += events.auctions.clip_events.size();
  return events;
}

using Auction = std::pair<std::string, std::string>;  // its Clipper (as the chain writes it) and id

// The auctions running after the blocks read: those the tables know running and those these
// blocks started, less those they ended.
std::set<Auction> running_auctions(const std::vector<Auction>& known, const AuctionsReading& read) {
  std::set<Auction> running(known.begin(), known.end());
  for (const Bark& bark : read.barks) running.emplace(bark.clipper, bark.sale_id);
  for (const ClipEvent& event : read.clip_events) {
    if (event.kind == "kick") running.emplace(event.clipper, event.sale_id);
  }
  for (const ClipEvent& event : read.clip_events) {
    if (ends_auction(event)) running.erase({event.clipper, event.sale_id});
  }
  return running;
}

// Each running auction's Clipper.getStatus(id), asked with the urns' calls (no request of its
// own), taken once they are sent.
class StatusRead {
 public:
  StatusRead(const Chain& chain, Calls& calls, const std::set<Auction>& running) {
    for (const auto& [clipper, id] : running) {
      asked_.push_back({clipper, id, calls.ask(address_of(chain, clipper), call_data(get_status, {uint256_word(id)}), 4,
                                               "Clipper.getStatus(" + id + ") at " + clipper)});
    }
  }

  // getStatus is (bool needsRedo, uint256 price, uint256 lot, uint256 tab). An auction whose lot
  // and tab are 0 is over (its end after the blocks read, on a chain read at "latest"): no row.
  std::vector<AuctionStatus> take() const {
    std::vector<AuctionStatus> status;
    for (const Asked& asked : asked_) {
      const std::vector<Word>& words = asked.answer.words();
      AuctionStatus read{asked.clipper, asked.id, word_to_decimal(words[1]), word_to_decimal(words[2]),
                         word_to_decimal(words[3]), word_to_decimal(words[0]) != "0"};
      if (read.lot != "0" || read.tab != "0") status.push_back(std::move(read));
    }
    return status;
  }

 private:
  struct Asked {
    std::string clipper, id;
    Answer answer;
  };
  std::vector<Asked> asked_;
};

// Where a first run starts reading events: the Vat's deployment when it is at most
// first_run_blocks below `to`, else `to` (a backfill reads the rest).
std::uint64_t first_run_start(const Chain& chain, ChainAccess& access, std::uint64_t to) {
  const std::uint64_t bound = to >= first_run_blocks ? to - first_run_blocks : 0;
  if (const std::optional<std::uint64_t> deployed = chain.protocol->vat_block) return *deployed >= bound ? *deployed : to;
  try {
    if (has_code(access.nodes(chain.name), chain.protocol->vat, bound)) return bound == 0 ? 0 : to;
  } catch (const ReadError&) {
    return to;  // a node without the state of old blocks: the backfill, on an archive node, reads them
  }
  return vat_deployment(chain, access, to);
}

using UrnsByKey = std::map<std::pair<std::string, std::string>, UrnReading>;  // by ilk and address

// The CDPs of dss-cdp-manager: the owner of each one known (give() changes it), and the urn,
// owner and ilk of each one opened since the newest known.
void read_cdps(const Chain& chain, Calls& calls, UrnsByKey& urns) {
  const Address& manager = *chain.protocol->cdp_manager;
  const Answer newest_answer = calls.ask(manager, cdpi, "CdpManager.cdpi");
  std::uint64_t newest_known = 0;
  std::vector<std::pair<UrnReading*, Answer>> owners;
  for (auto& [key, urn] : urns) {
    if (urn.cdp.empty()) continue;
    newest_known = std::max<std::uint64_t>(newest_known, std::stoull(urn.cdp));
    owners.emplace_back(&urn, calls.ask(manager, cdp_owner, "CdpManager.owns(" + urn.cdp + ")", {uint256_word(urn.cdp)}));
  }
  calls.send();
  for (auto& [urn, owner] : owners) urn->owner = calls.address(owner, "CdpManager.owns(" + urn->cdp + ")").shown;
  const std::string newest_text = newest_answer.uint();
  if (newest_text.size() > 18) throw ReadError("CdpManager.cdpi " + newest_text + " on " + chain.name + " is no count");
  const std::uint64_t newest = std::stoull(newest_text);
  struct Opened {
    std::string id;
    Answer urn, owner, ilk;
  };
  std::vector<Opened> opened;
  for (std::uint64_t id = newest_known + 1; id <= newest; ++id) {
    const std::string cdp = std::to_string(id);
    const Word argument = uint256_word(cdp);
    opened.push_back({cdp, calls.ask(manager, cdp_urn, "CdpManager.urns(" + cdp + ")", {argument}),
                      calls.ask(manager, cdp_owner, "CdpManager.owns(" + cdp + ")", {argument}),
                      calls.ask(manager, cdp_ilk, "CdpManager.ilks(" + cdp + ")", {argument})});
  }
  calls.send();
  for (const Opened& cdp : opened) {
    const std::string ilk = word_to_ilk(cdp.ilk.words()[0]);
    if (!configured(*chain.protocol, ilk)) continue;
    const std::string address = calls.address(cdp.urn, "CdpManager.urns(" + cdp.id + ")").shown;
    UrnReading& urn = urns[{ilk, address}];
    urn.ilk = ilk;
    urn.urn = address;
    urn.cdp = cdp.id;
    urn.owner = calls.address(cdp.owner, "CdpManager.owns(" + cdp.id + ")").shown;
  }
}

// Each urn's ink and art: one Vat.urns call each, sent together, 10,000 at a time (100
// multicalls): only one part's calls and answers are held at once, a few MB, not 100,000 urns'.
std::vector<UrnReading> read_states(const Chain& chain, Calls& calls, UrnsByKey& urns) {
  constexpr std::size_t urns_per_send = 10000;
  std::vector<UrnReading> read;
  for (auto next = urns.begin(); next != urns.end();) {
    std::vector<std::pair<UrnReading*, Answer>> states;
    for (; next != urns.end() && states.size() < urns_per_send; ++next) {
      UrnReading& urn = next->second;
      states.emplace_back(&urn, calls.ask(chain.protocol->vat,
                                          call_data(vat_urns, {ilk_word(urn.ilk), address_word(call_form(chain, urn.urn))}),
                                          2, "Vat.urns(" + urn.ilk + ", " + urn.urn + ")"));
    }
    calls.send();
    for (auto& [urn, state] : states) {
      const std::vector<Word>& words = state.words();
      urn->ink = word_to_decimal(words[0]);
      urn->art = word_to_decimal(words[1]);
      read.push_back(std::move(*urn));
    }
  }
  return read;
}

}  // namespace

UrnsReading read_urn_states(const Chain& chain, ChainAccess& access, const KnownUrns& known, std::uint64_t block) {
  UrnsByKey urns;
  for (const UrnReading& urn : known.urns) urns.try_emplace({urn.ilk, urn.urn}, urn);
  Calls calls(chain, access, std::nullopt, block);
  const StatusRead status(chain, calls, std::set<Auction>(known.running.begin(), known.running.end()));
  UrnsReading reading;
  reading.urns = read_states(chain, calls, urns);
  reading.auctions.status = status.take();
  return reading;
}

KnownUrns known_urns(pqxx::connection& connection, const std::string& chain) {
  pqxx::read_transaction read(connection);
  KnownUrns known;
  for (const pqxx::row& row : read.exec_params(select_urns, chain)) {
    known.urns.push_back({row[0].as<std::string>(), row[1].as<std::string>(), "", "", row[2].as<std::string>(),
                          row[3].as<std::string>()});
  }
  for (const pqxx::row& row : read.exec_params(select_clippers, chain)) {
    const std::string clipper = row[0].as<std::string>();
    known.clippers.push_back({chain == "tron" ? tron_to_hex(clipper) : clipper, clipper});
  }
  for (const pqxx::row& row : read.exec_params(select_running, chain)) {
    known.running.emplace_back(row[0].as<std::string>(), row[1].as<std::string>());
  }
  const pqxx::result range = read.exec_params(select_range, chain);
  if (!range.empty()) known.range = {{range[0][0].as<std::uint64_t>(), range[0][1].as<std::uint64_t>()}};
  return known;
}

std::uint64_t vat_deployment(const Chain& chain, ChainAccess& access, std::uint64_t below) {
  if (chain.protocol->vat_block) return *chain.protocol->vat_block;
  // The first block with code: by bisection, code once there staying there.
  Nodes& nodes = access.nodes(chain.name);
  if (!has_code(nodes, chain.protocol->vat, below)) return below + 1;
  std::uint64_t low = 0;
  std::uint64_t high = below;
  while (low < high) {
    const std::uint64_t middle = low + (high - low) / 2;
    if (has_code(nodes, chain.protocol->vat, middle)) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

UrnsReading read_urn_events(const Chain& chain, ChainAccess& access, const KnownUrns& known, std::uint64_t from,
                            std::uint64_t to, UrnCounts* counts) {
  EventsRead read = events_between(chain, access, known.clippers, from, to, counts);
  UrnsReading reading;
  UrnsByKey urns;
  for (const UrnEvent& event : read.events) urns.try_emplace({event.ilk, event.urn}, UrnReading{event.ilk, event.urn, "0", "0", "", ""});
  for (auto& [key, urn] : urns) reading.urns.push_back(std::move(urn));
  reading.events = std::move(read.events);
  reading.auctions = std::move(read.auctions);
  reading.first_block = from;
  reading.last_block = to;
  reading.range = read.next == to + 1;  // whole, or not to be written: the range grows without a gap
  return reading;
}

UrnsReading read_urns(const Chain& chain, ChainAccess& access, const KnownUrns& known,
                      const std::vector<Address>& clippers, const std::string& block, UrnCounts* counts) {
  const Protocol& protocol = *chain.protocol;
  Nodes& nodes = access.nodes(chain.name);
  const long long requests_before = nodes.requests();
  const long long calls_before = nodes.calls();
  // A chain read at "latest": the events up to the head just before its urns are read.
  const std::uint64_t to = block.empty() ? access.blocks(chain.name).head() : std::stoull(block);

  UrnsReading reading;
  std::uint64_t from = 0;
  if (known.range) {
    reading.first_block = known.range->first;
    from = known.range->second + 1;
  } else {
    from = first_run_start(chain, access, to);
    reading.first_block = from;
  }
  std::vector<Address> asked = known.clippers;
  asked.insert(asked.end(), clippers.begin(), clippers.end());
  EventsRead read = events_between(chain, access, asked, from, to, counts);
  reading.range = read.next > 0;  // block 0 refused on a first run: nothing to write yet
  reading.last_block = read.next - (read.next > 0 ? 1 : 0);
  reading.events = std::move(read.events);
  reading.auctions = std::move(read.auctions);

  UrnsByKey urns;
  for (const UrnReading& urn : known.urns) urns.try_emplace({urn.ilk, urn.urn}, urn);
  for (const UrnEvent& event : reading.events) urns.try_emplace({event.ilk, event.urn}, UrnReading{event.ilk, event.urn, "", "", "", ""});
  Calls calls(chain, access, std::nullopt, block.empty() ? std::nullopt : std::optional<std::uint64_t>(to));
  const StatusRead status(chain, calls, running_auctions(known.running, reading.auctions));
  if (protocol.cdp_manager) read_cdps(chain, calls, urns);
  counts->new_urns = urns.size() - known.urns.size();

  reading.urns = read_states(chain, calls, urns);
  reading.auctions.status = status.take();
  counts->running = reading.auctions.status.size();
  counts->requests = nodes.requests() - requests_before;
  counts->calls = nodes.calls() - calls_before;
  return reading;
}

}  // namespace coin::indexer
