// Random-game conformance: seeded games with uniformly random legal actions, checking
// every invariant of tests/conformance/invariants.h at every decision, then replaying
// each game from its seed and action list to check that play is deterministic.

#include <gtest/gtest.h>

#include <cstring>
#include <utility>
#include <vector>

#include "core/game.h"
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

// Plays one random game from (players, seed), checking every position and step; with a
// Wakhan seat, the engine plays that seat.
void play_checked(int players, u64 seed, PlayedGame& game, int wakhan_seat) {
  State s = new_game(players, seed, wakhan_seat);
  u64 rng = seed * 0x9E3779B97F4A7C15ull + u64(players);
  Action legal[kMaxLegalActions];
  for (;;) {
    const int n = legal_actions(s, legal);
    ASSERT_EQ(check_position(s, legal, n), "")
        << players << " players, seed " << seed << ", decision " << game.actions.size();
    game.keys.push_back(full_key(s));
    if (s.game_over()) break;
    ASSERT_LT(game.actions.size(), size_t(kMaxDecisions))
        << "game does not end: " << players << " players, seed " << seed;
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
void replay_matches(int players, u64 seed, const PlayedGame& game, int wakhan_seat) {
  State s = new_game(players, seed, wakhan_seat);
  for (size_t i = 0; i < game.actions.size(); ++i) {
    ASSERT_EQ(full_key(s), game.keys[i]) << "replay diverged before decision " << i << ", seed " << seed;
    apply(s, game.actions[i]);
  }
  ASSERT_EQ(std::memcmp(&s, &game.final_state, sizeof s), 0) << "replay of seed " << seed << " differs";
}

void run_games(int players, u64 first_seed, int count, int wakhan_seat = kNoPlayer) {
  for (u64 seed = first_seed; seed < first_seed + u64(count); ++seed) {
    PlayedGame game;
    play_checked(players, seed, game, wakhan_seat);
    if (::testing::Test::HasFatalFailure()) return;
    replay_matches(players, seed, game, wakhan_seat);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

class RandomGames : public ::testing::TestWithParam<int> {};

TEST_P(RandomGames, KeepEveryInvariant) { run_games(GetParam(), 1, 1000); }

INSTANTIATE_TEST_SUITE_P(Conformance, RandomGames, ::testing::Values(2, 3, 4, 5),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// The same checks on 25 times as many games, with seeds (disjoint from the default suite's). Long: run
// with the "soak" label, not in the default suite.
class RandomGamesSoak : public ::testing::TestWithParam<int> {};

TEST_P(RandomGamesSoak, KeepEveryInvariant) { run_games(GetParam(), 1'000'000, 25'000); }

INSTANTIATE_TEST_SUITE_P(Soak, RandomGamesSoak, ::testing::Values(2, 3, 4, 5),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// Wakhan in every seat of 2- and 3-seat games (seat = seed % players), under the same checks.
class RandomGamesWithWakhan : public ::testing::TestWithParam<int> {};

TEST_P(RandomGamesWithWakhan, KeepEveryInvariant) {
  const int players = GetParam();
  for (int seat = 0; seat < players; ++seat) {
    run_games(players, 1 + u64(seat) * 1000, 100, seat);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Conformance, RandomGamesWithWakhan, ::testing::Values(2, 3),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

class RandomGamesWithWakhanSoak : public ::testing::TestWithParam<int> {};

TEST_P(RandomGamesWithWakhanSoak, KeepEveryInvariant) {
  const int players = GetParam();
  for (int seat = 0; seat < players; ++seat) {
    run_games(players, 1'000'000 + u64(seat) * 100'000, 10'000, seat);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Soak, RandomGamesWithWakhanSoak, ::testing::Values(2, 3),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// is_legal agrees with the legal list on every id, not only on the listed ones (a full
// sweep is a legal-set generation per id, so it runs on a sample of positions).
TEST(ConformanceLegality, IsLegalAcceptsExactlyTheListedIds) {
  Action legal[kMaxLegalActions];
  for (int players = 2; players <= 5; ++players)
    for (u64 seed = 70; seed < 75; ++seed) {
      State s = new_game(players, seed);
      u64 rng = seed + u64(players);
      for (int decision = 0; !s.game_over(); ++decision) {
        const int n = legal_actions(s, legal);
        if (decision % 4 == 0) {
          int at = 0;
          for (int a = 0; a < kNumActions; ++a) {
            const bool listed = at < n && legal[at] == a;
            at += listed;
            ASSERT_EQ(is_legal(s, Action(a)), listed)
                << "action " << a << " (" << action_name(s, Action(a)) << "), " << players
                << " players, seed " << seed << ", decision " << decision;
          }
        }
        apply(s, legal[random_below(rng, n)]);
      }
    }
}

TEST(ConformanceSetup, SetupDependsOnlyOnPlayersAndSeed) {
  for (int players = 2; players <= 5; ++players) {
    const State a = new_game(players, 12345);
    const State b = new_game(players, 12345);
    EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
    const State c = new_game(players, 12346);
    EXPECT_NE(std::memcmp(a.deck, c.deck, sizeof a.deck), 0) << "two seeds dealt the same deck";
  }
}

// The checks themselves must catch what they claim to: break one law at a time.
TEST(ConformanceInvariants, EachBrokenLawIsReported) {
  const State good = new_game(3, 5);
  ASSERT_EQ(check_conservation(good), "");
  const int in_market = good.market[0][0];

  State lost_card = good;
  lost_card.market[0][0] = kNoCard;
  EXPECT_NE(check_conservation(lost_card), "");

  State twice = good;
  twice.card_loc[in_market] = Loc::kDiscard;
  EXPECT_NE(check_conservation(twice), "");

  State extra_rupee = good;
  ++extra_rupee.rupees[0];
  EXPECT_NE(check_conservation(extra_rupee), "");

  State extra_block = good;
  ++extra_block.armies[Region::kKabul][Coalition::kBritish];
  EXPECT_NE(check_conservation(extra_block), "");

  State extra_cylinder = good;
  ++extra_cylinder.tribes[Region::kHerat][1];
  EXPECT_NE(check_conservation(extra_cylinder), "");

  State lost_vp = good;
  lost_vp.vp[2] = 3;
  EXPECT_EQ(check_step(good, lost_vp), "");
  EXPECT_NE(check_step(lost_vp, good), "");

  Action legal[kMaxLegalActions];
  const int n = legal_actions(good, legal);
  ASSERT_GE(n, 2);
  EXPECT_EQ(check_legal_set(good, legal, n), "");
  std::swap(legal[0], legal[1]);
  EXPECT_NE(check_legal_set(good, legal, n), "");
  EXPECT_NE(check_legal_set(good, legal, 0), "");
}

}  // namespace
}  // namespace pamir::testing
