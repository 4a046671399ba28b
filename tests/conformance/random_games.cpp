#include "tests/conformance/random_games.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/hash.h"
#include "core/random.h"
#include "tests/conformance/invariants.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

// Far beyond any real game (random games take a few hundred decisions); reaching it means
// the game does not end.
constexpr int kMaxDecisions = 20000;

struct PlayedGame {
  std::vector<Action> actions;
  std::vector<Key> keys;  // full_key before each action, and of the final state
  State final_state;
};

// Plays one random game from (players, seed), checking every position and step; with an
// automaton seat, the engine plays that seat.
void play_checked(int players, u64 seed, PlayedGame& game, int automaton_seat) {
  State s = new_game(players, seed, automaton_seat);
  u64 rng = seed * 0x9E3779B97F4A7C15ull + u64(players);
  u64 sample_rng = rng ^ 0x5DEECE66Dull;
  Action legal[kMaxLegalActions];
  for (;;) {
    const int n = legal_actions(s, legal);
    ASSERT_EQ(check_position(s, legal, n), "")
        << players << " players, seed " << seed << ", decision " << game.actions.size();
    game.keys.push_back(full_key(s));
    if (s.game_over()) break;
    ASSERT_LT(game.actions.size(), size_t(kMaxDecisions))
        << "game does not end: " << players << " players, seed " << seed;
    // The sampler draws from the same list (its uniformity: ConformanceRandomAction).
    const Action sampled = random_action(s, sample_rng);
    ASSERT_TRUE(std::binary_search(legal, legal + n, sampled))
        << "random_action drew " << sampled << ", not legal: " << players << " players, seed " << seed
        << ", decision " << game.actions.size();
    const Action a = legal[random_below(rng, n)];
    ASSERT_EQ(check_name_round_trip(s, a), "")
        << players << " players, seed " << seed << ", decision " << game.actions.size();
    const State before = s;
    apply(s, a);
    game.actions.push_back(a);
    ASSERT_EQ(check_step(before, s), "")
        << players << " players, seed " << seed << ", decision " << game.actions.size();
  }
  game.final_state = s;
}

// Replays the recorded actions from the same seed; every intermediate state must hash as
// before and the final state must be bit-identical.
void replay_matches(int players, u64 seed, const PlayedGame& game, int automaton_seat) {
  State s = new_game(players, seed, automaton_seat);
  for (size_t i = 0; i < game.actions.size(); ++i) {
    ASSERT_EQ(full_key(s), game.keys[i]) << "replay diverged before decision " << i << ", seed " << seed;
    apply(s, game.actions[i]);
  }
  ASSERT_EQ(std::memcmp(&s, &game.final_state, sizeof s), 0) << "replay of seed " << seed << " differs";
}

}  // namespace

void run_games(int players, u64 first_seed, int count, int automaton_seat) {
  for (u64 seed = first_seed; seed < first_seed + u64(count); ++seed) {
    PlayedGame game;
    play_checked(players, seed, game, automaton_seat);
    if (::testing::Test::HasFatalFailure()) return;
    replay_matches(players, seed, game, automaton_seat);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace pamir::testing
