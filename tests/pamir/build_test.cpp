// Scenario tests for the build action (guide "Card-Based Actions: Build"; rules notes 5
// "Build").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Seat 0 (Afghan) rules Kandahar with one tribe and holds Baluchi Chiefs (Kandahar political:
// build, tax); a full market without rupees.
Scenario builder(int rupees) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 44);
  sc.tribe(0, Region::kKandahar);
  sc.set_rupees(0, rupees);
  return sc;
}

// Guide "Card-Based Actions: Build": "Place up to three armies and/or roads in regions you
// rule. Roads can go on adjacent borders." Rules notes 5: roads go on any border of a region
// you rule.
TEST(Build, ArmiesInRuledRegionsAndRoadsOnTheirBorders) {
  Scenario sc = builder(10);
  sc.tribe(1, Region::kHerat);  // seat 1 rules Herat: no building there for seat 0
  sc.act("build 44");
  EXPECT_EQ(sc.legal_names(),
            "build road herat_kandahar, build road kabul_kandahar, build road kandahar_punjab, "
            "build army kandahar");
}

// Guide: "This costs two rupees per unit placed." Up to three blocks; the cost goes on the
// rightmost market cards, alternating rows (rules notes 5 "Action costs").
TEST(Build, TwoRupeesPerBlockUpToThreeBlocks) {
  Scenario sc = builder(10);
  sc.act("build 44");
  sc.act("build army kandahar");
  sc.act("build road kandahar_punjab");
  sc.act("build army kandahar");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // three blocks end the build
  EXPECT_EQ(sc.s.armies[Region::kKandahar][kAfghan], 2);
  EXPECT_EQ(sc.s.roads[border_from_name("kandahar_punjab")][kAfghan], 1);
  EXPECT_EQ(sc.s.rupees[0], 4);
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      EXPECT_EQ(sc.s.market_rupees[row][col], col >= 3 ? 1 : 0) << row << " " << col;
}

// The builder may stop early and pays only for the blocks placed; the purse limits the count.
TEST(Build, PaysOnlyForBlocksPlacedAndStopsWhenBroke) {
  Scenario sc = builder(10);
  sc.act("build 44");
  EXPECT_FALSE(sc.can("done"));  // at least one block
  sc.act("build army kandahar");
  sc.act("done");
  EXPECT_EQ(sc.s.rupees[0], 8);
  sc.set_turn(0);
  sc.set_rupees(0, 4);
  sc.act("build 44");
  sc.act("build army kandahar");
  sc.act("build army kandahar");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.armies[Region::kKandahar][kAfghan], 3);
}

// Rules notes 5: "You must rule at least one region." Documented engine interpretation: the
// action is not offered when it could place nothing.
TEST(Build, NotOfferedWithoutARuledRegionOrTwoRupees) {
  Scenario sc = builder(10);
  sc.tribe(1, Region::kKandahar);  // a tie: nobody rules
  EXPECT_FALSE(sc.can("build 44"));
  sc.tribe(0, Region::kKandahar);
  EXPECT_TRUE(sc.can("build 44"));
  sc.set_rupees(0, 1);
  EXPECT_FALSE(sc.can("build 44"));
}

// Ruling pieces count loyal armies: an army built can hold a region, and roads may be placed
// on the borders of every ruled region.
TEST(Build, RoadsMayGoOnBordersOfAnyRuledRegion) {
  Scenario sc = builder(10);
  sc.tribe(0, Region::kHerat);
  sc.act("build 44");
  EXPECT_TRUE(sc.can("build road herat_persia"));
  EXPECT_TRUE(sc.can("build army herat"));
  EXPECT_FALSE(sc.can("build road persia_transcaspia"));
  EXPECT_FALSE(sc.can("build army persia"));
}

}  // namespace
}  // namespace pamir::testing
