// The Dog's and the Clippers' events decoded from logs written by hand as a node answers them.
// The first topics are keccak-256 of the signatures (checked with js-sha3):
//   Bark(bytes32,address,uint256,uint256,uint256,address,uint256)  0x85258d09...3358c
//   Kick(uint256,uint256,uint256,uint256,address,address,uint256)  0x7c5bfdc0...064b8
//   Take(uint256,uint256,uint256,uint256,uint256,uint256,address)  0x05e309fd...d86b1
//   Redo(uint256,uint256,uint256,uint256,address,address,uint256)  0x275de7ec...c865f
//   Yank(uint256)                                                  0x2c5d2826...8144e
// Then the indexed arguments in the topics and the others, one word each, in the data. The
// figures: 10 ETH is 10^19 = 0x8ac7230489e80000 (wad); 2000 COIN per ETH as a ray is 2 x 10^30 =
// 0x193e5939a08ce9dbd480000000; a tab of 15,000 COIN as a rad is 1.5 x 10^49 =
// 0xa436f434bd5f5c792d09a618c74cf000000000000 (checked with node's BigInt).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/auction_events.hpp"

namespace coin::indexer {
namespace {

const std::string bark = "0x85258d09e1e4ef299ff3fc11e74af99563f022d21f3f940db982229dc2a3358c";
const std::string kick = "0x7c5bfdc0a5e8192f6cd4972f382cec69116862fb62e6abff8003874c58e064b8";
const std::string take = "0x05e309fd6ce72f2ab888a20056bb4210df08daed86f21f95053deb19964d86b1";
const std::string redo = "0x275de7ecdd375b5e8049319f8b350686131c219dd4dc450a08e9cf83b03c865f";
const std::string yank = "0x2c5d2826eb5903b8fc201cf48094b858f42f61c7eaac9aaf43ebed490138144e";

const std::string eth_a = "4554482d41000000000000000000000000000000000000000000000000000000";  // "ETH-A"
const std::string clipper = "0x7777777777777777777777777777777777777777";

std::string word(const std::string& hex) { return std::string(64 - hex.size(), '0') + hex; }
std::string address(const std::string& hex) { return word(hex.substr(2)); }

const std::string ten_eth = word("8ac7230489e80000");
const std::string price_2000 = word("193e5939a08ce9dbd480000000");
const std::string tab_15000 = word("a436f434bd5f5c792d09a618c74cf000000000000");

Json::Value log_of(const std::string& emitter, const std::vector<std::string>& topics, const std::string& data) {
  Json::Value log(Json::objectValue);
  log["address"] = emitter;
  for (const std::string& topic : topics) log["topics"].append(topic.rfind("0x", 0) == 0 ? topic : "0x" + topic);
  log["data"] = "0x" + data;
  log["blockNumber"] = "0x1b4";
  log["blockHash"] = "0xABCDEF0000000000000000000000000000000000000000000000000000000001";
  log["logIndex"] = "0x3";
  log["transactionHash"] = "0x00000000000000000000000000000000000000000000000000000000000000f1";
  log["removed"] = false;
  return log;
}

TEST(IndexerAuctionEvents, TheTopicsAreTheSignaturesHashes) {
  EXPECT_EQ(bark_topic(), bark);
  EXPECT_EQ(clipper_event_topics(), (std::vector<std::string>{kick, take, redo, yank}));
}

TEST(IndexerAuctionEvents, ABarkNamesItsUrnAmountsAndAuction) {
  const Json::Value log = log_of("0x6666666666666666666666666666666666666666",
                                 {bark, eth_a, address("0x1111111111111111111111111111111111111111"), word("2a")},
                                 ten_eth + word("3635c9adc5dea00000") + tab_15000 + address(clipper));
  const std::optional<Bark> read = bark_of(log, false);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->ilk, "ETH-A");
  EXPECT_EQ(read->urn, "0x1111111111111111111111111111111111111111");
  EXPECT_EQ(read->sale_id, "42");
  EXPECT_EQ(read->ink, "10000000000000000000");
  EXPECT_EQ(read->art, "1000000000000000000000");  // 0x3635c9adc5dea00000: 1000 x 10^18
  EXPECT_EQ(read->due, "15000000000000000000000000000000000000000000000000");
  EXPECT_EQ(read->clipper, clipper);
  EXPECT_EQ(read->block, 436u);
  EXPECT_EQ(read->block_hash, "0xabcdef0000000000000000000000000000000000000000000000000000000001");
  EXPECT_EQ(read->log_index, 3u);
  EXPECT_EQ(read->tx_hash, "0x00000000000000000000000000000000000000000000000000000000000000f1");
  EXPECT_EQ(read->block_time, "");
  EXPECT_FALSE(bark_of(log_of(clipper, {kick}, ""), false));  // another event
}

TEST(IndexerAuctionEvents, KickAndRedoCarryTheirStartingPriceTabLotKeeperAndIncentive) {
  const std::string data = price_2000 + tab_15000 + ten_eth + word("56bc75e2d63100000");  // coin 100 x 10^18 (wad, as a test)
  for (const auto& [topic, kind] : {std::pair{kick, "kick"}, std::pair{redo, "redo"}}) {
    const std::optional<ClipEvent> read =
        clip_event_of(log_of("0x77777777777777777777777777777777777777AA",
                             {topic, word("2a"), address("0x1111111111111111111111111111111111111111"),
                              address("0x2222222222222222222222222222222222222222")},
                             data),
                      false);
    ASSERT_TRUE(read) << kind;
    EXPECT_EQ(read->kind, kind);
    EXPECT_EQ(read->clipper, "0x77777777777777777777777777777777777777aa");  // the log's address, lower case
    EXPECT_EQ(read->sale_id, "42");
    EXPECT_EQ(read->price, "2000000000000000000000000000000");
    EXPECT_EQ(read->tab, "15000000000000000000000000000000000000000000000000");
    EXPECT_EQ(read->lot, "10000000000000000000");
    EXPECT_EQ(read->keeper, "0x2222222222222222222222222222222222222222");
    EXPECT_EQ(read->incentive, "100000000000000000000");
    EXPECT_EQ(read->max_price, "");
    EXPECT_EQ(read->owe, "");
    EXPECT_FALSE(ends_auction(*read));
  }
}

TEST(IndexerAuctionEvents, ATakeCarriesItsPricesWhatItPaidAndWhatIsLeft) {
  // max 2000, price 1900 (0x17fb3b29f21f77c409e0000000 = 1.9 x 10^30), owe 9500 COIN
  // (0x6800abbb007820f76952e931d38e9800000000000 = 9.5 x 10^48), tab left 5500 COIN
  // (0x3c364879bce73b81c3b6bce6f3be5800000000000 = 5.5 x 10^48), lot left 5 ETH (0x4563918244f40000).
  const std::optional<ClipEvent> read = clip_event_of(
      log_of(clipper, {take, word("2a"), address("0x1111111111111111111111111111111111111111")},
             price_2000 + word("17fb3b29f21f77c409e0000000") + word("6800abbb007820f76952e931d38e9800000000000") +
                 word("3c364879bce73b81c3b6bce6f3be5800000000000") + word("4563918244f40000")),
      false);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->kind, "take");
  EXPECT_EQ(read->max_price, "2000000000000000000000000000000");
  EXPECT_EQ(read->price, "1900000000000000000000000000000");
  EXPECT_EQ(read->owe, "9500000000000000000000000000000000000000000000000");
  EXPECT_EQ(read->tab, "5500000000000000000000000000000000000000000000000");
  EXPECT_EQ(read->lot, "5000000000000000000");
  EXPECT_EQ(read->keeper, "");
  EXPECT_EQ(read->incentive, "");
  EXPECT_FALSE(ends_auction(*read));

  const std::optional<ClipEvent> last = clip_event_of(
      log_of(clipper, {take, word("2a"), address("0x1111111111111111111111111111111111111111")},
             price_2000 + price_2000 + tab_15000 + word("0") + word("4563918244f40000")),
      false);
  ASSERT_TRUE(last);
  EXPECT_TRUE(ends_auction(*last));  // tab 0: the rest of the lot goes back to the urn
}

TEST(IndexerAuctionEvents, AYankHasOnlyItsIdInItsData) {
  const std::optional<ClipEvent> read = clip_event_of(log_of(clipper, {yank}, word("7")), false);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->kind, "yank");
  EXPECT_EQ(read->sale_id, "7");
  EXPECT_EQ(read->price, "");
  EXPECT_EQ(read->tab, "");
  EXPECT_TRUE(ends_auction(*read));
}

TEST(IndexerAuctionEvents, TronAddressesAreBase58) {
  // 0x41 and the 20 bytes, Base58Check: the zero address is T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb.
  const std::optional<ClipEvent> read =
      clip_event_of(log_of("0x0000000000000000000000000000000000000000",
                           {kick, word("1"), word("0"), word("0")}, price_2000 + tab_15000 + ten_eth + word("0")),
                    true);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->clipper, "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  EXPECT_EQ(read->keeper, "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
}

TEST(IndexerAuctionEvents, AMalformedLogIsRefused) {
  const std::string urn = address("0x1111111111111111111111111111111111111111");
  // A Bark whose data is a word short, a Take with a topic missing, a Yank without data.
  EXPECT_THROW(bark_of(log_of(clipper, {bark, eth_a, urn, word("1")}, ten_eth + ten_eth + ten_eth), false), AbiError);
  EXPECT_THROW(clip_event_of(log_of(clipper, {take, word("1")}, price_2000 + price_2000 + ten_eth + ten_eth + ten_eth),
                             false),
               AbiError);
  EXPECT_THROW(clip_event_of(log_of(clipper, {yank}, ""), false), AbiError);
  // A clip address whose top bytes are not zero is no address.
  EXPECT_THROW(bark_of(log_of(clipper, {bark, eth_a, urn, word("1")}, ten_eth + ten_eth + ten_eth + word(std::string(64, 'f'))),
                       false),
               AbiError);
}

}  // namespace
}  // namespace coin::indexer
