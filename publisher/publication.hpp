#pragma once
// What a publication made current: the set, what it shows, and its answers.

#include <ctime>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace coin {

// An answer of a set: its path with its query as nginx serves it
// ("/api/v1/data-platform/latest-collateral?chain=eth"), its ETag (of the bytes as they are,
// not gzip-compressed), its file in the set (endpoints.hpp: published_file) and its Content-Type.
struct PublishedAnswer {
  std::string path;
  std::string etag;
  std::string file;
  std::string_view content_type;
};

// The ETag of each answer of a set, by its path with its query.
using ServedEtags = std::map<std::string, std::string>;

struct Publication {
  std::string set;          // its directory's name (set.<blocks>.XXXXXX)
  std::time_t newest = -1;  // the newest snapshot it shows
  std::string blocks;       // the blocks its answers rest on (X-Snapshot-Blocks)
  std::string finality;     // whether each is final (X-Snapshot-Final)
  // Every answer of the set, in the order of the endpoint list.
  std::vector<PublishedAnswer> answers;
  // Those whose bytes differ from the set this process published before, in the same order; all
  // of them when it published none.
  std::vector<PublishedAnswer> changed;
  // The files of its answers it signed (set_signatures.hpp), and the milliseconds that took.
  std::size_t signed_files = 0;
  double signing_ms = 0;
};

}  // namespace coin
