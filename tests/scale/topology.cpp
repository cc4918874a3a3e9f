#include "tests/scale/topology.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"

namespace coin::scale {
namespace {

using namespace std::chrono_literals;

// Of its own, so that a topology a person started (10.77.0, coin-*) is left alone.
constexpr std::string_view network = "10.78.0";
constexpr std::string_view prefix = "coinscale";

// The last `count` lines of `text`.
std::string last_lines(const std::string& text, int count) {
  size_t start = text.size();
  // rfind gives npos (+ 1 = 0) before the first line.
  while (start > 0 && count-- > 0) start = start > 1 ? text.rfind('\n', start - 2) + 1 : 0;
  return text.substr(start);
}

// scripts/test/topology.sh's hosts.tsv: "<host><TAB><address>" lines; none before it is written.
std::map<std::string, std::string, std::less<>> read_addresses(const std::string& file) {
  std::map<std::string, std::string, std::less<>> addresses;
  std::istringstream lines(e2e::read_file(file));
  for (std::string host, address; std::getline(lines, host, '\t') && std::getline(lines, address);) {
    addresses[host] = address;
  }
  return addresses;
}

}  // namespace

Topology::Topology(int indexer_interval) : var_(e2e::make_var_directory("coin-scale")) {
  const std::string script = std::string(COIN_SOURCE_DIR) + "/scripts/test/topology.sh";
  std::vector<std::string> environment = {"VAR=" + var_, "NET=" + std::string(network),
                                          "PREFIX=" + std::string(prefix),
                                          std::string("HANDLERS=") + COIN_HANDLER_DIR, "THREADS=2"};
  if (indexer_interval > 0) {
    environment.push_back("DATA=empty");
    environment.push_back("INDEXER=" + std::to_string(indexer_interval));
  } else {
    environment.push_back("DATA=fixture");
  }
  pid_ = e2e::spawn({"/bin/bash", script}, environment, var_ + "/topology.log");
  e2e::wait_until_ready(
      pid_, 180s,
      [&] {
        if (addresses_.empty()) addresses_ = read_addresses(var_ + "/hosts.tsv");
        return e2e::http("GET", url("/totalSupply", "edge")).status == 200;
      },
      "the topology", [this] { return log(); });
}

Topology::~Topology() {
  e2e::terminate(pid_);  // the script stops every process and removes the namespaces
  std::error_code ignored;
  std::filesystem::remove_all(var_, ignored);
}

std::string Topology::url(std::string_view path_and_query, std::string_view host) const {
  return "http://" + address(host) + ":8080" + std::string(path_and_query);
}

std::string Topology::address(std::string_view host) const {
  const auto found = addresses_.find(host);
  if (found == addresses_.end()) throw std::invalid_argument("no host " + std::string(host));
  return found->second;
}

const std::vector<std::string>& Topology::database_hosts() {
  static const std::vector<std::string> hosts = {"db1", "db2", "db3"};
  return hosts;
}

std::string Topology::query(std::string_view host, std::string_view sql) const {
  return e2e::psql_output("host=" + var_ + "/" + std::string(host) + " dbname=coin user=postgres", sql);
}

bool Topology::write_snapshot(int minute) const {
  const std::string conninfo = "host=" + address("db1") + "," + address("db2") + "," + address("db3") +
                               " dbname=coin user=coin_indexer target_session_attrs=read-write";
  const std::string sql =
      "INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price,"
      " earn_apy, earn_tvl) SELECT chain, taken_at + interval '1 minute' * " + std::to_string(minute) +
      ", coin_supply + " + std::to_string(minute) + ", scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl"
      " FROM snapshot.chain_state WHERE chain = 'tron' AND taken_at = '2026-05-13 08:00+08'";
  return e2e::psql_succeeds(conninfo, sql);
}

bool Topology::command(const std::string& arguments, const std::string& output) const {
  const std::string log = var_ + "/commands.log";
  return std::system(("VAR=" + var_ + " " + COIN_SOURCE_DIR + "/scripts/test/topology.sh " + arguments +
                      (output.empty() ? " >>" + log : " >" + output) + " 2>>" + log).c_str()) == 0;
}

std::string Topology::command_output(const std::string& arguments) const {
  static std::atomic<int> calls{0};  // a file each, for calls from several threads
  const std::string out = var_ + "/command-" + std::to_string(++calls) + ".out";
  const bool succeeded = command(arguments, out);
  std::string text = succeeded ? e2e::read_file(out) : "";
  std::error_code ignored;
  std::filesystem::remove(out, ignored);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string Topology::role(std::string_view host) const { return command_output("role " + std::string(host)); }

std::string Topology::primary() const {
  for (const std::string& host : database_hosts()) {
    if (role(host) == "primary") return host;
  }
  return "";
}

std::string Topology::switchover() const { return command_output("switchover"); }

bool Topology::indexer_once(std::string_view host) const { return command("indexer-once " + std::string(host)); }

bool Topology::link(std::string_view host, bool up) const {
  return command("link " + std::string(host) + (up ? " up" : " down"));
}

bool Topology::database(std::string_view host, bool start) const {
  return command("database " + std::string(host) + (start ? " start" : " stop"));
}

bool Topology::lag(std::string_view delay) const { return command("lag " + std::string(delay)); }

long Topology::answered_by(std::string_view host, std::string_view path) const {
  long answers = 0;
  for (const auto& entry : std::filesystem::directory_iterator(var_ + "/metrics")) {
    if (entry.path().filename().string().rfind(std::string(host) + "-", 0) != 0) continue;
    std::istringstream lines(e2e::read_file(entry.path()));
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("coin_handler_answers_total{", 0) != 0) continue;
      if (!path.empty() && line.find("path=\"" + std::string(path) + "\"") == std::string::npos) continue;
      answers += std::stol(line.substr(line.rfind(' ') + 1));
    }
  }
  return answers;
}

long Topology::failed_attempts(std::string_view host) const {
  std::istringstream lines(e2e::read_file(var_ + "/front.log"));
  const std::string upstream = "[error]";
  const std::string server = "upstream: \"fastcgi://" + address(host) + ":";
  long attempts = 0;
  for (std::string line; std::getline(lines, line);) {
    attempts += line.find(upstream) != std::string::npos && line.find(server) != std::string::npos;
  }
  return attempts;
}

long Topology::requests_from(std::string_view host) const {
  std::istringstream lines(e2e::read_file(var_ + "/front/nginx/access.log"));
  const std::string client = address(host) + " ";
  long requests = 0;
  for (std::string line; std::getline(lines, line);) requests += line.rfind(client, 0) == 0;
  return requests;
}

long Topology::late_rounds() const {
  std::istringstream lines(e2e::read_file(var_ + "/indexer.log"));
  long late = 0;
  for (std::string line; std::getline(lines, line);) late += line.find("written late") != std::string::npos;
  return late;
}

std::string Topology::log() const {
  std::string text;
  for (const char* name : {"topology.log", "commands.log", "edge.log", "front.log", "handler1.log", "handler2.log",
                           "vault-history.log", "indexer.log", "db1/patroni.log", "db2/patroni.log",
                           "db3/patroni.log"}) {
    text += "--- " + std::string(name) + "\n" + last_lines(e2e::read_file(var_ + "/" + name), 30);
  }
  return text;
}

}  // namespace coin::scale
