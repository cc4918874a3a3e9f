#include "handlers/ops/health.hpp"

#include <json/json.h>
#include <prometheus/gauge.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include "shared/log.hpp"
#include "shared/version.hpp"

namespace coin {
namespace {

// Adds the problem, if any, of data `age` seconds old: `subject` names them ("the newest
// snapshot of eth is"), `missing` says there are none.
void judge_age(std::vector<std::string>& problems, std::optional<long long> age, long long max_age,
               const std::string& subject, const std::string& missing) {
  if (!age) {
    problems.push_back(missing);
  } else if (*age > max_age) {
    problems.push_back(subject + " " + std::to_string(*age) + " s old (limit " + std::to_string(max_age) + " s)");
  }
}

bool publisher_reachable(const PublishedState& publisher, std::time_t now) {
  return publisher.heartbeat && now - *publisher.heartbeat <= publisher_heartbeat_seconds;
}

Json::Value time_and_age(std::optional<std::time_t> time, std::optional<long long> age) {
  Json::Value value(Json::objectValue);
  value["snapshotAt"] = time ? Json::Value(utc_time(*time)) : Json::Value();
  value["ageSeconds"] = age ? Json::Value(Json::Int64{*age}) : Json::Value();
  return value;
}

// /healthz's blocks member of one chain: its newest snapshot's block, nulls for one read at
// latest; the chain's finalized block (null: none known) and whether that block is final.
Json::Value block_of(const ChainBlock& block) {
  Json::Value value(Json::objectValue);
  value["number"] = block.number ? Json::Value(Json::Int64{*block.number}) : Json::Value();
  value["hash"] = block.hash ? Json::Value(*block.hash) : Json::Value();
  value["time"] = block.time ? Json::Value(utc_time(*block.time)) : Json::Value();
  value["snapshotAt"] = block.snapshot ? Json::Value(utc_time(*block.snapshot)) : Json::Value();
  value["finalized"] = block.finalized ? Json::Value(Json::Int64{*block.finalized}) : Json::Value();
  value["final"] = block.final;
  return value;
}

std::optional<long long> published_age(const PublishedState& publisher, std::time_t now) {
  if (!publisher.snapshot) return std::nullopt;
  return static_cast<long long>(now - *publisher.snapshot);
}

}  // namespace

std::vector<std::string> problems_of(const Freshness& freshness, long long max_age_seconds) {
  std::vector<std::string> problems;
  if (!freshness.database_reachable) problems.push_back("the database is unreachable");
  for (const ChainFreshness& chain : freshness.chains) {
    judge_age(problems, chain.age_seconds, max_age_seconds, "the newest snapshot of " + chain.chain + " is",
              chain.chain + " has no snapshot");
  }
  for (const VaultFreshness& vault : freshness.vaults) {
    const std::string name = "Vault " + vault.vault + " on " + vault.chain;
    judge_age(problems, vault.age_seconds, max_age_seconds, "the newest state of " + name + " is",
              name + " has no state");
  }
  if (freshness.publisher) {
    judge_age(problems, published_age(*freshness.publisher, freshness.now), max_age_seconds,
              "the published answers are", "no answers are published");
  }
  return problems;
}

Response health_answer(const Freshness& freshness, long long max_age_seconds) {
  const std::vector<std::string> problems = problems_of(freshness, max_age_seconds);
  Json::Value health(Json::objectValue);
  health["status"] = problems.empty() ? "ok" : "failing";
  health["version"] = std::string(version);
  health["time"] = utc_time(freshness.now);
  health["maxAgeSeconds"] = Json::Int64{max_age_seconds};
  health["database"]["reachable"] = freshness.database_reachable;
  // Unknown (null) while the database is unreachable.
  health["chains"] = health["vaults"] = health["blocks"] =
      Json::Value(freshness.database_reachable ? Json::objectValue : Json::nullValue);
  for (const ChainFreshness& chain : freshness.chains) {
    health["chains"][chain.chain] = time_and_age(chain.snapshot, chain.age_seconds);
  }
  for (const VaultFreshness& vault : freshness.vaults) {
    health["vaults"][vault.chain][vault.vault] = time_and_age(vault.snapshot, vault.age_seconds);
  }
  for (const ChainBlock& block : freshness.blocks) health["blocks"][block.chain] = block_of(block);
  if (freshness.publisher) {
    const PublishedState& publisher = *freshness.publisher;
    Json::Value& value = health["publisher"] =
        time_and_age(publisher.snapshot, published_age(publisher, freshness.now));
    value["reachable"] = publisher_reachable(publisher, freshness.now);
  } else {
    health["publisher"] = Json::Value();
  }
  health["problems"] = Json::Value(Json::arrayValue);
  for (const std::string& problem : problems) health["problems"].append(problem);

  Json::StreamWriterBuilder writer;
  writer["indentation"] = "";
  Response response{problems.empty() ? 200 : 503, "application/json", Json::writeString(writer, health) + "\n"};
  response.live = true;
  return response;
}

std::string freshness_metrics(const Freshness& freshness, long long max_age_seconds) {
  prometheus::Registry registry;
  const auto gauge = [&registry](const std::string& name, const std::string& help) -> auto& {
    return prometheus::BuildGauge().Name(name).Help(help).Register(registry);
  };
  const auto set = [](prometheus::Family<prometheus::Gauge>& family, const prometheus::Labels& labels, double value) {
    family.Add(labels).Set(value);
  };
  set(gauge("coin_build_info", "The running release (always 1)"), {{"version", std::string(version)}}, 1);
  set(gauge("coin_health_ok", "1 while /healthz answers 200, else 0"), {},
      problems_of(freshness, max_age_seconds).empty() ? 1 : 0);
  set(gauge("coin_database_reachable", "1 while the ops handler's database answers, else 0"), {},
      freshness.database_reachable ? 1 : 0);
  // The age and the time of the newest data of `labels`, where there are any.
  const auto set_newest = [&set](prometheus::Family<prometheus::Gauge>& ages, prometheus::Family<prometheus::Gauge>& times,
                                 const prometheus::Labels& labels, std::optional<std::time_t> snapshot,
                                 std::optional<long long> age) {
    if (!snapshot || !age) return;
    set(ages, labels, static_cast<double>(*age));
    set(times, labels, static_cast<double>(*snapshot));
  };
  auto& ages = gauge("coin_snapshot_age_seconds", "Age of the chain's newest snapshot, by the database's clock");
  auto& times = gauge("coin_snapshot_timestamp_seconds", "The chain's newest snapshot, in seconds since the epoch");
  for (const ChainFreshness& chain : freshness.chains) {
    set_newest(ages, times, {{"chain", chain.chain}}, chain.snapshot, chain.age_seconds);
  }
  auto& vault_ages = gauge("coin_vault_snapshot_age_seconds", "Age of the Vault's newest state, by the database's clock");
  auto& vault_times =
      gauge("coin_vault_snapshot_timestamp_seconds", "The Vault's newest state, in seconds since the epoch");
  for (const VaultFreshness& vault : freshness.vaults) {
    set_newest(vault_ages, vault_times, {{"chain", vault.chain}, {"vault", vault.vault}}, vault.snapshot,
               vault.age_seconds);
  }
  if (freshness.publisher) {
    const PublishedState& publisher = *freshness.publisher;
    set(gauge("coin_publisher_reachable", "1 while the publisher's heartbeat is fresh, else 0"), {},
        publisher_reachable(publisher, freshness.now) ? 1 : 0);
    if (const std::optional<long long> age = published_age(publisher, freshness.now)) {
      set(gauge("coin_published_age_seconds", "Age of the newest snapshot the published answers show"), {},
          static_cast<double>(*age));
    }
  }
  return prometheus::TextSerializer().Serialize(registry.Collect());
}

}  // namespace coin
