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
#include "tests/conformance/random_games.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

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
