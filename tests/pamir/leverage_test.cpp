// Scenario tests for leverage (rules notes 4 "Play" and 7; Spanish seed Q&A on leverage).

#include "core/resolution.h"
#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Rules notes 4: "leverage: take 2 rupees from the bank; the card is now leveraged".
TEST(Leverage, PlayingALeverageCardTakesTwoRupeesFromTheBank) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 1);
  const int bank = sc.s.bank;
  sc.to_hand(0, 27);  // Maqpon Dynasty, Punjab: tribe, leverage
  sc.act("play 27 left");
  EXPECT_EQ(sc.s.rupees[0], 3);
  EXPECT_EQ(sc.s.bank, bank - 2);
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 1);
}

// Seat 0 (Afghan) holds Tajik Warband (betray) and 4 rupees; seat 1 holds Money Lenders (a
// leverage card without a prize) with seat 0's spy on it.
Scenario leveraged_victim() {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 59);
  sc.set_rupees(0, 4);
  sc.to_court(1, 14);
  sc.spy(0, 14);
  return sc;
}

// Rules notes 7: every discard of a leveraged card makes its owner pay 2 rupees to the bank,
// whoever caused it.
TEST(Leverage, DiscardingItRepaysTwoRupeesToTheBank) {
  Scenario sc = leveraged_victim();
  sc.set_rupees(1, 5);
  const int bank = sc.s.bank;
  sc.act("betray 59");
  sc.act("betray card 14");
  EXPECT_EQ(sc.s.rupees[1], 3);
  EXPECT_EQ(sc.s.bank, bank + 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Rules notes 7: "For each rupee they cannot pay, they discard one other card from hand or
// court ... [impl] the owner chooses those cards."
TEST(Leverage, EachUnpaidRupeeIsACardOfTheOwnersChoice) {
  Scenario sc = leveraged_victim();
  sc.set_rupees(1, 0);
  sc.to_hand(1, 62);
  sc.to_court(1, 63);
  sc.to_court(1, 64);
  sc.act("betray 59");
  sc.act("betray card 14");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  EXPECT_EQ(sc.s.top().player, 1);
  EXPECT_EQ(sc.legal_names(), "discard 62, discard 63, discard 64");
  sc.act("discard 64");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  sc.act("discard 62");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.top().player, 0);
  EXPECT_TRUE(sc.s.in_court(1, 63));
  EXPECT_EQ(hand_size(sc.s, 1), 0);
}

TEST(Leverage, PartPaymentLeavesOneDiscard) {
  Scenario sc = leveraged_victim();
  sc.set_rupees(1, 1);
  sc.to_court(1, 63);
  sc.to_court(1, 64);
  sc.act("betray 59");
  sc.act("betray card 14");
  EXPECT_EQ(sc.s.rupees[1], 0);
  sc.act("discard 63");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_TRUE(sc.s.in_court(1, 64));
}

// Rules notes 7: "if they have no cards left, the rest of the debt is forgiven."
TEST(Leverage, DebtIsForgivenWhenNoCardsAreLeft) {
  Scenario sc = leveraged_victim();
  sc.set_rupees(1, 0);
  const int bank = sc.s.bank;
  sc.act("betray 59");
  sc.act("betray card 14");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.rupees[1], 0);
  EXPECT_EQ(sc.s.bank, bank);
}

// Rules notes 7: "A chain of such discards may follow": a card discarded for the debt that is
// itself leveraged adds its own debt.
TEST(Leverage, ForcedDiscardOfAnotherLeveragedCardChains) {
  Scenario sc = leveraged_victim();
  sc.set_rupees(1, 0);
  sc.to_court(1, 46);  // Bank: leverage
  sc.to_court(1, 63);
  sc.to_court(1, 64);
  sc.act("betray 59");
  sc.act("betray card 14");
  sc.act("discard 46");  // first unpaid rupee; 46's own debt of 2 comes first
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  sc.act("discard 63");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  sc.act("discard 64");
  // Three cards for three unpaid rupees; the fourth is forgiven for want of cards.
  EXPECT_EQ(sc.s.court_len[1], 0);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// A card discarded before its impact icons resolve resolves nothing (rules notes 7): here the
// loyalty change of a played patriot discards a leveraged patriot of the old coalition, the
// player cannot repay it and discards the card just played. Its spies and its own leverage
// rupees must not arrive.
TEST(Leverage, ACardDiscardedForTheDebtItsPlayCausedResolvesNoIcons) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 0);
  sc.to_court(0, 42);  // Barakzai Sadars: Afghan patriot, leveraged
  sc.to_hand(0, 40);   // William Hay Macnaghten: British patriot; spy, spy, leverage
  const int bank = sc.s.bank;
  sc.act("play 40 left");
  EXPECT_FALSE(sc.s.in_court(0, 42));  // the loyalty change discarded it: 2 rupees owed, none held
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  EXPECT_EQ(sc.legal_names(), "discard 40");
  sc.act("discard 40");
  // The second unpaid rupee is forgiven (no card left); the card resolved nothing.
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.card_loc[40], Loc::kDiscard);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.bank, bank);
  EXPECT_EQ(cylinders_in_play(sc.s, 0), 0);  // no spy placed
}

// Issue #46 N1 (es rules, leverage: return *those* two rupees): a leveraged card discarded
// before its leverage icon resolved never brought its two rupees, so it owes none back. Here
// seat 0 holds 1 rupee, pays it towards the debt of the patriot its loyalty change discarded,
// and discards the card just played for the rest: no second debt, the card in hand stays.
TEST(Leverage, ACardDiscardedBeforeItsLeverageResolvedOwesNothing) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 1);
  sc.to_court(0, 42);  // Barakzai Sadars: Afghan patriot, leveraged
  sc.to_hand(0, 40);   // William Hay Macnaghten: British patriot; spy, spy, leverage
  sc.to_hand(0, kKarakulSheep);
  const int bank = sc.s.bank;
  sc.act("play 40 left");
  EXPECT_FALSE(sc.s.in_court(0, 42));
  EXPECT_EQ(sc.s.rupees[0], 0);  // 1 of the 2 rupees paid
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  sc.act("discard 40");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions) << "card 40's +2 never resolved: nothing owed for it";
  EXPECT_EQ(sc.s.card_loc[kKarakulSheep], Loc::kHand);
  EXPECT_EQ(sc.s.card_loc[40], Loc::kDiscard);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.bank, bank + 1);
  EXPECT_EQ(cylinders_in_play(sc.s, 0), 0);  // no spy placed
}

// Once its +2 has resolved, a leveraged card leaving the court owes them back as before.
TEST(Leverage, ACardWhoseLeverageResolvedOwesItsTwoRupees) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 0);
  sc.to_hand(0, 27);  // Maqpon Dynasty, Punjab: tribe, leverage
  sc.act("play 27 left");
  ASSERT_EQ(sc.s.rupees[0], 2);
  const int bank = sc.s.bank;
  core::discard_court_card(sc.s, 27);
  core::advance(sc.s);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.bank, bank + 2);
}

}  // namespace
}  // namespace pamir::testing
