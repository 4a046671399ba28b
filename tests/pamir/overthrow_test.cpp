// Scenario tests for the overthrow rule (rules notes 7; the guide's "Ruling a region" tips).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

constexpr int kHerat = Region::kHerat;

// Seat 0 (Afghan) holds Tajik Warband (Herat, rank 2: betray, battle), two Afghan armies in
// Herat and 4 rupees; seat 1 (British) holds two Herat political cards, a Herat economic card
// and a Punjab political card with a tribe there.
Scenario herat_court() {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 33}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 59);
  sc.army(kAfghan, kHerat, 2);
  sc.set_rupees(0, 4);
  for (int c : {57, 55, 67}) sc.to_court(1, c);
  sc.to_court(1, 26);
  sc.tribe(1, Region::kPunjab);
  return sc;
}

// Rules notes 7: "If you lose your last tribe in a region ... you at once discard all political
// cards of that region from your court."
TEST(Overthrow, LosingTheLastTribeDiscardsThePoliticalCardsOfThatRegion) {
  Scenario sc = herat_court();
  sc.tribe(1, kHerat);
  sc.act("battle 59");
  sc.act("battle in herat");
  sc.act("remove tribe of player 1");
  EXPECT_EQ(sc.s.card_loc[57], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[55], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(1, 67));  // economic: stays
  EXPECT_TRUE(sc.s.in_court(1, 26));  // another region: stays
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][1], 1);
}

TEST(Overthrow, LosingATribeThatIsNotTheLastChangesNothing) {
  Scenario sc = herat_court();
  sc.tribe(1, kHerat, 3);
  sc.act("battle 59");
  sc.act("battle in herat");
  sc.act("remove tribe of player 1");
  sc.act("remove tribe of player 1");
  EXPECT_EQ(sc.s.tribes[kHerat][1], 1);
  EXPECT_TRUE(sc.s.in_court(1, 57));
  EXPECT_TRUE(sc.s.in_court(1, 55));
}

// Rules notes 7: "If you lose your last political card of a region from your court, you at once
// remove all your tribes from that region." Here by betrayal; the first of two cards leaves
// the tribes in place.
TEST(Overthrow, LosingTheLastPoliticalCardRemovesAllTribesThere) {
  Scenario sc = herat_court();
  sc.tribe(1, kHerat, 2);
  sc.spy(0, 57);
  sc.spy(0, 55);
  sc.act("betray 59");
  sc.act("betray card 57");
  sc.act("decline prize");
  EXPECT_EQ(sc.s.tribes[kHerat][1], 2);  // 55 is still there
  sc.set_turn(0);
  sc.act("betray 59");
  sc.act("betray card 55");
  EXPECT_EQ(sc.s.tribes[kHerat][1], 0);
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][1], 1);
  EXPECT_TRUE(sc.s.in_court(1, 67));
}

// Rules notes 3 and 7: discards in cleanup are normal discards, so the overthrow rule applies
// to a political card discarded for the court limit.
TEST(Overthrow, CleanupDiscardOfTheLastPoliticalCardRemovesTribes) {
  Scenario sc({kAfghan, kBritish});
  for (int c : {61, 62, 63, 64}) sc.to_court(0, c);
  sc.to_court(0, 26);  // Paolo Avitabile: Punjab political rank 1, limit 4
  sc.tribe(0, Region::kPunjab, 2);
  sc.act("done");
  sc.act("discard 26");
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 0);
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders);
}

}  // namespace
}  // namespace pamir::testing
