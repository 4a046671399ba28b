// Scenario tests for the move action (guide "Card-Based Actions: Move"; rules notes 5 "Move").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Seat 0 (British) holds British Regulars (Kandahar, rank 2: battle, move) and has one British
// army in Kandahar.
Scenario mover() {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, 50);
  sc.army(kBritish, Region::kKandahar);
  return sc;
}

// Guide "Card-Based Actions: Move": "Armies need a matching road to cross borders." Rules notes
// 5: "An army may cross a border only if a road of its coalition is on that border."
TEST(Move, ArmyCrossesOnlyBordersWithARoadOfItsCoalition) {
  Scenario sc = mover();
  sc.road(kBritish, border_from_name("kandahar_punjab"));
  sc.road(kAfghan, border_from_name("herat_kandahar"));
  sc.act("move 50");
  EXPECT_EQ(sc.legal_names(), "move army kandahar");
  sc.act("move army kandahar");
  EXPECT_EQ(sc.legal_names(), "move to punjab");
}

// Without any road of its coalition the army cannot move, and with nothing else to move the
// action is not offered (documented engine interpretation).
TEST(Move, NoRoadMeansNoArmyMove) {
  Scenario sc = mover();
  sc.road(kAfghan, border_from_name("kandahar_punjab"));
  EXPECT_FALSE(sc.can("move 50"));
}

// Guide: "For each rank of the acting card, move one of your loyal armies or spies." Rules notes
// 5: "One piece may move several times".
TEST(Move, OnePieceMayTakeSeveralStepsUpToTheRank) {
  Scenario sc = mover();
  sc.road(kBritish, border_from_name("kandahar_punjab"));
  sc.road(kBritish, border_from_name("kabul_punjab"));
  sc.act("move 50");
  sc.act("move army kandahar");
  sc.act("move to punjab");
  EXPECT_TRUE(sc.can("done"));  // moves are "up to" the rank
  sc.act("move army punjab");
  EXPECT_EQ(sc.legal_names(), "move to kabul, move to kandahar");
  sc.act("move to kabul");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // rank 2: two steps
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 1);
  EXPECT_EQ(sc.s.armies[Region::kKandahar][kBritish], 0);
  EXPECT_EQ(sc.s.armies[Region::kPunjab][kBritish], 0);
}

// Guide: "Spies move along players' court cards." Rules notes 5: "All courts are treated as one
// circular track around the table, so a spy can pass from one player's court to the next, in
// either direction." Track here: 50 61 | 62 63 (seat 0 | seat 1), closing from 63 to 50.
TEST(Move, SpiesMoveAroundOneCircularTrackOfAllCourts) {
  Scenario sc = mover();
  sc.to_court(0, 61);
  sc.to_court(1, 62);
  sc.to_court(1, 63);
  sc.spy(0, 63);
  sc.spy(0, 61);
  sc.act("move 50");
  EXPECT_EQ(sc.legal_names(), "move spy 61, move spy 63");  // the army has no road
  sc.act("move spy 63");
  EXPECT_EQ(sc.legal_names(), "move to card 50, move to card 62");  // wraps round to seat 0
  sc.act("move to card 50");
  sc.act("move spy 61");
  EXPECT_EQ(sc.legal_names(), "move to card 50, move to card 62");  // into seat 1's court
  sc.act("move to card 62");
  EXPECT_EQ(spies_of(sc.s, 0, 50), 1);
  EXPECT_EQ(spies_of(sc.s, 0, 62), 1);
  EXPECT_EQ(spies_of(sc.s, 0, 61) + spies_of(sc.s, 0, 63), 0);
}

// A rank-1 card moves one piece one step.
TEST(Move, RankOneCardGivesOneStep) {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, 39);  // William Moorcroft: rank 1, move
  sc.to_court(1, 62);
  sc.spy(0, 39);
  sc.act("move 39");
  sc.act("move spy 39");
  sc.act("move to card 62");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(spies_of(sc.s, 0, 62), 1);
}

}  // namespace
}  // namespace pamir::testing
