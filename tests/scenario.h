#pragma once
// Building positions for scenario tests: start from a real setup, then move cards, pieces
// and rupees where the test needs them, keeping every conservation law (the consistency
// checker runs after each edit). Actions are applied by their readable names.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/check.h"
#include "core/game.h"
#include "core/pieces.h"
#include "core/queries.h"

namespace pamir::testing {

using namespace pamir::core;

class Scenario {
 public:
  // A game after setup with the given loyalties chosen (one per seat), at the start of
  // seat `first`'s turn with the market as dealt by the seed.
  explicit Scenario(std::vector<int> loyalties, u64 seed = 1, int first = 0)
      : s(new_game(int(loyalties.size()), seed)) {
    for (size_t i = 0; i < loyalties.size(); ++i) {
      const int p = s.top().player;
      apply(s, Act::loyalty(loyalties[p]));
    }
    set_turn(first);
  }

  // Makes it the start of p's turn (fresh action phase, nothing used).
  void set_turn(int p) { begin_turn(s, p); }

  // Takes card c from wherever it is (deck, market, hand, court, prize) to the discard pile.
  void detach(int c) {
    const int loc = s.card_loc[c];
    if (loc == Loc::kDeck) {
      int at = s.deck_pos;
      while (s.deck[at] != c) ++at;
      for (int i = at; i + 1 < s.deck_size; ++i) s.deck[i] = s.deck[i + 1];
      s.deck[--s.deck_size] = 0;
    } else if (loc == Loc::kMarket) {
      for (auto& row : s.market)
        for (auto& cell : row)
          if (cell == c) cell = kNoCard;
    } else if (loc >= Loc::kHand && loc < Loc::kHand + kMaxPlayers) {
      hand_remove(s, loc - Loc::kHand, c);
    } else if (loc >= Loc::kCourt && loc < Loc::kCourt + kMaxPlayers) {
      // Leave pieces alone: return spies first so the checker stays happy.
      for (int p = 0; p < s.num_players; ++p)
        for (int i = 0; i < kCylinders; ++i)
          if (s.cylinder[p][i] == CylLoc::spy(c)) set_cylinder(s, p, i, CylLoc::kSupply);
      const int p = loc - Loc::kCourt;
      const int b = s.court_begin(p);
      int at = b;
      while (s.court[at] != c) ++at;
      const int total = s.court_begin(s.num_players);
      for (int i = at; i + 1 < total; ++i) s.court[i] = s.court[i + 1];
      s.court[total - 1] = 0;
      --s.court_len[p];
      refresh_court_caches(s, p);
    } else if (loc >= Loc::kPrize && loc < Loc::kPrize + kMaxPlayers) {
      --s.prizes[loc - Loc::kPrize];
    }
    s.card_loc[c] = Loc::kDiscard;
  }

  void to_hand(int p, int c) {
    detach(c);
    hand_add(s, p, c);
    check();
  }
  void to_court(int p, int c, bool left = false) {
    detach(c);
    court_insert(s, p, c, left);
    check();
  }
  void to_prize(int p, int c) {
    detach(c);
    s.card_loc[c] = u8(Loc::kPrize + p);
    ++s.prizes[p];
    check();
  }
  // Puts card c (with rupees on it) in a market space, discarding what was there.
  void to_market(int row, int col, int c, int rupees_on_it = 0) {
    if (s.market[row][col]) detach(s.market[row][col]);
    detach(c);
    s.market[row][col] = u8(c);
    s.card_loc[c] = Loc::kMarket;
    set_market_rupees(row, col, rupees_on_it);
  }
  // Lays out the whole market, top row then bottom row (0 leaves a space empty), with no
  // rupees, so that tests about costs do not depend on the seed's deal.
  void set_market(const std::vector<int>& top, const std::vector<int>& bottom) {
    for (int col = 0; col < kMarketCols; ++col) {
      clear_market_space(0, col);
      clear_market_space(1, col);
    }
    for (int col = 0; col < kMarketCols; ++col) {
      if (top[col]) to_market(0, col, top[col]);
      if (bottom[col]) to_market(1, col, bottom[col]);
    }
    check();
  }
  void clear_market_space(int row, int col) {
    if (s.market[row][col]) detach(s.market[row][col]);
    set_market_rupees(row, col, 0);
  }
  void set_market_rupees(int row, int col, int n) {
    s.bank += s.market_rupees[row][col] - n;
    s.market_rupees[row][col] = u8(n);
  }
  void set_rupees(int p, int n) {
    s.bank += s.rupees[p] - n;
    s.rupees[p] = u8(n);
  }

  // Pieces from the supply (the test fails if the supply is empty).
  void tribe(int p, int r, int n = 1) {
    for (int k = 0; k < n; ++k) set_cylinder(s, p, free_cylinder(p), CylLoc::tribe(r));
  }
  void spy(int p, int c, int n = 1) {
    for (int k = 0; k < n; ++k) set_cylinder(s, p, free_cylinder(p), CylLoc::spy(c));
  }
  void gift(int p, int slot) { set_cylinder(s, p, free_cylinder(p), CylLoc::gift(slot)); }
  void army(int k, int r, int n = 1) {
    for (int j = 0; j < n; ++j) set_block(s, k, free_block(k), BlockLoc::army(r));
  }
  void road(int k, int border, int n = 1) {
    for (int j = 0; j < n; ++j) set_block(s, k, free_block(k), BlockLoc::road(border));
  }

  // Applies the legal action with this name; fails the test if there is none.
  void act(const std::string& name) {
    const int a = parse_action(s, name);
    ASSERT_GE(a, 0) << "not legal: '" << name << "'; legal: " << legal_names();
    apply(s, Action(a));
    check();
  }
  bool can(const std::string& name) const { return parse_action(s, name) >= 0; }
  // Whether some legal action's name begins with prefix ("play ", "tax 47").
  bool offers(const std::string& prefix) const {
    Action legal[kMaxLegalActions];
    const int n = legal_actions(s, legal);
    for (int i = 0; i < n; ++i)
      if (action_name(s, legal[i]).rfind(prefix, 0) == 0) return true;
    return false;
  }
  std::string legal_names() const {
    Action legal[kMaxLegalActions];
    const int n = legal_actions(s, legal);
    std::string out;
    for (int i = 0; i < n; ++i) out += (i ? ", " : "") + action_name(s, legal[i]);
    return out;
  }
  void check() const { ASSERT_EQ(check_consistency(s), ""); }

  State s;

 private:
  int free_cylinder(int p) const {
    for (int i = 0; i < kCylinders; ++i)
      if (s.cylinder[p][i] == CylLoc::kSupply) return i;
    ADD_FAILURE() << "no cylinder left in supply";
    return 0;
  }
  int free_block(int k) const {
    for (int i = 0; i < kBlocksPerCoalition; ++i)
      if (s.block[k][i] == BlockLoc::kSupply) return i;
    ADD_FAILURE() << "no block left in supply";
    return 0;
  }
};

}  // namespace pamir::testing
