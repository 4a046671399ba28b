#pragma once
// The market: purchase payments, action-cost payments, and the cleanup refill with
// Instability.

#include <bit>
#include <cstring>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Bit row*6+col where the market grid `cells` (State::market or market_rupees) holds 0 or
// `value`. Word-at-a-time: the turn-action generator and the tax checks ask this at nearly
// every decision.
inline unsigned market_cells_equal_or_zero(const u8 (&cells)[kMarketRows][kMarketCols], u8 value) {
  static_assert(kMarketRows * kMarketCols == 12 && std::endian::native == std::endian::little);
  constexpr u64 kLow7 = 0x7F7F7F7F7F7F7F7Full;
  auto zero_bytes = [](u64 x) { return ~(((x & kLow7) + kLow7) | x | kLow7); };  // 0x80 per zero byte
  // Gathers the eight 0x80 flags of a word into one byte: each lands in a distinct bit.
  auto flags_of = [&](u64 w) {
    const u64 flags = zero_bytes(w) | zero_bytes(w ^ (0x0101010101010101ull * value));
    return unsigned(((flags >> 7) * 0x0102040810204080ull) >> 56);
  };
  u64 first = 0;
  u32 last = 0;
  std::memcpy(&first, &cells[0][0], 8);
  std::memcpy(&last, &cells[0][0] + 8, 4);
  return flags_of(first) | (flags_of(last) & 0xF) << 8;
}
// Bit row*6+col: the space holds a card that can be bought (not the rupee sink, Public Withdrawal).
inline unsigned market_cells_buyable(const State& s) {
  static_assert(kNoCard == 0);
  return ~market_cells_equal_or_zero(s.market, kRupeeSinkCard) & 0xFFF;
}
// Bit row*6+col: rupees lie on the space.
inline unsigned market_cells_with_rupees(const State& s) {
  return ~market_cells_equal_or_zero(s.market_rupees, 0) & 0xFFF;
}

// Abilities that waive purchase prices (Herat, Persian and Russian Influence).
constexpr u32 kPriceWaivers = kMechanicAbilities[AbilityMechanic::kFreePurchase];

// Rupees p pays to buy the card at (row, col): column times 1 (2 with military favored).
int purchase_cost(const State& s, int p, int row, int col);
// Places p's payment for (row, col) on the cards to its left (a vacant space passes its
// rupee to the other row's card in that column).
void pay_purchase(State& s, int p, int row, int col);
// Pays n rupees of an action cost onto the rightmost market cards, in pairs: one to each
// row's next card from the right (rules notes 5).
void pay_action_cost(State& s, int p, int n);
// Puts rupees on a market space; the rupee-sink event (Public Withdrawal) eats them.
void add_market_rupees(State& s, int row, int col, int n);

// Cleanup step 3, for one row (the top row goes first): discards an event or Dominance
// Check in the leftmost column with its effect. Returns false when a check ended the game.
bool discard_leftmost_event(State& s, int row);
// Whether that row's leftmost space holds an event or Dominance Check for the cleanup.
inline bool leftmost_is_event(const State& s, int row) {
  const int card = s.market[row][0];
  return card && !is_court_card(card);
}
// Cleanup step 4: slides the rows left and draws into the gaps; a second Dominance Check
// in the market triggers Instability. Returns false when the game ended.
bool refill_market(State& s);

}  // namespace pamir::core::inline PAMIR_RULESET
