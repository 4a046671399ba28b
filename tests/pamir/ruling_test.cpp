// Scenario tests for ruling a region (guide "Core Actions: Play" and "Tips for Winning" 3;
// rules notes 6).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

constexpr int kKabul = Region::kKabul;

// Rules notes 6: "A player rules a region if they have at least one tribe there and strictly
// more ruling pieces than every other player."
TEST(Ruling, NeedsAtLeastOneTribe) {
  Scenario sc({kAfghan, kBritish});
  sc.army(kAfghan, kKabul, 3);
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);
  sc.tribe(1, kKabul);  // seat 1 has a tribe, but seat 0's three armies outnumber it
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);
  sc.tribe(0, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), 0);
}

// During setup a player has no loyalty yet, so no army counts for them (the count used to
// read past the army table's row).
TEST(Ruling, BeforeChoosingLoyaltyNoArmyIsYours) {
  State s = new_game(2, 3);
  ASSERT_EQ(s.loyalty[0], Coalition::kNone);
  s.armies[Region::kKabul + 1][kAfghan] = 2;  // the byte just past Kabul's row
  EXPECT_EQ(ruling_pieces(s, 0, Region::kKabul), s.tribes[Region::kKabul][0]);
}

TEST(Ruling, NeedsStrictlyMoreRulingPiecesThanEachOtherPlayer) {
  Scenario sc({kAfghan, kBritish, kRussian});
  sc.tribe(0, kKabul, 2);
  sc.tribe(1, kKabul, 2);
  sc.tribe(2, kKabul, 1);
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);
  sc.tribe(0, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), 0);
}

// Rules notes 6: "Ruling pieces are your own tribes plus the armies of the coalition you are
// loyal to."
TEST(Ruling, ArmiesOfYourCoalitionAreRulingPieces) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(0, kKabul);
  sc.army(kAfghan, kKabul, 2);
  sc.tribe(1, kKabul, 2);
  EXPECT_EQ(ruler(sc.s, kKabul), 0);  // 3 against 2
  sc.army(kBritish, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);  // 3 against 3
}

// Rules notes 6 [impl]: "armies belonging to enemy coalitions can prevent you from taking a
// ruler token": the ruler's total must exceed each coalition's army count there.
TEST(Ruling, ArmiesOfACoalitionNobodyServesCanBlock) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(0, kKabul);
  sc.army(kRussian, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);
  sc.tribe(0, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), 0);
}

// Rules notes 6: "Two players of the same loyalty both count that coalition's armies."
TEST(Ruling, PlayersOfTheSameLoyaltyBothCountItsArmies) {
  Scenario sc({kAfghan, kBritish, kAfghan});
  sc.army(kAfghan, kKabul, 2);
  sc.tribe(0, kKabul);
  sc.tribe(2, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), kNoPlayer);  // 3 each
  sc.tribe(2, kKabul);
  EXPECT_EQ(ruler(sc.s, kKabul), 2);
}

// Rules notes 6: "The ruler token moves at once whenever rulership changes." Once seat 0's
// played card gives it Kandahar, its next Kandahar card needs no bribe.
TEST(Ruling, RulershipChangesAtOnceDuringATurn) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(1, Region::kKandahar);
  sc.to_hand(0, 45);  // Haji Khan Kakar, Kandahar: tribe, army
  sc.to_hand(0, 49);  // Kandahari Markets, Kandahar
  sc.act("play 45 left");
  sc.act("demand 0");
  EXPECT_EQ(ruler(sc.s, Region::kKandahar), 0);  // tribe + army against one tribe
  sc.act("play 49 left");
  EXPECT_NE(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_TRUE(sc.s.in_court(0, 49));
}

}  // namespace
}  // namespace pamir::testing
