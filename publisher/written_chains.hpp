#pragma once
// Which answers a snapshot written may have changed, from the payloads of the notifications
// that announced it (sql/deploy/notify_chains.sql): "vault_state eth,tron" changes the answers
// of eth and tron that read snapshot.vault_state (or any table), and those of no chain in
// particular; anything else (a table alone, a DDL command's tag) may change any answer. The
// publisher renders again only those (answer_jobs.hpp).

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace coin {

class WrittenChains {
 public:
  // Any answer may have changed: at start, after a lost connection.
  static WrittenChains every_chain();
  // Nothing was written yet.
  static WrittenChains none();

  // Adds what a notification's payload announces.
  void add(std::string_view payload);

  // Whether the answers of `chain` that read `tables` alone (Endpoint::tables; none named: any
  // table) may have changed.
  bool has(std::string_view chain, const std::vector<std::string_view>& tables = {}) const;
  // Whether any answer may have changed, whatever it reads.
  bool every() const { return every_chain_; }

 private:
  bool every_chain_ = false;
  std::map<std::string, std::set<std::string, std::less<>>, std::less<>> chains_of_table_;
};

}  // namespace coin
