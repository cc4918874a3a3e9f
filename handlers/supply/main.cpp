// handlers/supply: Group A of the spec, supply and savings yield.
//
//   GET /totalSupply                          6.1  bare number: COIN in circulation + sCOIN
//   GET /circulatingSupply                    6.2  bare number: the same figure
//   GET /api/v1/external/earn-apy             6.3  Earn APY per chain, 4 decimals
//   GET /api/v1/external/total-supply/coin    6.4  COIN supply per chain and total
//   GET /api/v1/external/total-supply/scoin   6.5  sCOIN supply per chain and total
//
// Each endpoint reads one api view (sql/deploy/api_supply.sql); the view's columns are the
// endpoint's fields, and row_to_json keeps every digit of its numerics.

#include "server.hpp"

namespace {

const std::vector<coin::Route> routes = {
    {"/totalSupply", R"(SELECT "totalSupply"::text FROM api.total_supply)", coin::Body::text},
    {"/circulatingSupply", R"(SELECT "circulatingSupply"::text FROM api.circulating_supply)",
     coin::Body::text},
    {"/api/v1/external/earn-apy", "SELECT row_to_json(v)::text FROM api.earn_apy AS v"},
    {"/api/v1/external/total-supply/coin", "SELECT row_to_json(v)::text FROM api.coin_supply AS v"},
    {"/api/v1/external/total-supply/scoin", "SELECT row_to_json(v)::text FROM api.scoin_supply AS v"},
};

}  // namespace

int main(int argc, char** argv) {
  return coin::serve(argc, argv, "supply",
                     "Serves Group A of the coin-api spec (6.1-6.5) over FastCGI.", routes);
}
