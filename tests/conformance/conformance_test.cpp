// Random-game conformance: seeded games with uniformly random legal actions, checking
// every invariant of tests/conformance/invariants.h at every decision, then replaying
// each game from its seed and action list to check that play is deterministic. Compiled into
// every game's rules tests and written for any of them: seat counts, the automaton and the
// board come from the ruleset (core::kMinPlayers, kMaxPlayers, kAutomaton), never a name.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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

std::vector<int> seat_counts(int from, int to) {
  std::vector<int> counts;
  for (int n = from; n <= to; ++n) counts.push_back(n);
  return counts;
}
// Every seat count of the game, and those at which its automaton may sit (none without one).
const std::vector<int> kSeatCounts = seat_counts(kMinPlayers, kMaxPlayers);
const std::vector<int> kAutomatonSeatCounts = seat_counts(kMinPlayers, kAutomaton ? kAutomatonMaxPlayers : 0);

class RandomGames : public ::testing::TestWithParam<int> {};

TEST_P(RandomGames, KeepEveryInvariant) { run_games(GetParam(), 1, 1000); }

INSTANTIATE_TEST_SUITE_P(Conformance, RandomGames, ::testing::ValuesIn(kSeatCounts),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// The same checks on 25 times as many games, with seeds (disjoint from the default suite's). Long: run
// with the "soak" label, not in the default suite.
class RandomGamesSoak : public ::testing::TestWithParam<int> {};

TEST_P(RandomGamesSoak, KeepEveryInvariant) { run_games(GetParam(), 1'000'000, 25'000); }

INSTANTIATE_TEST_SUITE_P(Soak, RandomGamesSoak, ::testing::ValuesIn(kSeatCounts),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// The rules' automaton (Pax Pamir's Wakhan) in every seat of the games she may sit in, under
// the same checks.
class RandomGamesWithTheAutomaton : public ::testing::TestWithParam<int> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RandomGamesWithTheAutomaton);

TEST_P(RandomGamesWithTheAutomaton, KeepEveryInvariant) {
  const int players = GetParam();
  for (int seat = 0; seat < players; ++seat) {
    run_games(players, 1 + u64(seat) * 1000, 100, seat);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Conformance, RandomGamesWithTheAutomaton, ::testing::ValuesIn(kAutomatonSeatCounts),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

class RandomGamesWithTheAutomatonSoak : public ::testing::TestWithParam<int> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RandomGamesWithTheAutomatonSoak);

TEST_P(RandomGamesWithTheAutomatonSoak, KeepEveryInvariant) {
  const int players = GetParam();
  for (int seat = 0; seat < players; ++seat) {
    run_games(players, 1'000'000 + u64(seat) * 100'000, 10'000, seat);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Soak, RandomGamesWithTheAutomatonSoak, ::testing::ValuesIn(kAutomatonSeatCounts),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

// is_legal agrees with the legal list on every id, not only on the listed ones (a full
// sweep is a legal-set generation per id, so it runs on a sample of positions).
TEST(ConformanceLegality, IsLegalAcceptsExactlyTheListedIds) {
  Action legal[kMaxLegalActions];
  for (const int players : kSeatCounts)
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

// The sampler's selection without a loop agrees with walking the set bits, over random masks
// of every density (sparse ones are the common case: a market row, a hand).
TEST(ConformanceRandomAction, NthSetBitAgreesWithAWalk) {
  u64 rng = 7;
  for (int trial = 0; trial < 20000; ++trial) {
    u64 m = next_random(rng);
    for (int thin = trial % 4; thin > 0; --thin) m &= next_random(rng);
    const CardWords set = {m, trial % 3 ? next_random(rng) & next_random(rng) : 0};
    int n = 0;
    for (int w = 0; w < 2; ++w)
      for (u64 bits = set[w]; bits; bits &= bits - 1, ++n) {
        if (w == 0) {
          ASSERT_EQ(nth_set_bit(m, n), __builtin_ctzll(bits)) << std::hex << m << std::dec << " " << n;
        }
        ASSERT_EQ(nth_member(set, n), 64 * w + __builtin_ctzll(bits) + 1) << trial << " " << n;
      }
  }
}

// random_action draws each legal action equally often. Positions from seeded random games
// (every seat count; over half of them action phases, where the sampler skips the listing),
// 300 draws per legal action at each: every listed action is drawn, and the counts' chi-square
// over all positions, and at each, stays within what uniform draws give (the draws are
// seeded, so the test is deterministic; the bounds are about six standard deviations wide).
TEST(ConformanceRandomAction, DrawsEachLegalActionEquallyOften) {
  constexpr int kDrawsPerAction = 300;
  Action legal[kMaxLegalActions];
  std::vector<int> counts(kNumActions);
  double chi_square = 0;
  long freedom = 0;
  for (const int players : kSeatCounts)
    for (u64 seed = 80; seed < 83; ++seed) {
      State s = new_game(players, seed);
      u64 rng = seed + u64(players), draws = seed * 31 + u64(players);
      for (int decision = 0; !s.game_over(); ++decision) {
        const int n = legal_actions(s, legal);
        if (decision % 3 == 0 && n > 1) {
          std::fill(counts.begin(), counts.end(), 0);
          for (int k = 0; k < kDrawsPerAction * n; ++k) ++counts[random_action(s, draws)];
          double position_chi = 0;
          for (int i = 0; i < n; ++i) {
            ASSERT_GT(counts[legal[i]], 0) << "never drew " << action_name(s, legal[i]) << ", " << players
                                           << " players, seed " << seed << ", decision " << decision;
            const double off = counts[legal[i]] - kDrawsPerAction;
            position_chi += off * off / kDrawsPerAction;
          }
          // A chi-square of n - 1 degrees of freedom: mean n - 1, deviation sqrt(2 (n - 1)); its
          // right tail is longer than a normal's, hence the wider bound per position.
          EXPECT_LT(position_chi, n - 1 + 12 * std::sqrt(2.0 * (n - 1)) + 12)
              << players << " players, seed " << seed << ", decision " << decision;
          chi_square += position_chi;
          freedom += n - 1;
        }
        apply(s, legal[random_below(rng, n)]);
      }
    }
  ASSERT_GT(freedom, 1000);
  EXPECT_LT(std::abs(chi_square - double(freedom)), 6 * std::sqrt(2.0 * double(freedom)))
      << "chi-square " << chi_square << " over " << freedom << " degrees of freedom";
}

TEST(ConformanceSetup, SetupDependsOnlyOnPlayersAndSeed) {
  for (const int players : kSeatCounts) {
    const State a = new_game(players, 12345);
    const State b = new_game(players, 12345);
    EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
    const State c = new_game(players, 12346);
    EXPECT_NE(std::memcmp(a.deck, c.deck, sizeof a.deck), 0) << "two seeds dealt the same deck";
  }
}

// The checks themselves must catch what they claim to: break one law at a time.
TEST(ConformanceInvariants, EachBrokenLawIsReported) {
  const int players = kMaxPlayers, last = players - 1;
  const State good = new_game(players, 5);
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
  ++extra_block.armies[0][0];
  EXPECT_NE(check_conservation(extra_block), "");

  State extra_cylinder = good;
  ++extra_cylinder.tribes[1][last];
  EXPECT_NE(check_conservation(extra_cylinder), "");

  State lost_vp = good;
  lost_vp.vp[last] = 3;
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
