#include "shared/snapshot_listener.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace coin {
namespace {

// libpq lists a connection string's settings in the order of its own table of them (user,
// password, dbname, host, port, ..., target_session_attrs), whatever order they were given in.
TEST(PrimaryConninfo, AsksForThePrimaryOfTheHostsNamed) {
  EXPECT_EQ(primary_conninfo("host=10.0.0.12,10.0.0.11 port=5432,5433 dbname=coin user=coin_api "
                             "target_session_attrs=prefer-standby"),
            "user='coin_api' dbname='coin' host='10.0.0.12,10.0.0.11' port='5432,5433' target_session_attrs='primary'");
}

// A URI's hosts without ports have a port each all the same, the default (libpq writes ",").
TEST(PrimaryConninfo, ReadsAUriAndQuotesWhatItWrites) {
  EXPECT_EQ(primary_conninfo("postgresql://coin_api:it's%5Cx@db2,db1/coin?target_session_attrs=any"),
            "user='coin_api' password='it\\'s\\\\x' dbname='coin' host='db2,db1' port=',' "
            "target_session_attrs='primary'");
}

TEST(PrimaryConninfo, LeavesTheRestToTheEnvironment) {
  EXPECT_EQ(primary_conninfo(""), "target_session_attrs='primary'");
}

// A connection string with some settings in place of its own (primary_conninfo's way).
TEST(ConninfoWith, ReplacesTheSettingsGivenAndKeepsTheRest) {
  EXPECT_EQ(conninfo_with("host=db2,db1 dbname=coin target_session_attrs=prefer-standby", {{"host", "db1"},
                                                                                            {"port", "5433"},
                                                                                            {"target_session_attrs", "any"}}),
            "dbname='coin' host='db1' port='5433' target_session_attrs='any'");
}

TEST(PrimaryConninfo, RefusesABadConnectionString) {
  EXPECT_THROW(primary_conninfo("host=a nonsense"), std::invalid_argument);
}

}  // namespace
}  // namespace coin
