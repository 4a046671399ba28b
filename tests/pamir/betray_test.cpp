// Scenario tests for the betray action (guide "Card-Based Actions: Betray"; rules notes 5
// "Betray" and 8).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Seat 0 (Afghan) holds Harry Flashman (gift, betray) and 4 rupees; seat 1 (British) holds
// Exiled Durrani Nobility (Herat political, British prize) with a spy of each player on it.
Scenario betrayer() {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 18);
  sc.set_rupees(0, 4);
  sc.to_court(1, 57);
  sc.spy(0, 57);
  sc.spy(1, 57);
  return sc;
}

// Guide "Card-Based Actions: Betray": "Discard a card where you have a spy ... Any spies on the
// betrayed card are lost. This costs two rupees. After discarding, you can take it as a prize".
// Rules notes 5: the spies go back to their owners; the prize is optional.
TEST(Betray, DiscardsACardWithYourSpyForTwoRupeesAndReturnsAllSpies) {
  Scenario sc = betrayer();
  sc.act("betray 18");
  EXPECT_EQ(sc.legal_names(), "betray card 57");
  sc.act("betray card 57");
  EXPECT_EQ(sc.s.card_loc[57], Loc::kDiscard);
  EXPECT_EQ(sc.s.court_len[1], 0);
  EXPECT_EQ(sc.s.rupees[0], 2);
  EXPECT_EQ(sc.s.market_rupees[0][5], 1);
  EXPECT_EQ(sc.s.market_rupees[1][5], 1);
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);
  EXPECT_EQ(sc.legal_names(), "take prize, decline prize");
  sc.act("decline prize");
  EXPECT_EQ(sc.s.loyalty[0], kAfghan);
  EXPECT_EQ(sc.s.prizes[0], 0);
  EXPECT_EQ(sc.s.card_loc[57], Loc::kDiscard);
}

// Guide: "If this prize doesn't match your current loyalty, you'll change loyalty to match it!"
// Rules notes 8: first return gifts, discard prizes and patriots, then turn the dial. (The
// Spanish seed's Q&A says the prize cannot be taken then; the published rule is tested.)
TEST(Betray, PrizeOfAnotherCoalitionMayBeTakenAndChangesLoyalty) {
  Scenario sc = betrayer();
  sc.gift(0, 0);
  sc.to_prize(0, 10);  // an Afghan prize
  sc.to_court(0, 11);  // Lapis Lazuli Mine: an Afghan patriot
  sc.act("betray 18");
  sc.act("betray card 57");
  sc.act("take prize");
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_EQ(gifts(sc.s, 0), 0);
  EXPECT_EQ(sc.s.card_loc[10], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[11], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[57], Loc::kPrize + 0);
  EXPECT_EQ(sc.s.prizes[0], 1);
  EXPECT_EQ(influence(sc.s, 0), 2);
}

// A prize of your own coalition is simply kept: one more influence, nothing else changes.
TEST(Betray, PrizeOfYourCoalitionAddsInfluence) {
  Scenario sc = betrayer();
  sc.to_court(1, 10);  // Balkh Arsenic Mine: Afghan prize
  sc.spy(0, 10);
  sc.gift(0, 0);
  sc.act("betray 18");
  sc.act("betray card 10");
  sc.act("take prize");
  EXPECT_EQ(sc.s.loyalty[0], kAfghan);
  EXPECT_EQ(gifts(sc.s, 0), 1);
  EXPECT_EQ(sc.s.prizes[0], 1);
  EXPECT_EQ(influence(sc.s, 0), 3);
}

// Guide: "Discard a card where you have a spy (even in your own court!)". A card with no prize
// strip offers no prize.
TEST(Betray, OwnCourtCardsMayBeBetrayed) {
  Scenario sc = betrayer();
  sc.to_court(0, 61);  // Karakul Sheep: no prize
  sc.spy(0, 61);
  sc.spy(1, 61);
  sc.act("betray 18");
  EXPECT_EQ(sc.legal_names(), "betray card 57, betray card 61");
  sc.act("betray card 61");
  EXPECT_EQ(sc.s.card_loc[61], Loc::kDiscard);
  EXPECT_EQ(spies_of(sc.s, 1, 57), 1);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders - 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// No spy or fewer than 2 rupees: nothing to betray, so the action is not offered.
TEST(Betray, NeedsASpyAndTwoRupees) {
  Scenario sc = betrayer();
  sc.set_rupees(0, 1);
  EXPECT_FALSE(sc.can("betray 18"));
  sc.set_rupees(0, 2);
  EXPECT_TRUE(sc.can("betray 18"));
  sc.act("betray 18");
  sc.act("betray card 57");
  sc.act("decline prize");
  sc.set_turn(0);
  sc.set_rupees(0, 4);
  EXPECT_FALSE(sc.can("betray 18"));  // no spy left anywhere
}

}  // namespace
}  // namespace pamir::testing
