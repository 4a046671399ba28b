#include <gtest/gtest.h>

#include "core/actions.h"
#include "core/check.h"
#include "core/game.h"
#include "core/random.h"

using namespace pamir::core;

TEST(Smoke, RandomGamesStayConsistent) {
  for (int players = 2; players <= 5; ++players)
    for (u64 seed = 1; seed <= 200; ++seed) {
      State s = new_game(players, seed);
      u64 rng = seed * 7 + 1;
      Action legal[kMaxLegalActions];
      int steps = 0;
      while (!s.game_over() && steps < 20000) {
        ASSERT_EQ(check_consistency(s), "") << "seed " << seed << " step " << steps;
        const int n = legal_actions(s, legal);
        ASSERT_GT(n, 0);
        apply(s, legal[random_below(rng, n)]);
        ++steps;
      }
      ASSERT_TRUE(s.game_over()) << "players " << players << " seed " << seed;
      ASSERT_EQ(check_consistency(s), "");
    }
}
