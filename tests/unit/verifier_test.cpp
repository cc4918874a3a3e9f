// coin-api-verify's parts (verifier/): exact figures and the APYs' powers against values worked
// out by hand or with Python's decimal at 100 digits; a chain's figures from a reading made by
// hand; how a figure is reported; and an answer's signature checked as a reader checks it.

#include <gtest/gtest.h>
#include <json/reader.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "shared/answer_signature.hpp"
#include "shared/base64.hpp"
#include "shared/content_digest.hpp"
#include "shared/public_jwk.hpp"
#include "shared/signing_key.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "verifier/answer_signature_check.hpp"
#include "verifier/chain_figures.hpp"
#include "verifier/exact.hpp"
#include "verifier/figure_report.hpp"

namespace coin::verifier {
namespace {

TEST(Exact, ReadsDecimalsAsTheApiAndTheChainWriteThem) {
  EXPECT_EQ(decimal("0.0450"), Exact(9, 200));
  EXPECT_EQ(decimal("-12.5"), Exact(-25, 2));
  EXPECT_EQ(decimal("007"), Exact(7));  // not octal
  EXPECT_EQ(decimal("1e-7"), Exact(1, 10000000));
  EXPECT_EQ(decimal("2.5E+2"), Exact(250));
  for (const char* wrong : {"", "-", ".5", "5.", "1,5", "0x10", "1e", "NaN", "1.2.3"}) {
    EXPECT_THROW(decimal(wrong), std::invalid_argument) << wrong;
  }
  EXPECT_EQ(descale("1500000000000000000", 18), Exact(3, 2));
}

TEST(Exact, RoundsHalfAwayFromZeroAsPostgreSql) {
  EXPECT_EQ(round_to(decimal("2.5"), 0), Exact(3));
  EXPECT_EQ(round_to(decimal("-2.5"), 0), Exact(-3));
  EXPECT_EQ(round_to(decimal("0.1249"), 2), decimal("0.12"));
  EXPECT_EQ(round_to(Exact(2, 3), 4), decimal("0.6667"));
  EXPECT_EQ(decimal_text(Exact(2, 3), 5), "0.66667");
  EXPECT_EQ(decimal_text(decimal("-1.50")), "-1.5");
  EXPECT_EQ(decimal_text(Exact(1, 1000), 2), "0");
  EXPECT_EQ(decimal_text(Exact(120)), "120");
}

// Python: (Decimal(rate) / 10**27) ** 31536000 - 1 at 100 digits, rounded half up to 30
// decimals; PostgreSQL's snapshot.apy_of_rate gives the first one too.
TEST(Exact, ApysAreTheSqlFunctionsTo30Decimals) {
  EXPECT_EQ(apy_of_rate(decimal("1000000001547125957863212448")), decimal("0.049999999999999999965368547801"));
  EXPECT_EQ(apy_of_rate(decimal("1000000000000000000000000000")), Exact(0));
  // 5% a year as Aave writes it: 1e27 + round(5e25 / 31536000) = 1e27 + 1585489599188229325 a second.
  EXPECT_EQ(apy_of_annual_rate(decimal("50000000000000000000000000")),
            apy_of_rate(decimal("1000000001585489599188229325")));
  EXPECT_EQ(apy_of_annual_rate(decimal("50000000000000000000000000")), decimal("0.051271096334354555004454362025"));
  // A share price 1% up in 7 days.
  EXPECT_EQ(apy_of_growth(decimal("1010000"), decimal("1000000"), decimal("604800")),
            decimal("0.680075411492519654000120420657"));
}

// One chain by hand: COIN 1000 of which the protocol holds 100; sCOIN 200 at 1.05 (par 1);
// a regular Vault (Art 500 at rate 1.1, 1 unit locked at spot 1000 / 1.5) and an allocator Vault
// (Art 1000, 10 COIN in its buffer, positions of 1000 at 0% and 500 earning nothing).
indexer::ChainReading reading_by_hand(const indexer::Vault& regular, const indexer::Vault& allocator) {
  const std::string ray = "1000000000000000000000000000";
  indexer::ChainReading reading;
  reading.coin_decimals = "18";
  reading.coin_supply = "1000000000000000000000";
  reading.coin_held = {"100000000000000000000"};
  reading.scoin_decimals = "18";
  reading.scoin_supply = "200000000000000000000";
  reading.scoin_share_value = "1050000000000000000";
  reading.scoin_assets = "210000000000000000000";
  reading.savings_rate = "1000000001547125957863212448";
  reading.par = ray;
  reading.base = "0";
  indexer::VaultReading vault;
  vault.vault = &regular;
  vault.art = "500000000000000000000";
  vault.rate = "1100000000000000000000000000";
  vault.spot = "666666666666666666666666666666";
  vault.mat = "1500000000000000000000000000";
  vault.line = "1000000" + std::string(45, '0');
  vault.dust = "100" + std::string(45, '0');
  vault.duty = ray;
  vault.locked = "1000000000000000000";
  vault.locked_decimals = "18";
  reading.vaults.push_back(vault);
  indexer::VaultReading buffer = vault;
  buffer.vault = &allocator;
  buffer.art = "1000000000000000000000";
  buffer.rate = ray;
  buffer.mat = ray;
  buffer.locked = "10000000000000000000";
  buffer.locked_is_coin = true;
  indexer::PositionReading earning;
  earning.decimals = "6";
  earning.balance = "1000000000";
  earning.rate = ray;
  indexer::PositionReading idle = earning;
  idle.balance = "500000000";
  idle.rate_kind = indexer::RateKind::none;
  buffer.positions = {earning, idle};
  reading.vaults.push_back(buffer);
  return reading;
}

TEST(ChainFigures, AreTheSnapshotTablesFiguresOfAReading) {
  indexer::Vault regular{"ETH-A", indexer::VaultKind::regular, indexer::JoinHeld{{"0x01", "0xJOIN"}, {}, {}}, {}};
  indexer::Vault allocator{"SA-A", indexer::VaultKind::allocator, indexer::AllocatorHeld{{"0x02", "0xVAULT"}}, {}};
  const ChainFigures figures = chain_figures(reading_by_hand(regular, allocator));
  EXPECT_EQ(figures.coin_supply, Exact(900));
  EXPECT_EQ(figures.scoin_supply, Exact(200));
  EXPECT_EQ(figures.coin_price, Exact(1));
  EXPECT_EQ(figures.scoin_price, decimal("1.05"));
  EXPECT_EQ(figures.supply_value, Exact(900 + 210));
  EXPECT_EQ(figures.earn_tvl, Exact(210));
  EXPECT_EQ(figures.earn_apy, decimal("0.049999999999999999965368547801"));
  ASSERT_EQ(figures.vaults.size(), 2u);
  const VaultFigures& eth = figures.vaults[0];
  EXPECT_EQ(eth.contract_address, "0xJOIN");
  EXPECT_EQ(eth.collateral_type, 1);
  EXPECT_EQ(eth.min_collateral_ratio, decimal("1.5"));
  EXPECT_EQ(eth.stability_fee, Exact(0));
  EXPECT_EQ(eth.debt_ceiling, Exact(1000000));
  EXPECT_EQ(eth.dust, Exact(100));
  EXPECT_FALSE(eth.psm_fee);
  EXPECT_EQ(eth.minted, Exact(500));
  EXPECT_EQ(eth.debt, Exact(550));
  // The price 666.666...666 x 1.5 = 999.999...999 (27 nines) is 1000 to 18 decimals.
  EXPECT_EQ(eth.locked_value, Exact(1000));
  EXPECT_EQ(eth.collateral_ratio, Exact(20, 11));  // 1000 / 550
  EXPECT_FALSE(eth.apy);
  const VaultFigures& sa = figures.vaults[1];
  EXPECT_EQ(sa.contract_address, "0xVAULT");
  EXPECT_EQ(sa.debt, Exact(1000));
  EXPECT_EQ(sa.locked_value, Exact(10 + 1000 + 500));
  EXPECT_EQ(sa.collateral_ratio, decimal("1.51"));
  EXPECT_EQ(sa.apy, Exact(0));
  EXPECT_EQ(sa.estimated_annual_earnings, Exact(0));
  EXPECT_EQ(figures.collateral_value, Exact(2510));
}

Json::Value parsed(const std::string& text) {
  Json::Value value;
  std::string errors;
  const std::unique_ptr<Json::CharReader> reader(Json::CharReaderBuilder().newCharReader());
  EXPECT_TRUE(reader->parse(text.data(), text.data() + text.size(), &value, &errors)) << errors;
  return value;
}

TEST(FigureReport, ComparesTheDigitsAsWrittenAtEachFiguresPrecision) {
  const std::string body =
      R"({"a":123456789.123456789123456789,"b":"0.05","c":null,"d":0.0500000000000000000000000000009,)"
      R"("e":1.0000000000000001,"f":"x"})";
  const Json::Value data = parsed(body);
  FigureReport report(body);
  report.check("a", data["a"], decimal("123456789.123456789123456789"));
  report.check("b", data["b"], decimal("0.05"));
  report.check("c", data["c"], std::nullopt);
  report.check("d", data["d"], decimal("0.05"), Precision::apy);
  report.check("e", data["e"], Exact(1), Precision::ratio);
  EXPECT_EQ(report.matches(), 5);
  EXPECT_EQ(report.mismatches(), 0);
  report.check("a", data["a"], decimal("123456789.123456789123456788"));  // a double would not see it
  report.check("d", data["d"], decimal("0.05"));
  report.check("c", data["c"], Exact(0));
  report.check("f", data["f"], Exact(0));
  report.not_derived("b", data["b"], "tron is read at its latest block");
  EXPECT_EQ(report.mismatches(), 4);
  EXPECT_EQ(report.lines()[0], "a 123456789.123456789123456789: matches");
  EXPECT_EQ(report.lines()[5], "a 123456789.123456789123456789: MISMATCH, the chain says 123456789.123456789123456788");
  EXPECT_EQ(report.lines()[7], "c null: MISMATCH, the chain says 0");
  EXPECT_EQ(report.lines()[9], "b 0.05: signed, not re-derivable (tron is read at its latest block)");
}

// An answer signed as the handlers sign it, and its key set.
class SignedAnswer : public ::testing::Test {
 protected:
  void SetUp() override {
    answer_.body = R"({"code":0,"data":{"eth":1}})";
    answer_.fields = {{"content-type", "application/json"},
                      {"last-modified", "Tue, 12 May 2026 16:00:00 GMT"},
                      {"x-snapshot-blocks", "tron=latest; eth=22480012"},
                      {"x-snapshot-final", "tron=no; eth=yes"}};
    const AnswerSignature signature = signed_with("tron=no; eth=yes");
    answer_.fields["content-digest"] = signature.content_digest;
    answer_.fields["signature-input"] = signature.signature_input;
    answer_.fields["signature"] = signature.signature;
  }
  // The answer's signature, its X-Snapshot-Final `finality` ("": not covered).
  AnswerSignature signed_with(std::string_view finality) const {
    return sign_answer(Signer{key_, created_},
                       SignedFields{"application/json", "", "Tue, 12 May 2026 16:00:00 GMT", "tron=latest; eth=22480012",
                                    finality},
                       content_digest(answer_.body));
  }
  std::string problem(const HttpAnswer& answer, const std::string& keys) const {
    return check_answer_signature(answer, keys, created_ + 60).problem;
  }

  const SigningKey key_ = SigningKey::from_pem(testing_support::rfc9421_key);
  const std::string keys_ = R"({"keys":[)" + public_jwk(key_.public_key()) + "]}";
  const std::int64_t created_ = 1778601600;
  HttpAnswer answer_;
};

TEST_F(SignedAnswer, VerifiesWithTheListedKey) {
  const SignatureCheck check = check_answer_signature(answer_, keys_, created_ + 60);
  EXPECT_EQ(check.problem, "");
  EXPECT_EQ(check.keyid, key_.keyid());
  EXPECT_EQ(check.created, created_);
}

TEST_F(SignedAnswer, FailsWithAByteAFieldOrTheKeyChanged) {
  HttpAnswer changed = answer_;
  changed.body[changed.body.size() - 3] = '2';
  EXPECT_EQ(problem(changed, keys_), "its Content-Digest is not its body's: the body was changed");
  changed.fields["content-digest"] = content_digest(changed.body);
  EXPECT_EQ(problem(changed, keys_), "the signature does not verify: a covered field or the digest was changed");
  changed = answer_;
  changed.fields["x-snapshot-blocks"] = "tron=latest; eth=22480013";
  EXPECT_EQ(problem(changed, keys_), "the signature does not verify: a covered field or the digest was changed");
  changed = answer_;
  changed.fields["x-snapshot-final"] = "tron=no; eth=no";
  EXPECT_EQ(problem(changed, keys_), "the signature does not verify: a covered field or the digest was changed");
  changed = answer_;
  changed.fields.erase("last-modified");
  EXPECT_EQ(problem(changed, keys_), "the answer has no last-modified, which the signature covers");
  EXPECT_EQ(problem(answer_, R"({"keys":[]})"),
            "its key " + key_.keyid() + " is not in the deployment's key set (unknown, or retired)");
  EXPECT_EQ(problem(answer_, "not json"),
            "its key " + key_.keyid() + " is not in the deployment's key set (unknown, or retired)");
  EXPECT_EQ(check_answer_signature(answer_, keys_, created_ - 3600).problem,
            "signed at " + std::to_string(created_) + ", later than now");
  changed = answer_;
  changed.fields.erase("signature");
  EXPECT_EQ(problem(changed, keys_), "the answer has no signature \"coin\" (Signature-Input, Signature)");
  changed.fields.erase("content-digest");
  EXPECT_EQ(problem(changed, keys_), "the answer has no Content-Digest: it is not signed");
}

// Finality claimed beside a signature that does not cover it is not the API's word.
TEST_F(SignedAnswer, FailsWithAnX_Snapshot_FinalItsSignatureDoesNotCover) {
  HttpAnswer unsigned_final = answer_;
  const AnswerSignature signature = signed_with("");
  unsigned_final.fields["signature-input"] = signature.signature_input;
  unsigned_final.fields["signature"] = signature.signature;
  EXPECT_EQ(problem(unsigned_final, keys_), "the signature does not cover x-snapshot-final");
  unsigned_final.fields.erase("x-snapshot-final");
  EXPECT_EQ(problem(unsigned_final, keys_), "");
}

}  // namespace
}  // namespace coin::verifier
