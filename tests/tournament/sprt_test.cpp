// The SPRT accepts H1 on a stream from a clearly stronger agent and H0 on one from an equal
// or weaker agent, with Wald's bounds, on pairs (pentanomial) and on single games (trinomial);
// `pamir match` at any seat count and `pamir tournament --sprt` stop by its rule.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "io/file_io.h"
#include "tournament/play.h"

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
    sprt.add(score);
  }
  return sprt.observations();
}

// Single games in which A finishes above B with probability win, level with probability draw.
long games_until_verdict(Sprt& sprt, double win, double draw, std::uint64_t seed, long max_games) {
  for (long i = 0; i < max_games && sprt.verdict() == SprtVerdict::kContinue; ++i) {
    const double u = double(splitmix64(seed) >> 11) * 0x1.0p-53;
    sprt.add(u < win ? 1 : u < win + draw ? 0.5 : 0);
  }
  return sprt.observations();
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
  EXPECT_LT(n, equal.observations());  // a clear-cut stream stops sooner
}

TEST(Sprt, RejectsBadInput) {
  EXPECT_THROW(Sprt({10, 0, 0.05, 0.05}), std::invalid_argument);
  EXPECT_THROW(Sprt({0, 10, 0.6, 0.05}), std::invalid_argument);
  Sprt s({0, 10, 0.05, 0.05});
  EXPECT_THROW(s.add(0.7), std::invalid_argument);
  EXPECT_THROW(s.add(2.5), std::invalid_argument);
  Sprt game({0, 10, 0.05, 0.05}, Sprt::Unit::kGame);
  EXPECT_THROW(game.add(1.5), std::invalid_argument);
  EXPECT_THROW(game.add(-0.5), std::invalid_argument);
  EXPECT_EQ(game.observations(), 0);
}

TEST(Sprt, SingleGamesReachTheRightVerdictAndCountTheTrinomial) {
  Sprt stronger({0, 20, 0.05, 0.05}, Sprt::Unit::kGame);
  games_until_verdict(stronger, 0.6, 0.1, 4, 1000000);
  EXPECT_EQ(stronger.verdict(), SprtVerdict::kH1);
  ASSERT_EQ(stronger.counts().size(), 3u);
  EXPECT_GT(stronger.counts()[1], 0);  // the draws have their cell
  Sprt equal({0, 20, 0.05, 0.05}, Sprt::Unit::kGame);
  games_until_verdict(equal, 0.45, 0.1, 5, 1000000);
  EXPECT_EQ(equal.verdict(), SprtVerdict::kH0);
  EXPECT_NEAR(equal.score(), 0.5, 0.05);
}

// Under H0 (A equal to B, elo0 = 0) the test accepts H1 about alpha of the time, not more:
// the risk the user set is the risk taken. 400 tests, alpha 0.05: a share above 0.09 would be
// 3.7 standard deviations out.
TEST(Sprt, AcceptsH1UnderH0AboutAlphaOfTheTime) {
  int h1 = 0;
  for (std::uint64_t t = 0; t < 400; ++t) {
    Sprt s({0, 40, 0.05, 0.05}, Sprt::Unit::kGame);
    games_until_verdict(s, 0.45, 0.1, 1000 + t, 100000);
    h1 += s.verdict() == SprtVerdict::kH1;
  }
  EXPECT_LT(h1, 36);
}

TEST(Sprt, ParsesTheFlagAndRefusesOneLine) {
  const SprtConfig two = parse_sprt("-5,10");
  EXPECT_EQ(two.elo0, -5);
  EXPECT_EQ(two.elo1, 10);
  EXPECT_EQ(two.alpha, 0.05);
  const SprtConfig four = parse_sprt("0,5,0.1,0.2");
  EXPECT_EQ(four.alpha, 0.1);
  EXPECT_EQ(four.beta, 0.2);
  for (const char* bad : {"", "0", "0,10,0.05", "0,10,", "a,b", "0,10x", "0,10,0.05,0.05,1", "nan,10"}) {
    try {
      parse_sprt(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(
          e.what(),
          ("--sprt takes elo0,elo1[,alpha,beta] (numbers), got \"" + std::string(bad) + "\"").c_str());
    }
  }
  EXPECT_THROW(parse_sprt("10,0"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("0,10,0.5,0.05"), std::invalid_argument);
}

TEST(Sprt, HeadToHeadComparesTheBestSeatOfEach) {
  GameResult g;
  g.seats = {2, 0, 1, 0};
  g.ranks = {0, 2, 1, 3};  // the field first, B second, A third and fourth
  EXPECT_EQ(head_to_head_score(g, 0, 1), 0.0);
  EXPECT_EQ(head_to_head_score(g, 1, 0), 1.0);
  EXPECT_EQ(head_to_head_score(g, 2, 0), 1.0);
  g.ranks = {0, 1, 1, 3};  // A's best seat level with B
  EXPECT_EQ(head_to_head_score(g, 0, 1), 0.5);
  EXPECT_FALSE(head_to_head_score(g, 0, 3).has_value());  // agent 3 did not sit
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
  try {
    pamir::testing::run_tool({"match", "random", "random", "--sprt", "5,0"});
    ADD_FAILURE() << "elo0 >= elo1 must be refused";
  } catch (const cli::CommandError& e) {
    EXPECT_STREQ(e.what(), "elo0 must be below elo1");
  }
  EXPECT_THROW(pamir::testing::run_tool({"match", "random", "random", "--sprt", "0,5", "--elo1", "9"}),
               CLI::ParseError);
}

// At three seats A and B swap seats within each pair on one deal, the field holds the third,
// and the pairs go round the pairs of seats.
TEST(MatchCli, PlaysPairsAmongAnyNumberOfSeats) {
  const std::string out = pamir::testing::temp_path("pamir_match_field.jsonl");
  const auto run =
      pamir::testing::run_tool_to_exit({"match", "random", "random:seed=2", "--players", "3", "--field",
                                        "random:seed=3", "--max-games", "6", "--seed", "1", "--out", out});
  EXPECT_EQ(run.status, 4) << run.output;
  EXPECT_NE(run.output.find("inconclusive (max games reached) after 6 games (3 pairs)"), std::string::npos)
      << run.output;
  std::ifstream in(out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(nlohmann::json::parse(line)["players"], 3) << line;
  std::vector<std::vector<int>> seats;
  for (; std::getline(in, line);)
    seats.push_back(nlohmann::json::parse(line)["seats"].get<std::vector<int>>());
  const std::vector<std::vector<int>> expected = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1},
                                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  EXPECT_EQ(seats, expected);
  std::filesystem::remove(out);
  try {
    pamir::testing::run_tool({"match", "random", "random", "--players", "3"});
    ADD_FAILURE() << "three seats need a field";
  } catch (const cli::CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("--field"), std::string::npos) << e.what();
  }
  try {
    pamir::testing::run_tool({"match", "random", "random", "--players", "4", "--field", "wakhan"});
    ADD_FAILURE() << "Wakhan cannot hold two seats";
  } catch (const cli::CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("wakhan"), std::string::npos) << e.what();
  }
}

// A tournament with --sprt stops by the test's rule: a searching agent against random at three
// seats is accepted as stronger long before the planned 400 games, and the exit status says so.
TEST(TournamentCli, StopsWhenItsSequentialTestDecides) {
  const std::string out = pamir::testing::temp_path("pamir_tournament_sprt");
  const auto run = pamir::testing::run_tool_to_exit(
      {"tournament", "--agents", "ismcts:iters=30,eval=heuristic;random;random:seed=2", "--players", "3",
       "--games", "400", "--seed", "9", "--out", out, "--quiet", "--threads", "2", "--sprt", "0,100"});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("sprt: H1 accepted (A is stronger) after"), std::string::npos) << run.output;
  const std::string games = io::read_file(out + "/games.jsonl");
  const long played = long(std::count(games.begin(), games.end(), '\n')) - 1;
  EXPECT_LT(played, 100) << run.output;
  std::filesystem::remove_all(out);
}

}  // namespace
}  // namespace pamir::tournament
