// Scenario tests for the cleanup phase (guide "Cleanup Phase" 1-3; rules notes 3): the
// court and hand limits, and the discard of events from the leftmost market column.
// The slide and refill (cleanup step 4) are in market_test.cpp.

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Court cards with no special ability and no political suit, so that discarding them
// has no side effect (no overthrow, no leverage, no ability lost).
constexpr int kPlainEconomic[] = {61, 63, 67, 9, 13};          // Herat, Herat, Herat, Kabul, Kabul
constexpr int kDostMohammad = 7;                               // Kabul, political, rank 2
constexpr int kFavorMilitary = 105, kFavorIntelligence = 115;  // discard halves of these events

Scenario two_players() { return Scenario({Coalition::kBritish, Coalition::kRussian}); }

// Guide "Cleanup Phase" 1: "If you have more court cards than three plus the sum of purple
// stars in your court, discard down to your limit." The player picks the cards.
TEST(Cleanup, CourtAboveThreeIsDiscardedDownToThreeByThePlayersChoice) {
  Scenario sc = two_players();
  for (int c : kPlainEconomic) sc.to_court(0, c);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  EXPECT_EQ(to_move(sc.s), 0);
  EXPECT_EQ(sc.legal_names(), "discard 9, discard 13, discard 61, discard 63, discard 67");
  sc.act("discard 63");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  sc.act("discard 9");
  EXPECT_EQ(sc.s.court_len[0], 3);
  EXPECT_EQ(sc.s.card_loc[63], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[9], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(0, 61) && sc.s.in_court(0, 67) && sc.s.in_court(0, 13));
  EXPECT_EQ(sc.s.current, 1);  // cleanup finished, the turn passed
}

TEST(Cleanup, CourtWithinTheLimitDiscardsNothing) {
  Scenario sc = two_players();
  for (int i = 0; i < 3; ++i) sc.to_court(0, kPlainEconomic[i]);
  sc.act("done");
  EXPECT_EQ(sc.s.court_len[0], 3);
  EXPECT_EQ(sc.s.current, 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Rules notes 3.1: the limit is 3 + political stars (sum of the ranks of political cards).
TEST(Cleanup, PoliticalStarsRaiseTheCourtLimit) {
  Scenario sc = two_players();
  sc.to_court(0, kDostMohammad);  // 2 political stars: limit 5
  for (int i = 0; i < 4; ++i) sc.to_court(0, kPlainEconomic[i]);
  sc.act("done");  // 5 cards: within the limit
  EXPECT_EQ(sc.s.current, 1);
  EXPECT_EQ(sc.s.court_len[0], 5);
}

// "Discard ... until" the court fits: discarding a political card lowers the limit, and the
// discarding goes on against the lowered limit.
TEST(Cleanup, DiscardingAPoliticalCardLowersTheLimitItIsCheckedAgainst) {
  Scenario sc = two_players();
  sc.to_court(0, kDostMohammad);
  for (int c : kPlainEconomic) sc.to_court(0, c);  // 6 cards, limit 5
  sc.act("done");
  sc.act("discard 7");  // 5 cards left, but the limit is now 3
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  sc.act("discard 61");
  sc.act("discard 63");
  EXPECT_EQ(sc.s.court_len[0], 3);
  EXPECT_EQ(sc.s.current, 1);
}

// Guide "Cleanup Phase" 2: "If you have more cards in your hand than two plus the sum of
// blue stars in your court, discard down to your limit."
TEST(Cleanup, HandAboveTwoPlusIntelligenceStarsIsDiscardedByThePlayersChoice) {
  Scenario sc = two_players();
  sc.to_court(0, kJanFishanKhan);  // 2 intelligence stars: hand limit 4
  for (int c : kPlainEconomic) sc.to_hand(0, c);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardHand);
  EXPECT_EQ(sc.legal_names(), "discard 9, discard 13, discard 61, discard 63, discard 67");
  sc.act("discard 13");
  EXPECT_EQ(hand_size(sc.s, 0), 4);
  EXPECT_EQ(sc.s.card_loc[13], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(0, kJanFishanKhan));
  EXPECT_EQ(sc.s.current, 1);
}

TEST(Cleanup, HandLimitIsTwoWithoutIntelligenceCards) {
  Scenario sc = two_players();
  for (int i = 0; i < 3; ++i) sc.to_hand(0, kPlainEconomic[i]);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardHand);
  sc.act("discard 61");
  EXPECT_EQ(hand_size(sc.s, 0), 2);
  EXPECT_EQ(sc.s.current, 1);
}

// Cleanup steps 1 then 2: court discards come first, so an intelligence card discarded
// from the court lowers the hand limit that step 2 uses.
TEST(Cleanup, CourtIsDiscardedBeforeHandAndCourtDiscardsLowerTheHandLimit) {
  Scenario sc = two_players();
  sc.to_court(0, kJanFishanKhan);
  for (int i = 0; i < 3; ++i) sc.to_court(0, kPlainEconomic[i]);  // 4 cards, limit 3
  sc.to_hand(0, 9);
  sc.to_hand(0, 13);
  sc.to_hand(0, 8);  // 3 cards: within the limit 4 while card 2 is in the court
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  sc.act("discard 2");  // hand limit drops to 2
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardHand);
  sc.act("discard 8");
  EXPECT_EQ(hand_size(sc.s, 0), 2);
  EXPECT_EQ(sc.s.current, 1);
}

// Only the player whose turn ends discards: the other players' limits wait for their own
// cleanup.
TEST(Cleanup, OnlyThePlayerEndingTheTurnIsHeldToTheLimits) {
  Scenario sc = two_players();
  for (int c : kPlainEconomic) sc.to_hand(1, c);
  sc.act("done");
  EXPECT_EQ(sc.s.current, 1);
  EXPECT_EQ(hand_size(sc.s, 1), 5);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Guide "Cleanup Phase" 3: "Any event cards in the leftmost column of the market are
// discarded (top row first, then bottom)." Two favored-suit events show the order: the
// one applied last decides the suit.
TEST(Cleanup, LeftmostEventsAreDiscardedTopRowFirst) {
  {
    Scenario sc = two_players();
    sc.to_market(0, 0, kFavorMilitary);
    sc.to_market(1, 0, kFavorIntelligence);
    sc.act("done");
    EXPECT_EQ(sc.s.favored_suit, Suit::kIntelligence);
    EXPECT_EQ(sc.s.card_loc[kFavorMilitary], Loc::kDiscard);
    EXPECT_EQ(sc.s.card_loc[kFavorIntelligence], Loc::kDiscard);
  }
  {
    Scenario sc = two_players();
    sc.to_market(0, 0, kFavorIntelligence);
    sc.to_market(1, 0, kFavorMilitary);
    sc.act("done");
    EXPECT_EQ(sc.s.favored_suit, Suit::kMilitary);
  }
}

// Only the leftmost column is discarded; an event further right stays in the market.
TEST(Cleanup, EventsOutsideTheLeftmostColumnStay) {
  Scenario sc = two_players();
  ASSERT_TRUE(is_court_card(sc.s.market[0][0]));
  sc.to_market(0, 1, kFavorMilitary);
  sc.act("done");
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
  EXPECT_EQ(sc.s.card_loc[kFavorMilitary], Loc::kMarket);
  EXPECT_EQ(sc.s.market[0][1], kFavorMilitary);
}

// Court cards in the leftmost column are never discarded by cleanup.
TEST(Cleanup, CourtCardsInTheLeftmostColumnStay) {
  Scenario sc = two_players();
  const int top = sc.s.market[0][0], bottom = sc.s.market[1][0];
  ASSERT_TRUE(is_court_card(top) && is_court_card(bottom));
  sc.act("done");
  EXPECT_EQ(sc.s.market[0][0], top);
  EXPECT_EQ(sc.s.market[1][0], bottom);
}

// Guide "Cleanup Phase" 3: "Any rupees on them stay put." Step 4: the card that slides
// onto that space gets them, added to its own.
TEST(Cleanup, RupeesOnADiscardedEventStayAndJoinTheCardThatSlidesThere) {
  Scenario sc = two_players();
  sc.to_market(0, 0, kFavorMilitary, 2);
  sc.set_market_rupees(0, 1, 1);
  const int next = sc.s.market[0][1];
  ASSERT_TRUE(is_court_card(next));
  sc.act("done");
  EXPECT_EQ(sc.s.market[0][0], next);
  EXPECT_EQ(sc.s.market_rupees[0][0], 3);
  EXPECT_EQ(sc.s.market_rupees[0][1], 0);
}

}  // namespace
}  // namespace pamir::testing
