// Wakhan's ruling pieces (errata) and her scoring, loyal to every coalition.

#include <gtest/gtest.h>

#include "core/dominance.h"
#include "tests/pamir/wakhan_scenario.h"

namespace pamir::testing {
namespace {

TEST(WakhanRuling, HerTribesPlusTheLargestArmyOfAnyCoalition) {
  WakhanScenario w({Coalition::kRussian, 0}, 1);
  w.tribe(1, Region::kKabul);
  w.army(Coalition::kBritish, Region::kKabul, 2);  // not her pragmatic colour: it still counts
  w.tribe(0, Region::kKabul, 2);
  EXPECT_EQ(ruling_pieces(w.s, 1, Region::kKabul), 3);
  EXPECT_EQ(ruler(w.s, Region::kKabul), 1);
  // A British player counts the same two armies: 1 tribe + 2 against her 3 is a tie.
  change_loyalty(w.s, 0, Coalition::kBritish);
  set_cylinder(w.s, 0, 0, CylLoc::kSupply);
  EXPECT_EQ(ruling_pieces(w.s, 0, Region::kKabul), 3);
  EXPECT_EQ(ruler(w.s, Region::kKabul), kNoPlayer);
  // Without a tribe she rules nothing, armies or not.
  WakhanScenario v({Coalition::kRussian, 0}, 1);
  v.army(Coalition::kAfghan, Region::kHerat, 3);
  EXPECT_EQ(ruler(v.s, Region::kHerat), kNoPlayer);
}

TEST(WakhanScoring, SheTakesPartInEverySuccessfulCheck) {
  // 3 seats: players 0 and 1 British and Russian, Wakhan at seat 2 (pragmatically Afghan).
  WakhanScenario w({Coalition::kBritish, Coalition::kRussian, 0}, 2);
  ASSERT_EQ(w.s.loyalty[2], Coalition::kAfghan);
  w.army(Coalition::kBritish, Region::kPunjab, 4);  // British dominant
  // Her British influence: 1 + a British patriot (19) + a British prize (57) + a gift = 4;
  // her Russian patriot (69) does not count. Player 0: 1 + a British patriot = 2.
  w.to_court(2, 19);
  w.to_court(2, 69);
  w.to_prize(2, 57);
  w.gift(2, 0);
  w.to_court(0, 20);
  EXPECT_EQ(influence(w.s, 2, Coalition::kBritish), 4);
  EXPECT_EQ(influence(w.s, 2, Coalition::kRussian), 3);
  ASSERT_TRUE(resolve_dominance_check(w.s, kFirstDominanceCheck, kFirstDominanceCheck));
  EXPECT_EQ(w.s.vp[2], 5);
  EXPECT_EQ(w.s.vp[0], 3);
  EXPECT_EQ(w.s.vp[1], 0);  // Russian: no part in a British check
}

TEST(WakhanScoring, FailedChecksRankHerByCylindersLikeAnyone) {
  WakhanScenario w({Coalition::kBritish, Coalition::kRussian, 0}, 2);
  w.tribe(2, Region::kHerat, 2);
  w.gift(2, 0);
  w.tribe(0, Region::kKabul, 2);
  w.tribe(1, Region::kPunjab);
  ASSERT_EQ(dominant_coalition(w.s), Coalition::kNone);
  ASSERT_TRUE(resolve_dominance_check(w.s, kFirstDominanceCheck, kFirstDominanceCheck));
  EXPECT_EQ(w.s.vp[2], 3);  // 3 cylinders in play
  EXPECT_EQ(w.s.vp[0], 1);  // 2
  EXPECT_EQ(w.s.vp[1], 0);  // 1
}

}  // namespace
}  // namespace pamir::testing
