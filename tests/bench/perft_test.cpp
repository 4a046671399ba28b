#include <gtest/gtest.h>

#include "bench/bench.h"
#include "core/game.h"
#include "core/random.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

// REGRESSION SIGNATURE, not an independent reference: these counts were produced by this
// engine (`pamir perft --players P --seed S --depth D`) and frozen, so that any change to a
// legal set near the start of a game shows up here. When a rule fix changes them on
// purpose, re-run the command and update the value in the same commit as the fix.
struct FrozenPerft {
  int players;
  u64 seed;
  int depth;
  std::uint64_t count;
};
constexpr FrozenPerft kFrozen[] = {
    {2, 1, 4, 747}, {2, 7, 6, 15705}, {3, 1, 6, 6993}, {4, 3, 7, 21465}, {5, 4, 8, 63909},
};

TEST(Perft, FrozenRegressionCounts) {
  for (const FrozenPerft& f : kFrozen)
    EXPECT_EQ(bench::perft(new_game(f.players, f.seed), f.depth), f.count)
        << "players " << f.players << " seed " << f.seed << " depth " << f.depth;
}

// Setup ends with every player choosing a loyalty, one at a time, from three coalitions
// (pax-pamir-guide.en.txt, setup step 6: "each player chooses and adjusts their loyalty
// dial"), before any other decision: so the first N plies of an N-player game branch
// exactly three ways each.
TEST(Perft, LoyaltyRoundBranchesThreeWays) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (u64 seed = 1; seed <= 5; ++seed) {
      const State s = new_game(players, seed);
      EXPECT_EQ(bench::perft(s, 0), 1u);
      EXPECT_EQ(bench::perft(s, 1), 3u);
      std::uint64_t all_loyal = 1;
      for (int i = 0; i < players; ++i) all_loyal *= 3;
      EXPECT_EQ(bench::perft(s, players), all_loyal) << "players " << players << " seed " << seed;
    }
}

// Depth-1 perft is the number of legal actions, in every position along random games, and
// a finished game is one leaf at any depth.
TEST(Perft, DepthOneIsLegalCount) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    State s = new_game(players, 11);
    u64 rng = 99;
    Action legal[kMaxLegalActions];
    while (!s.game_over()) {
      const int n = legal_actions(s, legal);
      ASSERT_EQ(bench::perft(s, 1), std::uint64_t(n));
      apply(s, legal[random_below(rng, n)]);
    }
    EXPECT_EQ(bench::perft(s, 1), 1u);
    EXPECT_EQ(bench::perft(s, 3), 1u);
  }
}

}  // namespace
}  // namespace pamir::testing
