// Scenario tests for the gift action (guide "Card-Based Actions: Gift"; rules notes 5 "Gift").

#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Seat 0 holds Harry Flashman (gift, betray) and 12 rupees; a full market without rupees.
Scenario giver() {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 18);
  sc.set_rupees(0, 12);
  return sc;
}

// Guide "Card-Based Actions: Gift": "Place one of your cylinders on an empty gift space on your
// loyalty dial. Each gift counts as one influence point for your current coalition. This action
// costs 2, 4, or 6 rupees depending on the gift space."
TEST(Gift, EmptySpacesCostTwoFourOrSixAndEachGiftIsOneInfluence) {
  Scenario sc = giver();
  ASSERT_EQ(influence(sc.s, 0), 1);
  sc.act("gift 18");
  EXPECT_EQ(sc.legal_names(), "gift cost 2, gift cost 4, gift cost 6");
  sc.act("gift cost 4");
  EXPECT_EQ(sc.s.rupees[0], 8);
  EXPECT_EQ(gifts(sc.s, 0), 1);
  EXPECT_EQ(influence(sc.s, 0), 2);
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders - 1);
  sc.set_turn(0);
  sc.act("gift 18");
  EXPECT_EQ(sc.legal_names(), "gift cost 2, gift cost 6");  // the 4 space is taken
  sc.act("gift cost 6");
  EXPECT_EQ(influence(sc.s, 0), 3);
  EXPECT_EQ(sc.s.rupees[0], 2);
}

// Only spaces the player can pay for are offered; none at all means no gift action.
TEST(Gift, OnlyAffordableSpacesAreOffered) {
  Scenario sc = giver();
  sc.set_rupees(0, 3);
  sc.act("gift 18");
  EXPECT_EQ(sc.legal_names(), "gift cost 2");
  sc.set_turn(0);
  sc.set_rupees(0, 1);
  EXPECT_FALSE(sc.can("gift 18"));
}

// Rules notes 4/5: action costs go 1 rupee per card on the rightmost market cards, two rows
// alternating, and are never doubled (only purchases are, when military is favored).
TEST(Gift, CostGoesOnTheRightmostMarketCardsAndIsNotDoubledByMilitary) {
  Scenario sc = giver();
  sc.s.favored_suit = Suit::kMilitary;
  sc.act("gift 18");
  sc.act("gift cost 4");
  EXPECT_EQ(sc.s.rupees[0], 8);
  for (int row = 0; row < kMarketRows; ++row) {
    EXPECT_EQ(sc.s.market_rupees[row][5], 1);
    EXPECT_EQ(sc.s.market_rupees[row][4], 1);
    EXPECT_EQ(sc.s.market_rupees[row][3], 0);
  }
}

}  // namespace
}  // namespace pamir::testing
