#pragma once
// Which answers a snapshot written may have changed, from the payloads of the notifications
// that announced it (sql/deploy/notify_chains.sql): "vault_state eth,tron" changes the answers
// of eth and tron, and those of no chain in particular; anything else (a table alone, a DDL
// command's tag) may change any answer. The publisher renders again only those
// (answer_jobs.hpp).

#include <set>
#include <string>
#include <string_view>

namespace coin {

class WrittenChains {
 public:
  // Any answer may have changed: at start, after a lost connection.
  static WrittenChains every_chain();
  // Nothing was written yet.
  static WrittenChains none();

  // Adds what a notification's payload announces.
  void add(std::string_view payload);

  // Whether the answers of `chain` may have changed.
  bool has(std::string_view chain) const;
  // Whether any answer may have changed, whatever it reads.
  bool every() const { return every_chain_; }

 private:
  bool every_chain_ = false;
  std::set<std::string, std::less<>> chains_;
};

}  // namespace coin
