// Scenario tests for the purchase action (guide "Core Actions: Purchase"; rules notes 4).

#include "tests/scenario.h"

namespace pamir::testing {
namespace {

TEST(Purchase, PaysOneRupeePerCardToTheLeftAndTakesRupeesOnTheCard) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_rupees(0, 5);
  sc.set_market_rupees(0, 3, 2);
  const int card = sc.s.market[0][3];
  ASSERT_TRUE(is_court_card(card));
  sc.act("purchase 0 3");
  EXPECT_TRUE(sc.s.in_hand(0, card));
  EXPECT_EQ(sc.s.rupees[0], 5 - 3 + 2);
  for (int col = 0; col < 3; ++col) EXPECT_EQ(sc.s.market_rupees[0][col], 1);
  EXPECT_EQ(sc.s.actions_used, 1);
}

// A market of court cards only, for cost tests; none of these cards has an ability.
void plain_market(Scenario& sc) { sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94}); }

// Guide "Core Actions: Purchase": "the leftmost column is free, the next costs one rupee,
// then two, and so on."
TEST(Purchase, LeftmostColumnIsFreeAndUnaffordableCardsAreNotOffered) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  plain_market(sc);
  sc.set_rupees(0, 2);
  EXPECT_TRUE(sc.can("purchase 0 2"));
  EXPECT_FALSE(sc.can("purchase 0 3"));
  EXPECT_FALSE(sc.can("purchase 1 5"));
  sc.set_rupees(0, 0);
  sc.act("purchase 1 0");
  EXPECT_TRUE(sc.s.in_hand(0, 79));
  EXPECT_EQ(sc.s.rupees[0], 0);
}

// Guide "Core Actions: Purchase": "If the military suit is currently favored, the cost to
// purchase a card is doubled – you'll place two rupees on each card to the left".
TEST(Purchase, MilitaryFavoredDoublesTheCost) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  plain_market(sc);
  sc.s.favored_suit = Suit::kMilitary;
  sc.set_rupees(0, 5);
  EXPECT_FALSE(sc.can("purchase 0 3"));  // would cost 6
  sc.act("purchase 0 2");
  EXPECT_EQ(sc.s.rupees[0], 1);
  EXPECT_EQ(sc.s.market_rupees[0][0], 2);
  EXPECT_EQ(sc.s.market_rupees[0][1], 2);
}

// Guide "Core Actions: Purchase": "If a spot is vacant, pay the cost to the card in the same
// column in the *other* market row."
TEST(Purchase, VacantSpacePassesItsRupeeToTheOtherRow) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({61, 0, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_rupees(0, 3);
  sc.act("purchase 0 3");
  EXPECT_EQ(sc.s.market_rupees[0][0], 1);
  EXPECT_EQ(sc.s.market_rupees[0][1], 0);
  EXPECT_EQ(sc.s.market_rupees[1][1], 1);
  EXPECT_EQ(sc.s.market_rupees[0][2], 1);
  EXPECT_EQ(sc.s.rupees[0], 0);
}

// Guide "Core Actions: Purchase": "If you place a rupee on a market card, you cannot purchase
// that card this turn." A card is not refilled until cleanup, so its space stays empty.
TEST(Purchase, CannotBuyACardYouPaidARupeeOnThisTurn) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  plain_market(sc);
  sc.set_rupees(0, 6);
  sc.act("purchase 0 2");
  EXPECT_EQ(sc.s.market[0][2], kNoCard);
  EXPECT_FALSE(sc.can("purchase 0 0"));
  EXPECT_FALSE(sc.can("purchase 0 1"));
  EXPECT_TRUE(sc.can("purchase 1 0"));
  EXPECT_TRUE(sc.can("purchase 0 3"));
}

// Guide "Card-Based Actions: Action Costs": "Again, you can't purchase a card you've placed a
// rupee on this turn." Rules notes 4: "for any reason (purchase payments or action costs)".
TEST(Purchase, CannotBuyACardThatReceivedAnActionCostThisTurn) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  plain_market(sc);
  sc.to_court(0, 18);  // Harry Flashman: gift
  sc.set_rupees(0, 20);
  sc.act("gift 18");
  sc.act("gift cost 2");
  EXPECT_EQ(sc.s.market_rupees[0][5], 1);
  EXPECT_EQ(sc.s.market_rupees[1][5], 1);
  EXPECT_FALSE(sc.can("purchase 0 5"));
  EXPECT_FALSE(sc.can("purchase 1 5"));
  EXPECT_TRUE(sc.can("purchase 0 4"));
}

// Guide "Core Actions: Purchase": "Event Cards: ... When purchased, they are resolved
// immediately and never go into your hand." Backing of Persian Aristocracy: +3 rupees.
TEST(Purchase, BoughtEventResolvesAtOnceAndNeverEntersTheHand) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({113, 62, 63, 64, 65, 67}, {105, 80, 95, 96, 81, 94});
  sc.set_rupees(0, 0);
  sc.act("purchase 0 0");
  EXPECT_EQ(sc.s.rupees[0], 3);
  EXPECT_EQ(sc.s.card_loc[113], Loc::kDiscard);
  EXPECT_EQ(hand_size(sc.s, 0), 0);
  EXPECT_EQ(sc.s.actions_used, 1);
  // A lasting event (New Tactics) stays in force with its buyer, still not in hand.
  sc.act("purchase 1 0");
  EXPECT_EQ(sc.s.card_loc[105], Loc::kActiveEvent);
  EXPECT_TRUE(sc.s.player_effects[0] & PlayerEffect::kNewTactics);
  EXPECT_EQ(hand_size(sc.s, 0), 0);
}

// Rules notes 4: "Public Withdrawal (card 111) can never be bought. Any rupee that would be
// placed on it is removed from the game."
TEST(Purchase, PublicWithdrawalCannotBeBoughtAndSwallowsRupees) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({61, 111, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_rupees(0, 5);
  EXPECT_FALSE(sc.can("purchase 0 1"));
  const int removed = sc.s.rupees_removed;
  sc.act("purchase 0 2");
  EXPECT_EQ(sc.s.market_rupees[0][0], 1);
  EXPECT_EQ(sc.s.market_rupees[0][1], 0);
  EXPECT_EQ(sc.s.rupees_removed, removed + 1);
}

}  // namespace
}  // namespace pamir::testing
