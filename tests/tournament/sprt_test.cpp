// The SPRT accepts H1 on a stream from a clearly stronger agent and H0 on one from an equal
// or weaker agent, with Wald's bounds.

#include <gtest/gtest.h>

#include <cmath>

#include "cli/command.h"
#include "core/splitmix.h"
#include "tests/cli_tool.h"
#include "tournament/sprt.h"

namespace pamir::tournament {
namespace {

// Pairs of games in which A wins each game with probability win, loses otherwise (no draws).
long pairs_until_verdict(Sprt& sprt, double win, std::uint64_t seed, long max_pairs) {
  for (long i = 0; i < max_pairs && sprt.verdict() == SprtVerdict::kContinue; ++i) {
    double score = 0;
    for (int g = 0; g < 2; ++g) score += double(splitmix64(seed) >> 11) * 0x1.0p-53 < win ? 1 : 0;
    sprt.add_pair(score);
  }
  return sprt.pairs();
}

TEST(Sprt, BoundsAreWalds) {
  const Sprt s({0, 10, 0.05, 0.05});
  EXPECT_NEAR(s.lower_bound(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(s.upper_bound(), std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(s.llr(), 0);
  EXPECT_EQ(s.verdict(), SprtVerdict::kContinue);
}

TEST(Sprt, AcceptsH1ForAClearlyStrongerAgent) {
  Sprt s({0, 20, 0.05, 0.05});
  pairs_until_verdict(s, expected_score(150), 1, 100000);
  EXPECT_EQ(s.verdict(), SprtVerdict::kH1);
  EXPECT_GT(s.elo_estimate(), 50);
}

TEST(Sprt, AcceptsH0ForAnEqualOrWeakerAgent) {
  Sprt equal({0, 20, 0.05, 0.05});
  pairs_until_verdict(equal, 0.5, 2, 100000);
  EXPECT_EQ(equal.verdict(), SprtVerdict::kH0);
  Sprt weaker({0, 20, 0.05, 0.05});
  const long n = pairs_until_verdict(weaker, expected_score(-150), 3, 100000);
  EXPECT_EQ(weaker.verdict(), SprtVerdict::kH0);
  EXPECT_LT(n, equal.pairs());  // a clear-cut stream stops sooner
}

TEST(Sprt, RejectsBadInput) {
  EXPECT_THROW(Sprt({10, 0, 0.05, 0.05}), std::invalid_argument);
  EXPECT_THROW(Sprt({0, 10, 0.6, 0.05}), std::invalid_argument);
  Sprt s({0, 10, 0.05, 0.05});
  EXPECT_THROW(s.add_pair(0.7), std::invalid_argument);
  EXPECT_THROW(s.add_pair(2.5), std::invalid_argument);
}

TEST(MatchCli, ReportsItsVerdictInTheExitStatus) {
  int status = -1;
  std::string out;
  try {
    pamir::testing::run_tool({"match", "random", "random:seed=2", "--max-games", "6", "--seed", "1"});
  } catch (const cli::ExitStatus& e) {
    status = e.status;
  }
  EXPECT_EQ(status, 4);  // random against random: inconclusive after 3 pairs
  try {
    pamir::testing::run_tool({"match", "random", "random", "--elo0", "5", "--elo1", "0"});
    ADD_FAILURE() << "elo0 >= elo1 must be refused";
  } catch (const cli::CommandError& e) {
    EXPECT_STREQ(e.what(), "elo0 must be below elo1");
  }
}

}  // namespace
}  // namespace pamir::tournament
