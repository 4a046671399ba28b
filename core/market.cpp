#include "core/market.h"

#include <algorithm>
#include <array>
#include <cassert>

#include "core/dominance.h"
#include "core/events.h"
#include "core/game_rules.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

void mark_paid(State& s, int row, int col) { s.market_paid |= u16(1u << (row * kMarketCols + col)); }

}  // namespace

void add_market_rupees(State& s, int row, int col, int n) {
  if (s.market[row][col] == kRupeeSinkCard) {
    s.rupees_removed += n;
    return;
  }
  s.market_rupees[row][col] += n;
}

int purchase_cost(const State& s, int p, int row, int col) {
  const int card = s.market[row][col];
  if ((s.abilities[p] & kPriceWaivers) && is_court_card(card)) {
    const CourtCard& cc = court_card(card);
    constexpr auto& by_region = kAbilitiesByRegion<AbilityMechanic::kFreePurchase>;
    constexpr auto& by_patriot = kAbilitiesByCoalition<AbilityMechanic::kFreePurchase>;
    if (s.abilities[p] & (by_region[card_region(s, card)] | by_patriot[cc.patriot])) return 0;
  }
  return col * Rules::price_multiplier(s);
}

void pay_purchase(State& s, int p, int row, int col) {
  const int cost = purchase_cost(s, p, row, col);
  if (!cost) return;
  const int per_card = cost / col;
  s.rupees[p] -= cost;
  for (int j = 0; j < col; ++j) {
    int r = row;
    if (!s.market[r][j] && s.market[1 - r][j]) r = 1 - r;
    add_market_rupees(s, r, j, per_card);
    mark_paid(s, r, j);
  }
}

void pay_action_cost(State& s, int p, int n) {
  // Every action cost of both games is even (docs/rules-notes.md, "Odd action costs"), so the
  // payer's choice of row for the last rupee of an odd amount never arises.
  assert(n % 2 == 0);
  s.rupees[p] -= n;
  // The rupees go out in pairs, one to each row: each row's next card from the right,
  // skipping vacant spaces. A row with no card left loses its rupee from the game.
  int next[kMarketRows] = {kMarketCols - 1, kMarketCols - 1};
  for (int paid = 0; paid < n; ++paid) {
    const int row = paid % kMarketRows;
    int& col = next[row];
    while (col >= 0 && !s.market[row][col]) --col;
    if (col < 0) {
      ++s.rupees_removed;
      continue;
    }
    add_market_rupees(s, row, col, 1);
    mark_paid(s, row, col);
    --col;
  }
}

bool discard_leftmost_event(State& s, int row) {
  if (!leftmost_is_event(s, row)) return true;
  const int card = s.market[row][0];
  s.market[row][0] = kNoCard;  // its rupees stay on the space
  s.card_loc[card] = Loc::kDiscard;
  if (is_dominance_check(card)) return resolve_dominance_check(s, card, card);
  apply_discard_event(s, card);
  return true;
}

namespace {

// A card arrives on a market space with `carried` rupees; rupees left on the space are
// placed on it too (so Public Withdrawal eats them).
void land_on_space(State& s, int row, int col, int card, int carried) {
  const int leftover = s.market_rupees[row][col];
  s.market[row][col] = u8(card);
  s.market_rupees[row][col] = u8(carried);
  if (leftover) add_market_rupees(s, row, col, leftover);
}

void slide_row(State& s, int row) {
  int to = 0;
  for (int from = 0; from < kMarketCols; ++from) {
    const int card = s.market[row][from];
    if (!card) continue;
    if (from != to) {
      const int carried = s.market_rupees[row][from];
      s.market_rupees[row][from] = 0;
      s.market[row][from] = kNoCard;
      land_on_space(s, row, to, card, carried);
    }
    ++to;
  }
}

bool dominance_check_in_market(const State& s, int except_row, int except_col) {
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      if ((row != except_row || col != except_col) && is_dominance_check(s.market[row][col])) return true;
  return false;
}

}  // namespace

bool refill_market(State& s) {
  constexpr unsigned kRow = (1u << kMarketCols) - 1;
  // Bit i of a row's mask to bit 2i: vacant spaces column by column (bit 2 * col + row), the
  // order the refill fills them in.
  static_assert(kMarketRows == 2);
  static constexpr auto kColumnMajor = [] {
    std::array<u16, 1u << kMarketCols> spread{};
    for (unsigned m = 0; m <= kRow; ++m)
      for (int col = 0; col < kMarketCols; ++col) spread[m] |= u16((m >> col & 1) << (2 * col));
    return spread;
  }();
  for (;;) {
    unsigned vacant = market_cells_equal_or_zero(s.market, kNoCard);
    bool slid = false;
    for (int row = 0; row < kMarketRows; ++row) {
      const unsigned occupied = ~vacant >> (row * kMarketCols) & kRow;
      if (occupied & (occupied + 1)) slide_row(s, row), slid = true;  // a gap before a card
    }
    if (slid) vacant = market_cells_equal_or_zero(s.market, kNoCard);
    bool instability = false;
    for (unsigned m = kColumnMajor[vacant & kRow] | kColumnMajor[vacant >> kMarketCols & kRow] << 1;
         m && s.deck_pos < s.deck_size && !instability; m &= m - 1) {
      const int row = __builtin_ctz(m) & 1, col = __builtin_ctz(m) >> 1;
      const int card = s.deck[s.deck_pos++];
      land_on_space(s, row, col, card, 0);
      s.card_loc[card] = Loc::kMarket;
      if (is_dominance_check(card) && dominance_check_in_market(s, row, col)) {
        // Instability: both checks leave the market and one check is resolved (the
        // lower-numbered card scored, the higher one passed on as objective_card).
        int lower = card, higher = card;
        for (int r = 0; r < kMarketRows; ++r)
          for (int c = 0; c < kMarketCols; ++c)
            if (const int other = s.market[r][c]; is_dominance_check(other)) {
              lower = std::min(lower, other), higher = std::max(higher, other);
              s.card_loc[other] = Loc::kDiscard;
              s.market[r][c] = kNoCard;
            }
        if (!resolve_dominance_check(s, lower, higher)) return false;
        instability = true;
      }
    }
    if (!instability) return true;
  }
}

}  // namespace pamir::core::inline PAMIR_RULESET
