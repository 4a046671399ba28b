// Scenario tests for what all card actions share: hostages and action costs (guide
// "Card-Based Actions: Hostage Actions" and "Action Costs"; rules notes 5).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Three seats; seat 0 holds Khyber Pass (Punjab, rank 2: tax, move) and 5 rupees, and the
// market holds 3 rupees to tax.
Scenario hostage_card() {
  Scenario sc({kAfghan, kBritish, kRussian});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_market_rupees(0, 0, 3);
  sc.to_court(0, 29);
  sc.set_rupees(0, 5);
  sc.set_rupees(1, 0);
  return sc;
}

// Guide "Hostage Actions": "If an enemy player has more spies on one of your court cards than
// any other player, that card is held hostage! You can only use its actions by paying a bribe
// to the player holding it hostage, equal to the number of their spies on the card."
TEST(Hostage, StrictlyMostSpiesHoldsTheCardAndAsksUpToTheirSpies) {
  Scenario sc = hostage_card();
  sc.spy(1, 29, 2);
  sc.spy(0, 29);
  sc.spy(2, 29);
  ASSERT_EQ(hostage_holder(sc.s, 29), 1);
  sc.act("tax 29");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_EQ(sc.s.top().player, 1);
  EXPECT_EQ(sc.legal_names(), "demand 0, demand 1, demand 2");
  sc.act("demand 2");
  sc.act("pay bribe");
  EXPECT_EQ(sc.s.rupees[0], 3);
  EXPECT_EQ(sc.s.rupees[1], 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
}

// Rules notes 5: "strictly more spies on it than every other player, the owner included".
TEST(Hostage, TiedSpiesHoldNoHostage) {
  Scenario sc = hostage_card();
  sc.spy(1, 29, 2);
  sc.spy(2, 29, 2);
  EXPECT_EQ(hostage_holder(sc.s, 29), kNoPlayer);
  sc.act("tax 29");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
  sc.set_turn(0);
  sc.spy(0, 29, 3);  // the owner with the most spies: no hostage either
  EXPECT_EQ(hostage_holder(sc.s, 29), kNoPlayer);
}

// Rules notes 5: the bribe "can be waived".
TEST(Hostage, WaivedBribeFreesTheAction) {
  Scenario sc = hostage_card();
  sc.spy(2, 29);
  sc.act("tax 29");
  EXPECT_EQ(sc.s.top().player, 2);
  sc.act("demand 0");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
  EXPECT_EQ(sc.s.rupees[0], 5);
}

// An unpaid hostage bribe means the action is not taken: no action used. Documented engine
// interpretation: the card cannot be tried again this turn, other cards still can.
TEST(Hostage, RefusedBribeUsesNoActionAndBlocksTheCardThisTurn) {
  Scenario sc = hostage_card();
  sc.to_court(0, 31);  // Company Weapons: tax
  sc.spy(1, 29);
  sc.act("tax 29");
  sc.act("demand 1");
  sc.act("refuse bribe");
  EXPECT_EQ(sc.s.actions_used, 0);
  EXPECT_EQ(sc.s.rupees[0], 5);
  EXPECT_FALSE(sc.offers("tax 29"));
  EXPECT_FALSE(sc.offers("move 29"));
  EXPECT_TRUE(sc.can("tax 31"));
}

// Documented engine interpretation: the bribe may only be paid when the actor can still afford
// the action's cheapest cost afterwards (here a gift of 2 after a bribe of 2).
TEST(Hostage, BribeMustLeaveEnoughForTheActionsCost) {
  Scenario sc = hostage_card();
  sc.to_court(0, 18);  // Harry Flashman: gift
  sc.spy(1, 18, 2);
  sc.set_rupees(0, 3);
  sc.act("gift 18");
  sc.act("demand 2");
  EXPECT_EQ(sc.legal_names(), "refuse bribe");
}

// Guide "Action Costs": "Place these rupees on the rightmost market cards of both rows, one rupee
// per card. If a slot is vacant, skip it." Rules notes 5 [impl]: "pay in pairs: row 1 rightmost,
// then row 2 rightmost, then the next card to the left of each". So each row takes half of the
// cost on its own rightmost cards, whatever the vacancies in the other row.
TEST(ActionCost, EachRowTakesHalfOnItsRightmostCardsSkippingVacantSpaces) {
  Scenario sc = hostage_card();
  sc.clear_market_space(0, 5);
  sc.clear_market_space(0, 4);
  sc.to_court(0, 18);  // Harry Flashman: gift
  sc.act("gift 18");
  sc.act("gift cost 2");
  EXPECT_EQ(sc.s.market_rupees[0][3], 1);
  EXPECT_EQ(sc.s.market_rupees[1][5], 1);
  EXPECT_EQ(sc.s.market_rupees[1][4], 0);
}

// The same with vacancies in both rows at different columns (a gift of 4).
TEST(ActionCost, VacantSpacesAreSkippedInEachRow) {
  Scenario sc = hostage_card();
  sc.clear_market_space(0, 5);
  sc.clear_market_space(1, 4);
  sc.to_court(0, 18);
  sc.act("gift 18");
  sc.act("gift cost 4");
  EXPECT_EQ(sc.s.market_rupees[0][4], 1);
  EXPECT_EQ(sc.s.market_rupees[0][3], 1);
  EXPECT_EQ(sc.s.market_rupees[1][5], 1);
  EXPECT_EQ(sc.s.market_rupees[1][3], 1);
  EXPECT_EQ(sc.s.rupees[0], 1);
}

}  // namespace
}  // namespace pamir::testing
