#pragma once
// Positions for the network tests: games of 2 to 5 players played by uniformly random
// moves for a random number of decisions, never finished.

#include <vector>

#include "core/game.h"
#include "core/random.h"

namespace pamir::testing {

inline std::vector<core::State> random_positions(int count, core::u64 seed, int max_moves = 300) {
  std::vector<core::State> out;
  core::Action legal[core::kMaxLegalActions];
  while (int(out.size()) < count) {
    core::State s = core::new_game(2 + core::random_below(seed, 4), core::next_random(seed));
    const int moves = core::random_below(seed, max_moves);
    for (int m = 0; m < moves; ++m) {
      const int n = core::legal_actions(s, legal);
      core::State next = s;
      core::apply(next, legal[core::random_below(seed, n)]);
      if (next.game_over()) break;
      s = next;
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace pamir::testing
