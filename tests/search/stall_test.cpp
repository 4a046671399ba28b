// Stalls (search/stall.h): the clock counts turns without progress from the roots it sees, a
// stalled leaf's leads shrink after the grace, and a recorded game where the
// leading net passed turn after turn is closed out.

#include <gtest/gtest.h>

#include "core/game.h"
#include "core/queries.h"
#include "search/agent.h"
#include "search/stall.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;
using search::StallClock;

// A position of the game at that turn and progress: the clock reads nothing else.
State at(int turn, int cards_drawn) {
  State s = new_game(2, 7);
  s.turn = u16(turn);
  s.deck_pos = u8(cards_drawn);
  return s;
}

TEST(Stall, TheClockCountsTurnsSinceTheLastProgressItSaw) {
  StallClock clock;
  EXPECT_EQ(clock.stalled_turns(at(30, 20)), 0);  // no root seen yet
  clock.observe(at(10, 20));
  EXPECT_EQ(clock.stalled_turns(at(10, 20)), 0);
  EXPECT_EQ(clock.stalled_turns(at(14, 20)), 4);  // a leaf four turns below the root
  EXPECT_EQ(clock.stalled_turns(at(14, 21)), 0);  // a card was drawn on the way there
  clock.observe(at(16, 20));                      // a later root, still no progress
  EXPECT_EQ(clock.stalled_turns(at(18, 20)), 8);
  State checked = at(18, 20);
  ++checked.dominance_checks_resolved;  // a check scored counts as progress too
  EXPECT_EQ(clock.stalled_turns(checked), 0);
  clock.observe(at(20, 22));  // progress since the last root: the count starts again here
  EXPECT_EQ(clock.stalled_turns(at(23, 22)), 3);
  clock.observe(at(2, 22));  // a root from earlier (another game): the count starts afresh
  EXPECT_EQ(clock.stalled_turns(at(5, 22)), 3);
}

TEST(Stall, LeadsAreKeptWithinTheGraceThenLost) {
  // A grace of 6 rounds at 2 seats is 12 turns; the draw is reached at 36.
  EXPECT_EQ(search::stall_factor(0, 2, 6), 1);
  EXPECT_EQ(search::stall_factor(12, 2, 6), 1);
  EXPECT_FLOAT_EQ(search::stall_factor(24, 2, 6), 0.5f);
  EXPECT_EQ(search::stall_factor(36, 2, 6), 0);
  EXPECT_EQ(search::stall_factor(500, 2, 6), 0);
  EXPECT_FLOAT_EQ(search::stall_factor(36, 4, 6), 0.75f);  // rounds: 24 turns of grace at 4 seats
  EXPECT_EQ(search::stall_factor(500, 2, 0), 1);           // stall=0: no stall handling

  const search::Values v{0.7f, 0.2f, 0.1f};
  const search::Values half = search::shrink_leads(v, 0.5f, 3);
  const float third = 1.0f / 3;
  EXPECT_FLOAT_EQ(half[0], third + 0.5f * (0.7f - third));
  EXPECT_EQ(half[1], 0.2f);  // a trailing seat gains nothing from the stall
  EXPECT_EQ(half[2], 0.1f);
  EXPECT_EQ(half[3], 0);  // seats beyond the game's stay 0
  EXPECT_FLOAT_EQ(search::shrink_leads(v, 0, 3)[0], third);
}

// Game 169 of the 2-player equal-time table of seed 44241 (docs/history/models.md): after these
// decisions seat 0, the net, leads 3 to 1 and both seats pass turn after turn; the game went
// on for 487 turns. With stall handling the leader buys within the grace and its span.
constexpr u64 kStalledDeal = 11356545315531753869ull;
constexpr Action kToTheStall[] = {
    815,  813,  7,   159,  0,    10,   63,   0,    8,    143, 830,  833,  0,    2,    68,   836,  869,  0,
    8,    2,    0,   7,    377,  839,  0,    129,  7,    0,   8,    375,  1074, 0,    1565, 1588, 7,    164,
    0,    69,   836, 837,  384,  1088, 1199, 1118, 1232, 0,   10,   1,    0,    7,    134,  830,  834,  0,
    7,    78,   817, 827,  0,    11,   196,  935,  0,    7,   162,  410,  1408, 1543, 1515, 566,  1410, 1533,
    1521, 0,    764, 1407, 1528, 381,  1076, 1072, 0,    566, 1408, 1539, 1542, 7,    1,    410,  1408, 1539,
    0,    1619, 381, 1074, 762,  1120, 1233, 0,    5,    17,  846,  846,  410,  1407, 1515, 0,    1,    573,
    1069, 1071, 0,   657,  1070, 1,    406,  1084, 0,    1,   573,  1079, 1072, 0};

// The other seat's move: it passes, as it did in the record, whenever it may.
Action passing_move(const State& s) {
  if (is_legal(s, Act::kDone)) return Act::kDone;
  Action legal[kMaxLegalActions];
  legal_actions(s, legal);
  return legal[0];
}

TEST(Stall, ALeaderThatStallsClosesTheGameOut) {
  State s = new_game(2, kStalledDeal);
  for (const Action a : kToTheStall) {
    ASSERT_TRUE(is_legal(s, a));
    apply(s, a);
  }
  ASSERT_EQ(to_move(s), 0);
  ASSERT_GT(s.vp[0], s.vp[1]);
  constexpr int kGraceRounds = 6;
  auto leader = search::make_agent("best:stall=" + std::to_string(kGraceRounds), 1);
  const int progress = game_progress(s), start = s.turn;
  const int draw_turn = start + 3 * kGraceRounds * 2;
  while (game_progress(s) == progress && s.turn <= draw_turn) {
    const Action a = to_move(s) == 0 ? leader->choose(s) : passing_move(s);
    apply(s, a);
  }
  EXPECT_NE(game_progress(s), progress) << "no card left the market in " << s.turn - start << " turns";
}

}  // namespace
}  // namespace pamir::testing
