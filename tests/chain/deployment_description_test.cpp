// The deployment's public description (indexer/public_description.hpp) as the indexer writes it
// and the API serves it at /.well-known/coin-api/deployment.json: after a round, the served
// bytes are public_description of the configuration file's text, with none of its nodes and no
// timeout in it; with the database down at start, the indexer goes on with its rounds and
// writes the description once the database is back.

#include <gtest/gtest.h>

#include <json/value.h>

#include <string>

#include "indexer/public_description.hpp"
#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

const std::string path = "/.well-known/coin-api/deployment.json";

class DeploymentDescription : public ChainSuite {
 protected:
  void SetUp() override {
    ChainSuite::SetUp();
    ASSERT_TRUE(stack_->psql("postgres", "DELETE FROM snapshot.deployment_description"));
  }
  // The local chain's configuration with a timeout, so that there is one to leave out.
  static std::string config_with_timeout() {
    Json::Value config = chain_->config();
    config["timeout_seconds"] = 7;
    return chain_->write_config(config, "with-timeout.json");
  }
  static e2e::HttpResponse served() { return e2e::http("GET", stack_->url(path)); }
};

TEST_F(DeploymentDescription, ServedAsTheIndexerWroteItWithoutNodesOrTimeout) {
  const std::string config = config_with_timeout();
  EXPECT_EQ(served().status, 404);
  std::string log;
  ASSERT_EQ(run_indexer(*stack_, {"--config", config, "--once"}, &log), 0) << log;

  const e2e::HttpResponse response = served();
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "application/json");
  EXPECT_EQ(response.body, indexer::public_description(e2e::read_file(config)));
  EXPECT_EQ(response.body.find("rpc"), std::string::npos) << response.body;
  EXPECT_EQ(response.body.find("timeout_seconds"), std::string::npos) << response.body;
  EXPECT_EQ(response.body.find(std::to_string(chain_->port())), std::string::npos) << "the node's URL";
  EXPECT_NE(response.body.find(chain_->config()["chains"]["eth"]["vat"].asString()), std::string::npos)
      << "the contracts are there";

  // Written again from the same file (the indexer started again): the same answer, validators and all.
  ASSERT_EQ(run_indexer(*stack_, {"--config", config, "--once"}, &log), 0) << log;
  const e2e::HttpResponse again = served();
  EXPECT_EQ(again.body, response.body);
  EXPECT_EQ(again.header("etag"), response.header("etag"));
  EXPECT_EQ(again.header("last-modified"), response.header("last-modified"));
}

TEST_F(DeploymentDescription, TheDatabaseDownAtStartHoldsNothingBackAndItIsWrittenOnceBack) {
  ASSERT_TRUE(stack_->stop_database());
  IndexerProcess indexer(*stack_, {"--config", chain_->config_path(), "--interval", "2"});
  const bool told = e2e::eventually([&] {
    return indexer.log().find("the deployment's description not written, tried again next round: ") !=
           std::string::npos;
  });
  ASSERT_TRUE(stack_->start_database());
  ASSERT_TRUE(told) << indexer.log();
  EXPECT_TRUE(e2e::eventually([] { return served().status == 200; })) << indexer.log();
  EXPECT_EQ(served().body, indexer::public_description(e2e::read_file(chain_->config_path())));
  EXPECT_TRUE(indexer.running()) << indexer.log();
  EXPECT_EQ(indexer.stop(), 0) << indexer.log();
}

}  // namespace
}  // namespace coin::chain_test
