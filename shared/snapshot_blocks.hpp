#pragma once
// What an answer rests on: the block each chain's newest snapshot was read at, in one line, as
// api.snapshot_blocks_text gives it (sql/deploy/snapshot_blocks.sql): "tron=latest;
// eth=22480012; bsc=48123456; plasma=1500000". Every answer with data carries it in the header
// X-Snapshot-Blocks: a handler's from its statement, beside the answer (rendered_answer.hpp); a
// published one from the name of the set it is served from, which the publisher makes of the
// same text in the same transaction (publisher/published_sets.hpp) and nginx reads back
// (nginx/header-values.conf). docs/provenance.md says what it means.
//
// Beside it, X-Snapshot-Final says of each of those blocks whether it is final, at or below the
// chain's finalized block ("tron=no; eth=yes; bsc=no"; api.snapshot_blocks_text's final,
// sql/deploy/finality.sql), and travels the same way: a handler's from its statement, a published
// one from its set (publisher/published_sets.hpp).

#include <cstddef>
#include <string_view>

namespace coin {

inline constexpr std::string_view snapshot_blocks_header = "X-Snapshot-Blocks";
inline constexpr std::string_view snapshot_final_header = "X-Snapshot-Final";

// The longest text taken: with "set." before it and ".XXXXXX" after, a set's name stays a
// file name (255 bytes).
inline constexpr std::size_t max_snapshot_blocks = 200;

// Whether `blocks` (or a finality's text) can go in a header and in a directory's name as it
// is: at most max_snapshot_blocks of a-z, 0-9, '=', ';' and ' ' (the chains' names are
// lower-case words).
bool are_snapshot_blocks(std::string_view blocks);

}  // namespace coin
