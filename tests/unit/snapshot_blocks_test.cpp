// What X-Snapshot-Blocks may be (shared/snapshot_blocks.hpp): api.snapshot_blocks_text's line, as
// a header and in a set directory's name, and nothing that could break either.

#include "shared/snapshot_blocks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace coin {
namespace {

TEST(SnapshotBlocks, TheTextOfTheViewIsTaken) {
  EXPECT_TRUE(are_snapshot_blocks("tron=latest; eth=22480012; bsc=48123456; plasma=1500000"));
  EXPECT_TRUE(are_snapshot_blocks(""));  // no chain has a snapshot
  EXPECT_TRUE(are_snapshot_blocks(std::string(max_snapshot_blocks, 'a')));
}

TEST(SnapshotBlocks, WhatWouldBreakAHeaderOrADirectoryNameIsNot) {
  for (const std::string& blocks : std::vector<std::string>{"tron=latest\r\nSet-Cookie: x=1", "eth=1/../x", "Tron=latest",
                                                           "eth=1,bsc=2", std::string("eth=1\0", 6)}) {
    EXPECT_FALSE(are_snapshot_blocks(blocks)) << blocks;
  }
  // With "set." and ".XXXXXX", longer would pass the 255 bytes of a file name.
  EXPECT_FALSE(are_snapshot_blocks(std::string(max_snapshot_blocks + 1, 'a')));
  EXPECT_LE(4 + max_snapshot_blocks + 7, 255u);
}

}  // namespace
}  // namespace coin
