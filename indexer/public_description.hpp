#pragma once
// The deployment's public description: the indexer's configuration file (config.hpp) without
// what is private, each chain's "rpc" and "ws" (its nodes' URLs, which may hold API keys) and
// the top-level "timeout_seconds". A reader reads the same contracts from the chain with it and works
// out the API's figures again; the indexer writes it into the database (description_writer.hpp)
// and the ops handler serves it at /.well-known/coin-api/deployment.json.

#include <string>
#include <string_view>

namespace coin::indexer {

// `config_text` (a configuration file's text, JSON) without "timeout_seconds" and each
// chains.<name>.rpc and .ws; everything else as the file gives it. Written in one form whatever the
// file's: two spaces of indent, each object's keys in byte order, non-ASCII characters as they
// are, a line break at the end. Throws ConfigError ("not JSON: ...") when it is not JSON
// (load_config refuses such a file first).
std::string public_description(std::string_view config_text);

}  // namespace coin::indexer
