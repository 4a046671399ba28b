// Scenario tests for running out of pieces (rules notes 1 "Running out of pieces").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Rules notes 1: "If you must place a cylinder ... and none is left in your supply, take a piece
// of that kind from anywhere in play. You may not take one you placed this turn. The piece can
// change role". Gifts are among the candidates [impl].
TEST(Supply, CylinderShortageTakesOneFromPlayButNotOnePlacedThisTurn) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(1, 62);
  sc.tribe(0, Region::kHerat, 7);
  sc.gift(0, 0);
  sc.spy(0, 62);
  ASSERT_EQ(sc.s.cylinders_in_supply[0], 1);
  sc.to_hand(0, 6);  // Aminullah Khan Logari, Kabul: tribe, army, spy
  sc.act("play 6 left");
  EXPECT_EQ(sc.s.tribes[Region::kKabul][0], 1);  // the last cylinder in supply
  sc.act("spy on 6");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kTakeCylinder);
  EXPECT_EQ(sc.legal_names(), "take tribe herat, take gift 2, take spy 62");
  sc.act("take spy 62");
  EXPECT_EQ(spies_of(sc.s, 0, 6), 1);
  EXPECT_EQ(spies_of(sc.s, 0, 62), 0);
  EXPECT_EQ(sc.s.tribes[Region::kKabul][0], 1);
}

// Rules notes 1: "Moving a tribe away this way can trigger the overthrow rule."
TEST(Supply, TakingTheLastTribeOfARegionTriggersTheOverthrowRule) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, 26);  // Paolo Avitabile: Punjab political
  sc.tribe(0, Region::kPunjab);
  sc.tribe(0, Region::kHerat, 9);
  sc.to_hand(0, 57);  // Exiled Durrani Nobility, Herat: tribe
  sc.act("play 57 left");
  EXPECT_EQ(sc.legal_names(), "take tribe punjab, take tribe herat");
  sc.act("take tribe punjab");
  EXPECT_EQ(sc.s.tribes[Region::kHerat][0], 10);
  EXPECT_EQ(sc.s.card_loc[26], Loc::kDiscard);
}

// Rules notes 7: the overthrow rule follows the loss of a region's last tribe. A shortage that
// takes a tribe from the very region the new tribe goes to loses no tribe there.
TEST(Supply, TakingATribeIntoItsOwnRegionLosesNothing) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(0, Region::kHerat);
  sc.tribe(0, Region::kKabul, kCylinders - 1);
  sc.to_court(0, 55);  // Hazara Chiefs: Herat political
  sc.to_hand(0, 57);   // Exiled Durrani Nobility, Herat political: tribe
  sc.act("play 57 left");
  sc.act("take tribe herat");
  EXPECT_EQ(sc.s.tribes[Region::kHerat][0], 1);
  EXPECT_TRUE(sc.s.in_court(0, 55));
  EXPECT_TRUE(sc.s.in_court(0, 57));
}

// The same for blocks: a block of the needed coalition is taken from the map, not one placed
// this turn; an army may come from anywhere.
TEST(Supply, BlockShortageTakesABlockNotPlacedThisTurn) {
  Scenario sc({kAfghan, kBritish});
  sc.army(kAfghan, Region::kHerat, 10);
  sc.road(kAfghan, border_from_name("herat_persia"));
  ASSERT_EQ(sc.s.blocks_in_supply[kAfghan], 1);
  sc.to_hand(0, 38);  // Akali Sikhs, Punjab: army, army
  sc.act("play 38 left");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kTakeBlock);
  EXPECT_EQ(sc.legal_names(), "take army herat, take road herat_persia");
  sc.act("take road herat_persia");
  EXPECT_EQ(sc.s.armies[Region::kPunjab][kAfghan], 2);
  EXPECT_EQ(sc.s.roads[border_from_name("herat_persia")][kAfghan], 0);
  EXPECT_EQ(sc.s.armies[Region::kHerat][kAfghan], 10);
}

// With nothing in play that was not placed this turn, nothing is placed and play goes on.
TEST(Supply, NothingIsPlacedWhenEveryPieceWasPlacedThisTurn) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(0, Region::kHerat, kCylinders);
  sc.s.cylinders_placed[0] = (1u << kCylinders) - 1;
  sc.to_hand(0, 57);
  sc.act("play 57 left");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.tribes[Region::kHerat][0], kCylinders);
  EXPECT_TRUE(sc.s.in_court(0, 57));
}

}  // namespace
}  // namespace pamir::testing
