#pragma once
// Positions for the network tests: games of every player count the game has (or, with_wakhan,
// 2 or 3 seats one of which is Wakhan) played by uniformly random moves for a random number of
// decisions, never finished.

#include <vector>

#include "core/game.h"
#include "core/random.h"

namespace pamir::testing {

inline std::vector<core::State> random_positions(int count, core::u64 seed, bool with_wakhan = false) {
  constexpr int kMaxMoves = 300;
  std::vector<core::State> out;
  core::Action legal[core::kMaxLegalActions];
  while (int(out.size()) < count) {
    const int players = core::kMinPlayers +
                        core::random_below(seed, with_wakhan ? 2 : core::kMaxPlayers - core::kMinPlayers + 1);
    const int wakhan = with_wakhan ? core::random_below(seed, players) : core::kNoPlayer;
    core::State s = core::new_game(players, core::next_random(seed), wakhan);
    const int moves = core::random_below(seed, kMaxMoves);
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
