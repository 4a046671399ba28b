// Scenario tests for the market refill (guide "Cleanup Phase" 4-5; rules notes 3.4 and 9
// "Instability").

#include <algorithm>

#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Makes card c (which must be in the undrawn deck) the `depth`-th card to be drawn (0: the
// top) by swapping it with the card there; both stay in the deck, so every conservation
// law still holds.
void put_in_deck(State& s, int c, int depth = 0) {
  ASSERT_EQ(s.card_loc[c], Loc::kDeck);
  std::swap(*std::find(s.deck + s.deck_pos, s.deck + s.deck_size, c), s.deck[s.deck_pos + depth]);
}

// The next k undrawn cards, asserting that none is a Dominance Check (which could set off
// Instability and change what the test looks at).
std::vector<int> next_cards(const State& s, int k) {
  std::vector<int> out(s.deck + s.deck_pos, s.deck + s.deck_pos + k);
  for (int c : out) EXPECT_FALSE(is_dominance_check(c));
  return out;
}

Scenario two_players() { return Scenario({Coalition::kBritish, Coalition::kRussian}); }

// Guide "Cleanup Phase" 4: "Slide all cards in each market row to the left to fill empty
// spaces (along with their rupees). Then draw new cards ... to fill any rightmost empty
// spaces."
TEST(Market, RowsSlideLeftWithTheirRupeesAndTheGapIsRefilledAtTheRight) {
  Scenario sc = two_players();
  const int c3 = sc.s.market[0][3], c4 = sc.s.market[0][4], c5 = sc.s.market[0][5];
  const int bottom[6] = {sc.s.market[1][0], sc.s.market[1][1], sc.s.market[1][2],
                         sc.s.market[1][3], sc.s.market[1][4], sc.s.market[1][5]};
  sc.clear_market_space(0, 2);
  sc.set_market_rupees(0, 3, 2);
  sc.set_market_rupees(0, 5, 1);
  const int drawn = next_cards(sc.s, 1)[0];
  sc.act("done");
  EXPECT_EQ(sc.s.market[0][2], c3);
  EXPECT_EQ(sc.s.market[0][3], c4);
  EXPECT_EQ(sc.s.market[0][4], c5);
  EXPECT_EQ(sc.s.market[0][5], drawn);
  EXPECT_EQ(sc.s.market_rupees[0][2], 2);
  EXPECT_EQ(sc.s.market_rupees[0][3], 0);
  EXPECT_EQ(sc.s.market_rupees[0][4], 1);
  EXPECT_EQ(sc.s.market_rupees[0][5], 0);
  for (int col = 0; col < kMarketCols; ++col) EXPECT_EQ(sc.s.market[1][col], bottom[col]);
  EXPECT_EQ(sc.s.card_loc[drawn], Loc::kMarket);
}

// Rules notes 3.4: "draw new cards into empty spaces, leftmost column first, top row before
// bottom row." With a gap at the bottom of column 4 and gaps in both rows of column 5, the
// bottom of column 4 is filled before the top of column 5.
TEST(Market, RefillGoesColumnByColumnTopRowFirst) {
  Scenario sc = two_players();
  sc.clear_market_space(0, 0);  // row 0 ends with a gap in column 5
  sc.clear_market_space(1, 0);
  sc.clear_market_space(1, 1);  // row 1 ends with gaps in columns 4 and 5
  const std::vector<int> drawn = next_cards(sc.s, 3);
  sc.act("done");
  EXPECT_EQ(sc.s.market[1][4], drawn[0]);
  EXPECT_EQ(sc.s.market[0][5], drawn[1]);
  EXPECT_EQ(sc.s.market[1][5], drawn[2]);
}

// Guide "Cleanup Phase" 4: "If a card moves into a space with previously discarded rupees,
// those rupees are placed on the new card." A row emptied but for an event in the leftmost
// column: after the event goes, the first card drawn into that space gets its rupees.
TEST(Market, LeftoverRupeesGoToTheCardDrawnOntoTheirSpace) {
  // Three players: this seed's next six cards hold no Dominance Check.
  Scenario sc({Coalition::kBritish, Coalition::kRussian, Coalition::kAfghan});
  for (int col = 1; col < kMarketCols; ++col) sc.clear_market_space(0, col);
  sc.to_market(0, 0, 113, 3);  // Riots in Persia, with nobody in Persia
  const std::vector<int> drawn = next_cards(sc.s, 6);
  sc.act("done");
  // Column 0 of the bottom row is full, so the top row takes six cards in a row.
  for (int col = 0; col < kMarketCols; ++col) EXPECT_EQ(sc.s.market[0][col], drawn[col]);
  EXPECT_EQ(sc.s.market_rupees[0][0], 3);
  EXPECT_EQ(sc.s.card_loc[113], Loc::kDiscard);
}

// A Dominance Check drawn while no other one is in the market just sits there.
TEST(Market, ASingleDominanceCheckDrawnStaysInTheMarket) {
  Scenario sc = two_players();
  sc.clear_market_space(0, 5);
  put_in_deck(sc.s, 101);
  sc.act("done");
  EXPECT_EQ(sc.s.market[0][5], 101);
  EXPECT_EQ(sc.s.card_loc[101], Loc::kMarket);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 0);
  EXPECT_EQ(sc.s.vp[0] + sc.s.vp[1], 0);
}

// Guide "Cleanup Phase" 5 / rules notes 9 "Instability": a newly drawn Dominance Check
// with another already in the market: discard both, resolve one check, refill again.
TEST(Market, InstabilityDiscardsBothChecksResolvesOneAndRefillContinues) {
  Scenario sc = two_players();
  sc.to_market(1, 3, 102);
  sc.clear_market_space(0, 5);
  put_in_deck(sc.s, 101);
  sc.tribe(0, Region::kHerat);  // unsuccessful check: player 0 has more cylinders in play
  const int pos = sc.s.deck_pos;
  sc.act("done");
  EXPECT_EQ(sc.s.card_loc[101], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[102], Loc::kDiscard);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
  EXPECT_EQ(sc.s.vp[0], 3);  // one check scored, not two
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_FALSE(sc.s.game_over());
  // The market is full again: the check's space and the bottom row's gap were refilled
  // from the cards after the check.
  for (const auto& row : sc.s.market)
    for (int c : row) {
      EXPECT_NE(c, kNoCard);
      EXPECT_FALSE(is_dominance_check(c));
    }
  EXPECT_EQ(sc.s.deck_pos, pos + 3);
  EXPECT_EQ(sc.s.market[0][5], sc.s.deck[pos + 1]);
  EXPECT_EQ(sc.s.market[1][5], sc.s.deck[pos + 2]);
}

// Two checks drawn in the same refill: the second one sets off Instability even though the
// first was drawn in this refill too.
TEST(Market, TwoChecksDrawnInOneRefillSetOffInstability) {
  Scenario sc = two_players();
  sc.clear_market_space(0, 4);
  sc.clear_market_space(0, 5);
  put_in_deck(sc.s, 101, 0);  // drawn into column 4
  put_in_deck(sc.s, 102, 1);  // drawn into column 5
  const int pos = sc.s.deck_pos;
  sc.act("done");
  EXPECT_EQ(sc.s.card_loc[101], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[102], Loc::kDiscard);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
  EXPECT_EQ(sc.s.market[0][4], sc.s.deck[pos + 2]);
  EXPECT_EQ(sc.s.market[0][5], sc.s.deck[pos + 3]);
}

// Guide "Cleanup Phase" 5: "If this was the final Dominance Check, it counts as the game's
// last check." Rules notes 9: scored once, doubled, and the game ends.
TEST(Market, InstabilityWithTheLastCheckIsTheFinalCheck) {
  Scenario sc = two_players();
  sc.detach(103);  // the two other checks were resolved earlier
  sc.detach(104);
  sc.s.dominance_checks_resolved = 2;
  sc.to_market(0, 2, 102);
  sc.clear_market_space(1, 5);
  put_in_deck(sc.s, 101);
  sc.tribe(0, Region::kHerat);
  sc.act("done");
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.dominance_checks_resolved, 3);
  EXPECT_EQ(sc.s.vp[0], 6);  // 3 doubled
  EXPECT_EQ(sc.s.vp[1], 2);  // 1 doubled
}

// Rupees on a Dominance Check's space stay there when Instability discards it, and join
// the card that slides onto the space.
TEST(Market, InstabilityLeavesTheChecksRupeesOnTheirSpace) {
  Scenario sc = two_players();
  sc.to_market(0, 4, 102, 2);
  sc.clear_market_space(1, 5);
  put_in_deck(sc.s, 101);
  const int right = sc.s.market[0][5];
  sc.act("done");
  EXPECT_EQ(sc.s.market[0][4], right);  // slid onto the check's old space
  EXPECT_EQ(sc.s.market_rupees[0][4], 2);
}

}  // namespace
}  // namespace pamir::testing
