// Scenario tests for the tax action (guide "Card-Based Actions: Tax"; rules notes 5 "Tax").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Seat 0 holds Khyber Pass (Punjab, economic, rank 2: tax, move) and has no rupees; the
// market holds no rupees.
Scenario taxer() {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 29);
  sc.set_rupees(0, 0);
  return sc;
}

// Guide "Card-Based Actions: Tax": "Take rupees up to the acting card's rank ... from the
// market." The rupees may come from several cards.
TEST(Tax, TakesUpToTheCardsRankFromMarketCards) {
  Scenario sc = taxer();
  sc.set_market_rupees(0, 0, 1);
  sc.set_market_rupees(1, 3, 2);
  sc.act("tax 29");
  EXPECT_EQ(sc.legal_names(), "tax market 0 0, tax market 1 3");
  sc.act("tax market 0 0");
  sc.act("tax market 1 3");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // rank 2 reached
  EXPECT_EQ(sc.s.rupees[0], 2);
  EXPECT_EQ(sc.s.market_rupees[0][0], 0);
  EXPECT_EQ(sc.s.market_rupees[1][3], 1);
}

// "Up to": the taxer may stop after taking fewer rupees than the rank.
TEST(Tax, MayStopBeforeTheRank) {
  Scenario sc = taxer();
  sc.set_market_rupees(0, 0, 3);
  sc.act("tax 29");
  EXPECT_FALSE(sc.can("done"));  // an action that takes nothing is not offered at all
  sc.act("tax market 0 0");
  sc.act("done");
  EXPECT_EQ(sc.s.rupees[0], 1);
  EXPECT_EQ(sc.s.market_rupees[0][0], 2);
}

// Rules notes 5: "You may tax a player only if you rule a region where that player has at least
// one court card." Documented engine interpretation: a tax that could take nothing is not
// offered.
TEST(Tax, PlayersOnlyWhereYouRuleARegionWithTheirCourtCard) {
  Scenario sc = taxer();
  sc.set_rupees(1, 5);
  sc.to_court(1, 59);  // Herat
  sc.tribe(0, Region::kPunjab);
  ASSERT_EQ(ruler(sc.s, Region::kPunjab), 0);
  EXPECT_FALSE(sc.can("tax 29"));  // seat 1 has no Punjab card and the market is empty
  sc.to_court(1, 28);              // Anarkali Bazaar: Punjab
  ASSERT_TRUE(sc.can("tax 29"));
  sc.act("tax 29");
  EXPECT_TRUE(sc.can("tax player 1"));
  sc.act("tax player 1");
  sc.act("tax player 1");
  EXPECT_EQ(sc.s.rupees[0], 2);
  EXPECT_EQ(sc.s.rupees[1], 3);
}

// A ruler of a region where the victim has no card gains nothing over them.
TEST(Tax, RulingAnotherRegionDoesNotExposeAPlayer) {
  Scenario sc = taxer();
  sc.set_market_rupees(0, 0, 1);
  sc.set_rupees(1, 5);
  sc.to_court(1, 28);  // Punjab
  sc.tribe(0, Region::kHerat);
  ASSERT_EQ(ruler(sc.s, Region::kHerat), 0);
  sc.act("tax 29");
  EXPECT_FALSE(sc.can("tax player 1"));
}

// Guide "Card-Based Actions: Tax": "Your gold stars provide a Tax Shelter, protecting some of
// your rupees." Rules notes 5: only rupees above the sum of economic ranks may be taken.
TEST(Tax, TaxShelterProtectsRupeesUpToTheEconomicStars) {
  Scenario sc = taxer();
  sc.to_court(1, 28);  // economic rank 1, Punjab
  sc.to_court(1, 13);  // economic rank 2
  ASSERT_EQ(tax_shelter(sc.s, 1), 3);
  sc.set_rupees(1, 4);
  sc.tribe(0, Region::kPunjab);
  sc.act("tax 29");
  sc.act("tax player 1");
  // Seat 1 is down to its shelter and the market is empty: the tax ends after one rupee.
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.rupees[0], 1);
  EXPECT_EQ(sc.s.rupees[1], 3);
}

}  // namespace
}  // namespace pamir::testing
