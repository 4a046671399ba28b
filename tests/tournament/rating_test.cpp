// The Plackett-Luce fit recovers known strengths from finishing orders drawn from the model
// itself, and its 95% intervals cover the truth about 95% of the time.

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "core/splitmix.h"
#include "tournament/rating.h"

namespace pamir::tournament {
namespace {

double uniform(std::uint64_t& rng) { return double(splitmix64(rng) >> 11) * 0x1.0p-53; }

// A game among `seats` distinct agents drawn at random, finishing order drawn from the model.
RankedGame draw_game(const std::vector<double>& elo, int seats, std::uint64_t& rng) {
  std::vector<int> agents(elo.size());
  std::iota(agents.begin(), agents.end(), 0);
  splitmix_shuffle(agents.data(), int(agents.size()), rng);
  agents.resize(seats);
  RankedGame g{agents, std::vector<int>(seats)};
  std::vector<int> left(seats);
  std::iota(left.begin(), left.end(), 0);
  for (int place = 0; place < seats; ++place) {
    double total = 0;
    for (const int s : left) total += std::exp(elo[agents[s]] / kEloPerNat);
    double x = uniform(rng) * total;
    size_t pick = 0;
    while (pick + 1 < left.size() && (x -= std::exp(elo[agents[left[pick]]] / kEloPerNat)) > 0) ++pick;
    g.ranks[left[pick]] = place;
    left.erase(left.begin() + long(pick));
  }
  return g;
}

const std::vector<double> kTrueElo = {-150, 0, 100, 250};  // mean 50

TEST(PlackettLuce, RecoversKnownStrengths) {
  std::uint64_t rng = 12345;
  std::vector<RankedGame> games;
  for (int i = 0; i < 4000; ++i) games.push_back(draw_game(kTrueElo, 3, rng));
  const auto fit = fit_plackett_luce(4, games);
  ASSERT_TRUE(fit.converged);
  const auto r = elo_ratings(fit, std::nullopt, 50);
  for (int a = 0; a < 4; ++a) {
    EXPECT_NEAR(r[a].elo, kTrueElo[a], 25) << "agent " << a;
    EXPECT_LT(r[a].ci_low, r[a].elo);
    EXPECT_GT(r[a].ci_high, r[a].elo);
    EXPECT_LT(r[a].ci_high - r[a].ci_low, 60);  // 4000 games pin each rating to a few dozen Elo
  }
  // Anchored at agent 1 = 0: the same differences, and agent 1's own interval is empty.
  const auto anchored = elo_ratings(fit, 1, 0);
  EXPECT_DOUBLE_EQ(anchored[1].ci_low, anchored[1].ci_high);
  EXPECT_NEAR(anchored[3].elo - anchored[0].elo, r[3].elo - r[0].elo, 1e-9);
}

TEST(PlackettLuce, IntervalsCoverTheTruthAboutNinetyFivePercentOfTheTime) {
  std::uint64_t rng = 777;
  int covered = 0, intervals = 0;
  for (int rep = 0; rep < 150; ++rep) {
    std::vector<RankedGame> games;
    for (int i = 0; i < 300; ++i) games.push_back(draw_game(kTrueElo, 3, rng));
    const auto r = elo_ratings(fit_plackett_luce(4, games), std::nullopt, 50);
    for (int a = 0; a < 4; ++a, ++intervals)
      covered += r[a].ci_low <= kTrueElo[a] && kTrueElo[a] <= r[a].ci_high;
  }
  const double coverage = double(covered) / intervals;
  EXPECT_GT(coverage, 0.91) << covered << "/" << intervals;
  EXPECT_LT(coverage, 0.985) << covered << "/" << intervals;
}

TEST(PlackettLuce, TiesSplitEvenlyAndRepeatedAgentsCount) {
  // Agent 0 and 1 always tie for first above agent 2: 0 and 1 equal, both well above 2.
  std::vector<RankedGame> games(200, RankedGame{{0, 1, 2}, {0, 0, 2}});
  const auto r = elo_ratings(fit_plackett_luce(3, games), std::nullopt, 0);
  EXPECT_NEAR(r[0].elo, r[1].elo, 1e-6);
  EXPECT_GT(r[0].elo - r[2].elo, 300);
  // An agent holding two seats that always finish first and last around another agent: the
  // likelihood 2 g0 / (2 g0 + g1) * g1 / (g1 + g0) peaks at g1 = sqrt(2) g0, i.e. agent 1 is
  // 400 log10(sqrt 2) = 60.2 Elo stronger (a first place among two of one's own seats is only
  // half as telling). The prior pulls the fit a little toward equal.
  std::vector<RankedGame> split(2000, RankedGame{{0, 1, 0}, {0, 1, 2}});
  const auto s = elo_ratings(fit_plackett_luce(2, split), std::nullopt, 0);
  EXPECT_NEAR(s[1].elo - s[0].elo, 200 * std::log10(2.0), 0.5);
}

TEST(PlackettLuce, AnAgentThatNeverWinsStaysFinite) {
  std::vector<RankedGame> games(100, RankedGame{{0, 1}, {0, 1}});
  const auto r = elo_ratings(fit_plackett_luce(2, games), 0, 0);
  EXPECT_TRUE(std::isfinite(r[1].elo));
  EXPECT_LT(r[1].elo, -500);  // the prior is one virtual win: 100 straight losses still say "much weaker"
  EXPECT_TRUE(std::isfinite(r[1].ci_low));
}

TEST(PlackettLuce, RejectsMalformedGames) {
  EXPECT_THROW(fit_plackett_luce(2, {RankedGame{{0, 2}, {0, 1}}}), std::invalid_argument);
  EXPECT_THROW(fit_plackett_luce(2, {RankedGame{{0, 1}, {0}}}), std::invalid_argument);
}

}  // namespace
}  // namespace pamir::tournament
