#include "publisher/answer_files.hpp"

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
void write_compressed(const SetDirectory& set, const std::string& file, std::string_view body, std::time_t mtime) {
  const std::string gzip = compressed_variant(body);
  if (gzip.empty()) return;
  write_file(set, file + ".gz", gzip, mtime);
  // Beside each .gz, always: a client that takes br is sent the .br, or the plain file when there
  // is none (nginx/published.conf). Brotli came out smaller than gzip on every answer of the
  // demo's and the fixture's sets.
  write_file(set, file + ".br", brotli_compress(body), mtime);
}

// Whether `base`'s file `name` holds `bytes`: read only when its length is theirs.
bool same_bytes(const SetDirectory& base, const std::string& name, std::string_view bytes) {
  const std::optional<struct stat> status = status_in(base, name);
  return status && static_cast<std::size_t>(status->st_size) == bytes.size() && read_file(base, name) == bytes;
}

}  // namespace

std::optional<std::string> write_answer(const SetDirectory& base, const SetDirectory& set, const Endpoint& endpoint,
                                        const std::vector<std::string>& values, const Fetched& fetched) {
  const Response response = answer_of(endpoint, fetched.value);
  const std::string file = published_file(endpoint, values);
  if (same_bytes(base, file, response.body) && link_from(base, set, file)) return std::nullopt;
  write_file(set, file, response.body, fetched.last_modified);
  write_compressed(set, file, response.body, fetched.last_modified);
  return static_file_etag(fetched.last_modified, response.body.size());
}

namespace {

// The answer in `file` of a kept part that `base`, the set served, holds: that part's bytes in
// each of base's files, copied by the kernel, then `live` (the rest) and its compressed blocks.
// Its bytes are the same when live is what follows the part in base. Leaves in `part` that the
// set being rendered, `rendering`, holds it too, and live after it. As write_answer, the ETag of
// the new file when its bytes changed.
std::optional<std::string> write_held_answer(const SetDirectory& base, const SetDirectory& set, const std::string& file,
                                             std::string live, KeptPart& part, unsigned long rendering,
                                             std::time_t mtime) {
  part.set = rendering;
  if (live == part.live && link_from(base, set, file)) return std::nullopt;
  part.live = std::move(live);
  const std::string& rest = part.live;
  write_spliced(set, file, base, part.plain, rest, mtime);
  if (part.gzip == 0) {  // compressed whole
    write_compressed(set, file, read_file(base, file, part.plain) + rest, mtime);
  } else {
    // As the handlers' gzip variant of the same answer (compressed_variant), from the kept bytes.
    write_spliced(set, file + ".gz", base, part.gzip, gzip_rest(rest, part.crc, part.plain), mtime);
    write_spliced(set, file + ".br", base, part.brotli, brotli_rest(rest), mtime);
  }
  return static_file_etag(mtime, part.plain + rest.size());
}

}  // namespace

std::optional<std::string> write_kept_answer(const SetDirectory& base, const SetDirectory& set, const Endpoint& endpoint,
                                             const std::vector<std::string>& values, const KeptFetched& fetched,
                                             KeptAnswers& kept, std::time_t mtime) {
  const std::string file = published_file(endpoint, values);
  KeptPart& part = kept.part(file);
  if (!fetched.kept) {
    if (!kept.held(part)) throw std::logic_error("the kept part of " + file + " is not in the set before");
    return write_held_answer(base, set, file, success_rest(fetched.live), part, kept.rendering(), mtime);
  }
  std::string body = success_start(*fetched.kept);
  const std::size_t start = body.size();
  body += success_rest(fetched.live);
  if (same_bytes(base, file, body) && link_from(base, set, file)) {
    part = {};  // the set before's files are not known to be laid out as a part would say
    part.set = kept.rendering();
    return std::nullopt;
  }
  write_file(set, file, body, mtime);
  part = {fetched.key, kept.rendering(), start};
  part.live = body.substr(start);
  const std::string etag = static_file_etag(mtime, body.size());
  if (!compressed_apart(start)) {
    write_compressed(set, file, body, mtime);
    return etag;
  }
  CompressedStart compressed = compress_start(std::string_view(body).substr(0, start));
  part.gzip = compressed.gzip.size();
  part.brotli = compressed.brotli.size();
  part.crc = compressed.crc;
  const std::string_view rest = std::string_view(body).substr(start);
  write_file(set, file + ".gz", compressed.gzip + gzip_rest(rest, part.crc, start), mtime);
  write_file(set, file + ".br", compressed.brotli + brotli_rest(rest), mtime);
  return etag;
}

std::optional<std::string> write_segmented_answer(const SetDirectory& base, const SetDirectory& set,
                                                  const Endpoint& endpoint, const std::vector<std::string>& values,
                                                  const SegmentsFetched& fetched, KeptAnswers& kept, std::time_t mtime) {
  const std::string file = published_file(endpoint, values);
  KeptPart& part = kept.part(file);
  std::vector<std::string> segments;
  std::optional<std::string> held;  // the set before's bytes, where the kept parts are taken from them
  if (fetched.kept) {
    for (const std::string& segment : *fetched.kept) segments.push_back(compact_json(segment));
  } else {
    if (!kept.held(part)) throw std::logic_error("the kept parts of " + file + " are not in the set before");
    held = read_file(base, file);
    for (const auto& [at, length] : part.segments) segments.push_back(held->substr(at, length));
  }
  if (fetched.live.size() != segments.size() + 1) {
    throw DatabaseError(file + ": " + std::to_string(fetched.live.size()) + " live parts around " +
                        std::to_string(segments.size()) + " kept ones");
  }
  // Joined as the handlers' answer_of joins the payload: a part ends between JSON tokens, so the
  // parts compacted one by one are the payload compacted.
  std::string body = success_start(fetched.live.front());
  std::vector<std::pair<std::size_t, std::size_t>> where;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    where.emplace_back(body.size(), segments[i].size());
    body += segments[i];
    body += compact_json(fetched.live[i + 1]);
  }
  body += success_rest("");  // the envelope's end
  part = {fetched.key, kept.rendering()};
  part.segments = std::move(where);
  const bool same = held ? *held == body : same_bytes(base, file, body);
  if (same && link_from(base, set, file)) return std::nullopt;
  write_file(set, file, body, mtime);
  write_compressed(set, file, body, mtime);
  return static_file_etag(mtime, body.size());
}

void write_alias(pqxx::transaction_base& transaction, const SetDirectory& set, const Endpoint& endpoint,
                 std::time_t mtime) {
  if (endpoint.alias_column.empty()) return;
  const pqxx::row row = transaction.exec_prepared1(alias_statement_of(endpoint).name);
  const std::string name = alias_name(endpoint, row[0].is_null() ? "" : row[0].c_str());
  if (!name.empty()) write_file(set, alias_file(endpoint, name), "", mtime);
}

std::string published_path(const Endpoint& endpoint, const std::vector<std::string>& values) {
  const std::string query = canonical_query(endpoint, values);
  return std::string(endpoint.path) + (query.empty() ? "" : "?" + query);
}

}  // namespace coin
