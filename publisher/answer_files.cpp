#include "publisher/answer_files.hpp"

#include <sys/stat.h>

#include <optional>
#include <pqxx/pqxx>
#include <stdexcept>
#include <utility>

#include "publisher/brotli.hpp"
#include "publisher/set_files.hpp"
#include "publisher/split_compression.hpp"
#include "shared/gzip.hpp"
#include "shared/response.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {

namespace fs = std::filesystem;

namespace {

// Writes `body`'s .gz beside `file` in `set` when gzip makes it smaller, and its .br beside it.
void write_compressed(const fs::path& set, const std::string& file, std::string_view body, std::time_t mtime) {
  const std::string gzip = compressed_variant(body);
  if (gzip.empty()) return;
  write_file(set / (file + ".gz"), gzip, mtime);
  // Beside each .gz, always: a client that takes br is sent the .br, or the plain file when there
  // is none (nginx/published.conf). Brotli came out smaller than gzip on every answer of the
  // demo's and the fixture's sets.
  write_file(set / (file + ".br"), brotli_compress(body), mtime);
}

// Whether `base`'s file `name`, `length` long (length_in), holds `bytes`: read only when its
// length is theirs.
bool same_bytes(const fs::path& base, const std::string& name, std::optional<std::size_t> length,
                std::string_view bytes) {
  return length == bytes.size() && read_file(base / name) == bytes;
}

}  // namespace

bool write_answer(const fs::path& base, const fs::path& set, const Endpoint& endpoint,
                  const std::vector<std::string>& values, const Fetched& fetched) {
  const Response response = answer_of(endpoint, fetched.value);
  const std::string file = published_file(endpoint, values);
  if (same_bytes(base, file, length_in(base, file), response.body) && link_from(base, set, file)) return false;
  write_file(set / file, response.body, fetched.last_modified);
  write_compressed(set, file, response.body, fetched.last_modified);
  return true;
}

bool write_kept_answer(const fs::path& base, const fs::path& set, const Endpoint& endpoint,
                       const std::vector<std::string>& values, const KeptFetched& fetched, KeptAnswers& kept,
                       std::time_t mtime) {
  const std::string file = published_file(endpoint, values);
  KeptPart& part = kept.part(file);
  // The set before's bytes, read once where the kept part is taken from them: the live part's
  // length often stays the same, and only the whole says whether its bytes did.
  std::string before;
  if (!fetched.kept) {
    if (kept.held(part)) before = read_file(base / file);
    if (!kept.held(part) || before.size() < part.plain) {
      throw std::logic_error("the kept part of " + file + " is not in the set before");
    }
  }
  std::string body = fetched.kept ? success_start(*fetched.kept) : before.substr(0, part.plain);
  const std::size_t start = body.size();
  body += success_rest(fetched.live);
  const bool same = fetched.kept ? same_bytes(base, file, length_in(base, file), body) : before == body;
  if (same && link_from(base, set, file)) {
    // Held, the set before's files are laid out as the part says; otherwise, not known to be.
    if (fetched.kept) part = {};
    part.set = kept.rendering();
    return false;
  }
  write_file(set / file, body, mtime);
  std::string gzip;
  std::string brotli;
  if (fetched.kept) {
    part = {fetched.key, kept.rendering(), start};
    if (compressed_apart(start)) {
      CompressedStart compressed = compress_start(std::string_view(body).substr(0, start));
      part.gzip = compressed.gzip.size();
      part.brotli = compressed.brotli.size();
      part.crc = compressed.crc;
      gzip = std::move(compressed.gzip);
      brotli = std::move(compressed.brotli);
    }
  } else if (part.gzip != 0) {
    gzip = read_file(base / (file + ".gz"), part.gzip);
    brotli = read_file(base / (file + ".br"), part.brotli);
  }
  part.set = kept.rendering();
  if (part.gzip == 0) {
    write_compressed(set, file, body, mtime);
    return true;
  }
  // As the handlers' gzip variant of the same answer (compressed_variant), from the kept bytes.
  const std::string_view rest = std::string_view(body).substr(start);
  write_file(set / (file + ".gz"), gzip + gzip_rest(rest, part.crc, start), mtime);
  write_file(set / (file + ".br"), brotli + brotli_rest(rest), mtime);
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
