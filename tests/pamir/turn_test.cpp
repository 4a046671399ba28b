// Scenario tests for the turn of play: the two-action limit, bonus actions for the favored
// suit, one action per card, and the cleanup phase (guide "The Turn of Play" and "Cleanup
// Phase"; rules notes 3 and 5).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Guide "The Turn of Play": "You can even choose to take fewer than two actions, or none at
// all!" and "play passes clockwise to the next player".
TEST(Turn, NoActionAtAllEndsTheTurnAndPlayPassesClockwise) {
  Scenario sc({kAfghan, kBritish, kRussian}, 1, 1);
  ASSERT_TRUE(sc.can("done"));
  sc.act("done");
  EXPECT_EQ(sc.s.current, 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.top().player, 2);
  sc.act("done");
  EXPECT_EQ(sc.s.current, 0);  // seat 2's left neighbour wraps round to seat 0
}

// Guide "The Turn of Play": "On your turn, you can perform up to two actions." Purchase and
// play are core actions; after two, only "done" (and bonus actions) remain.
TEST(Turn, TwoCoreActionsUseUpTheTurn) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 10);
  for (int c : {16, 38, 60}) sc.to_hand(0, c);  // military cards whose icons need no choice
  sc.act("play 16 left");
  EXPECT_EQ(sc.s.actions_used, 1);
  sc.act("play 38 left");
  EXPECT_EQ(sc.s.actions_used, 2);
  EXPECT_FALSE(sc.offers("play "));
  EXPECT_FALSE(sc.offers("purchase "));
  EXPECT_TRUE(sc.can("done"));
  EXPECT_TRUE(sc.s.in_hand(0, 60));
}

// Guide "The Turn of Play": "Bonus actions (from cards matching the favored suit) don't count
// towards this limit"; rules notes 5 "Bonus actions".
TEST(Turn, FavoredSuitCardActionsAreBonusActions) {
  Scenario sc({kAfghan, kBritish});
  ASSERT_EQ(sc.s.favored_suit, Suit::kPolitical);
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_market_rupees(0, 0, 3);
  sc.to_court(0, 44);  // Baluchi Chiefs: political (favored), tax
  sc.to_court(0, 31);  // Company Weapons: military, tax
  for (int c : {16, 38}) sc.to_hand(0, c);
  sc.act("play 16 left");
  sc.act("play 38 left");
  ASSERT_EQ(sc.s.actions_used, 2);
  EXPECT_TRUE(sc.can("tax 44"));
  EXPECT_FALSE(sc.can("tax 31"));  // not favored: it would be a third action
  sc.act("tax 44");
  sc.act("tax market 0 0");
  EXPECT_EQ(sc.s.actions_used, 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Guide "The Turn of Play": "each card can only be used for one action per turn"; rules
// notes 5: "Each court card gives at most one action per turn, whatever the number of action
// icons on it." This holds for bonus (favored) cards too.
TEST(Turn, EachCardGivesOneActionPerTurnEvenWhenFavored) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_market_rupees(0, 2, 3);
  sc.to_court(0, 55);  // Hazara Chiefs: political (favored), battle, tax, move
  sc.to_court(1, 57);
  sc.spy(0, 57);  // a spy that could move from 57 to 55
  ASSERT_TRUE(sc.can("tax 55"));
  ASSERT_TRUE(sc.can("move 55"));
  sc.act("tax 55");
  sc.act("tax market 0 2");  // rank 1: one rupee, then the action ends
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.actions_used, 0);
  EXPECT_FALSE(sc.offers("tax 55"));
  EXPECT_FALSE(sc.offers("move 55"));
  EXPECT_FALSE(sc.offers("battle 55"));
}

// Rules notes 5: bonus actions also cover cards that "count as favored": Savvy Operator and
// Irregulars (special_abilities.md), whatever the favored suit.
TEST(Turn, SavvyOperatorAndIrregularsAreAlwaysBonusActions) {
  Scenario sc({kRussian, kAfghan});
  sc.s.favored_suit = Suit::kEconomic;
  sc.to_court(0, 91);  // Allah Quli Bahadur (political, Savvy Operator): betray
  sc.to_court(0, 99);  // Cossacks (military, Irregulars): battle
  sc.to_court(1, 61);
  sc.spy(0, 61);
  sc.set_rupees(0, 4);
  sc.army(kRussian, Region::kTranscaspia);
  sc.army(kAfghan, Region::kTranscaspia);
  sc.s.actions_used = 2;  // both core actions already taken
  EXPECT_TRUE(sc.can("betray 91"));
  EXPECT_TRUE(sc.can("battle 99"));
  sc.act("battle 99");
  sc.act("battle in transcaspia");
  EXPECT_EQ(sc.s.actions_used, 2);
}

// Rules notes 5: under New Tactics the purchaser's military cards count as favored.
TEST(Turn, NewTacticsMakesMilitaryActionsBonusActions) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_market_rupees(0, 0, 2);
  sc.to_court(0, 52);  // Pashtun Mercenary: military, battle, tax
  sc.s.actions_used = 2;
  EXPECT_FALSE(sc.can("tax 52"));
  sc.s.player_effects[0] |= PlayerEffect::kNewTactics;
  EXPECT_TRUE(sc.can("tax 52"));
}

// Guide "Cleanup Phase" 1: "If you have more court cards than three plus the sum of purple
// stars in your court, discard down to your limit." Rules notes 3: step 1 comes first.
TEST(Cleanup, CourtLimitIsThreePlusPoliticalStars) {
  Scenario sc({kAfghan, kBritish});
  for (int c : {16, 38, 61, 62, 63}) sc.to_court(0, c);
  sc.to_court(0, 44);  // political, rank 1: limit 4
  sc.tribe(0, Region::kKandahar);
  ASSERT_EQ(court_limit(sc.s, 0), 4);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  EXPECT_EQ(sc.s.top().player, 0);
  EXPECT_FALSE(sc.can("done"));
  sc.act("discard 61");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);  // still 5 > 4
  sc.act("discard 62");
  EXPECT_EQ(sc.s.court_len[0], 4);
  EXPECT_EQ(sc.s.current, 1);
}

// Guide "Cleanup Phase" 2: "If you have more cards in your hand than two plus the sum of blue
// stars in your court, discard down to your limit." Court discards are settled first.
TEST(Cleanup, HandLimitIsTwoPlusIntelligenceStarsAfterTheCourtLimit) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, 39);                               // William Moorcroft: intelligence rank 1, hand limit 3
  for (int c : {16, 38, 61}) sc.to_court(0, c);     // 4 cards, limit 3
  for (int c : {62, 63, 64, 65}) sc.to_hand(0, c);  // 4 cards, limit 3
  ASSERT_EQ(hand_limit(sc.s, 0), 3);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  EXPECT_FALSE(sc.can("discard 62"));  // hand cards are not offered for the court limit
  sc.act("discard 16");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardHand);
  EXPECT_FALSE(sc.can("discard 38"));  // nor court cards for the hand limit
  sc.act("discard 62");
  EXPECT_EQ(hand_size(sc.s, 0), 3);
  EXPECT_EQ(sc.s.current, 1);
}

// Guide "Cleanup Phase" 3 and 4, rules notes 3: events in the leftmost column are discarded
// top row first with their effect; rupees on them stay on the space and join the card that
// slides onto it; the rows slide left and the deck fills the gaps.
TEST(Cleanup, LeftmostEventsAreDiscardedTopFirstAndTheMarketRefills) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({105, 61, 62, 63, 64, 65}, {116, 67, 79, 80, 95, 96});
  sc.set_market_rupees(0, 0, 2);
  sc.set_market_rupees(0, 1, 1);
  sc.s.favored_suit = Suit::kEconomic;
  const int deck_pos = sc.s.deck_pos;
  sc.act("done");
  // 105 (top) makes military favored, then 116 (bottom) political: political wins.
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
  EXPECT_EQ(sc.s.card_loc[105], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[116], Loc::kDiscard);
  EXPECT_EQ(sc.s.market[0][0], 61);
  EXPECT_EQ(sc.s.market_rupees[0][0], 3);  // its own 1 plus the 2 left by the event
  EXPECT_EQ(sc.s.market[1][0], 67);
  EXPECT_EQ(sc.s.market[0][4], 65);
  EXPECT_EQ(sc.s.deck_pos, deck_pos + 2);
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) EXPECT_NE(sc.s.market[row][col], kNoCard);
}

}  // namespace
}  // namespace pamir::testing
