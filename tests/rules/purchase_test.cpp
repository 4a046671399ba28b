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

}  // namespace
}  // namespace pamir::testing
