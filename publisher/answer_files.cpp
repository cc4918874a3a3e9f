#include "publisher/answer_files.hpp"

#include <sys/stat.h>

#include <optional>
#include <pqxx/pqxx>

#include "publisher/brotli.hpp"
#include "publisher/set_files.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {

namespace fs = std::filesystem;

bool write_answer(const fs::path& base, const fs::path& set, const Endpoint& endpoint,
                  const std::vector<std::string>& values, const Fetched& fetched) {
  const Response response = answer_of(endpoint, fetched.value);
  const std::string file = published_file(endpoint, values);
  const std::optional<fs::path> before = found_in(base, file);
  if (before && read_file(*before) == response.body && link_from(base, set, file)) return false;
  write_file(set / file, response.body, fetched.last_modified);
  const std::string gzip = compressed_variant(response.body);
  if (gzip.empty()) return true;
  write_file(set / (file + ".gz"), gzip, fetched.last_modified);
  // Beside each .gz, always: a client that takes br is sent the .br, or the plain file when there
  // is none (nginx/published.conf). Brotli came out smaller than gzip on every answer of the
  // demo's and the fixture's sets.
  write_file(set / (file + ".br"), brotli_compress(response.body), fetched.last_modified);
  return true;
}

void write_alias(pqxx::transaction_base& transaction, const fs::path& set, const Endpoint& endpoint,
                 std::time_t mtime) {
  if (endpoint.alias_column.empty()) return;
  const pqxx::row row = transaction.exec_prepared1(alias_statement_of(endpoint).name);
  const std::string name = alias_name(endpoint, row[0].is_null() ? "" : row[0].c_str());
  if (!name.empty()) write_file(set / alias_file(endpoint, name), "", mtime);
}

PublishedAnswer published_answer(const fs::path& set, const Endpoint& endpoint, const std::vector<std::string>& values) {
  const fs::path file = set / published_file(endpoint, values);
  struct stat status {};
  if (::stat(file.c_str(), &status) != 0) throw_errno("cannot read " + file.string());
  const std::string query = canonical_query(endpoint, values);
  return {std::string(endpoint.path) + (query.empty() ? "" : "?" + query),
          static_file_etag(status.st_mtime, static_cast<std::size_t>(status.st_size))};
}

}  // namespace coin
