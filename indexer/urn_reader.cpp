#include "indexer/urn_reader.hpp"

#include <algorithm>
#include <map>
#include <pqxx/pqxx>
#include <utility>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"
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

constexpr const char* select_urns = R"(
SELECT v.vault_type, u.address, coalesce(u.cdp_id::text, ''), coalesce(u.owner, '')
  FROM snapshot.urn AS u JOIN snapshot.vault AS v USING (vault_id)
 WHERE v.chain = $1::snapshot.chain)";

constexpr const char* select_range =
    "SELECT first_block, last_block FROM snapshot.urn_log_range WHERE chain = $1::snapshot.chain";

// Each chain's eth_getLogs window, learnt for as long as the process runs.
LogWindow& window_of(const std::string& chain) {
  static std::map<std::string, LogWindow> windows;
  return windows[chain];
}

GetLogs logs_of(Nodes& nodes, const std::string& address) {
  return [&nodes, address](std::uint64_t from, std::uint64_t to) {
    Json::Value filter(Json::objectValue);
    filter["address"] = address;
    filter["fromBlock"] = quantity(from);
    filter["toBlock"] = quantity(to);
    Json::Value first(Json::arrayValue);  // any of frob, fork and grab
    for (const std::string& topic : urn_event_topics()) first.append(topic);
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
  std::uint64_t next = 0;  // the first block not read
};

// The events of configured Vault types in blocks [from, to], each with its block's time.
EventsRead events_between(const Chain& chain, ChainAccess& access, std::uint64_t from, std::uint64_t to,
                          UrnCounts* counts) {
  const Protocol& protocol = *chain.protocol;
  const LogsRead read = read_logs(logs_of(access.nodes(chain.name), protocol.vat.call), from, to, window_of(chain.name));
  counts->log_requests += read.requests;
  counts->log_refusals += read.refusals;
  if (!read.error.empty()) counts->log_error = read.error;
  EventsRead events{{}, read.next};
  for (const Json::Value& log : read.logs) {
    try {
      for (UrnEvent& event : urn_events_of(log, chain.name == "tron")) {
        if (configured(protocol, event.ilk)) events.events.push_back(std::move(event));
      }
    } catch (const AbiError& e) {
      throw ReadError("a Vat LogNote on " + chain.name + ": " + e.what());
    }
  }
  // Block times, where the logs carry none: the blocks' headers, in one batch.
  std::vector<std::uint64_t> untimed;
  for (const UrnEvent& event : events.events) {
    if (event.block_time.empty()) untimed.push_back(event.block);
  }
  BlockFinder& blocks = access.blocks(chain.name);
  blocks.fetch(untimed);
  for (UrnEvent& event : events.events) {
    if (event.block_time.empty()) event.block_time = std::to_string(blocks.time_of(event.block));
  }
  counts->events += events.events.size();
  return events;
}

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
  UrnsReading reading;
  reading.urns = read_states(chain, calls, urns);
  return reading;
}

KnownUrns known_urns(pqxx::connection& connection, const std::string& chain) {
  pqxx::read_transaction read(connection);
  KnownUrns known;
  for (const pqxx::row& row : read.exec_params(select_urns, chain)) {
    known.urns.push_back({row[0].as<std::string>(), row[1].as<std::string>(), "", "", row[2].as<std::string>(),
                          row[3].as<std::string>()});
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

UrnsReading read_urn_events(const Chain& chain, ChainAccess& access, std::uint64_t from, std::uint64_t to,
                            UrnCounts* counts) {
  EventsRead read = events_between(chain, access, from, to, counts);
  UrnsReading reading;
  UrnsByKey urns;
  for (const UrnEvent& event : read.events) urns.try_emplace({event.ilk, event.urn}, UrnReading{event.ilk, event.urn, "0", "0", "", ""});
  for (auto& [key, urn] : urns) reading.urns.push_back(std::move(urn));
  reading.events = std::move(read.events);
  reading.first_block = from;
  reading.last_block = to;
  reading.range = read.next == to + 1;  // whole, or not to be written: the range grows without a gap
  return reading;
}

UrnsReading read_urns(const Chain& chain, ChainAccess& access, const KnownUrns& known, const std::string& block,
                      UrnCounts* counts) {
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
  EventsRead read = events_between(chain, access, from, to, counts);
  reading.range = read.next > 0;  // block 0 refused on a first run: nothing to write yet
  reading.last_block = read.next - (read.next > 0 ? 1 : 0);
  reading.events = std::move(read.events);

  UrnsByKey urns;
  for (const UrnReading& urn : known.urns) urns.try_emplace({urn.ilk, urn.urn}, urn);
  for (const UrnEvent& event : reading.events) urns.try_emplace({event.ilk, event.urn}, UrnReading{event.ilk, event.urn, "", "", "", ""});
  Calls calls(chain, access, std::nullopt, block.empty() ? std::nullopt : std::optional<std::uint64_t>(to));
  if (protocol.cdp_manager) read_cdps(chain, calls, urns);
  counts->new_urns = urns.size() - known.urns.size();

  reading.urns = read_states(chain, calls, urns);
  counts->requests = nodes.requests() - requests_before;
  counts->calls = nodes.calls() - calls_before;
  return reading;
}

}  // namespace coin::indexer
