#pragma once
// Positions with Wakhan for scenario tests: the base builder (tests/scenario.h) on a game
// with a Wakhan seat, with the AI deck arranged so that her next turn draws a chosen card.
// Her turn runs inside apply(), so a test lets the seat before her end its turn.

#include <utility>
#include <vector>

#include "tests/scenario.h"
#include "wakhan.h"

namespace pamir::testing {

class WakhanScenario : public Scenario {
 public:
  // A game of loyalties.size() seats (2 or 3) with Wakhan at `seat` (her entry in loyalties
  // is ignored): the others' loyalties set, her first AI card drawn, and the turn of the seat
  // before hers begun, with the market as dealt by the seed.
  WakhanScenario(const std::vector<int>& loyalties, int seat, u64 seed = 1) : Scenario({0, 0}) {
    s = new_game(int(loyalties.size()), seed, seat);
    clear_tasks(s);
    for (int p = 0; p < s.num_players && p < kMaxPlayers; ++p)  // the bound GCC cannot see otherwise
      if (!s.is_automaton(p)) s.loyalty[p] = u8(loyalties[size_t(p)]);
    s.phase = Phase::kPlaying;
    draw_ai_card(s);
    set_turn(before());
    check();
  }

  int wakhan() const { return s.automaton_seat(); }
  int before() const { return seat_at(s, wakhan(), s.num_players - 1); }

  // Her next turn draws AI card a, and card b is then on top of the AI deck.
  void next_ai(int a, int b) {
    put_ai(s.ai_drawn, a);
    put_ai(s.ai_drawn + 1, b);
  }
  // Lays out the market with court cards only (so that cleanup discards nothing), no rupees.
  void market(const std::vector<int>& top, const std::vector<int>& bottom) { set_market(top, bottom); }
  // The seat before her ends its turn, which plays all of hers (up to a decision of another
  // seat's, or the start of the next turn).
  void wakhan_turn() {
    set_turn(before());
    act("done");
  }
  bool in_her_court(int c) const { return s.in_court(wakhan(), c); }

  // Her turn begun by hand (the next AI card drawn), so that a test can ask for her choices
  // one decision at a time; and a decision of hers pushed on top, for the same purpose.
  void her_turn_begins() { begin_turn(s, wakhan()); }
  void her_decision(u8 kind, int a = 0, int b = 0, int c = 0) { push_task(s, kind, wakhan(), a, b, c); }
  // Her answer to the decision on top, by name.
  std::string choice() { return action_name(s, wakhan_choice(s)); }

 private:
  void put_ai(int at, int card) {
    for (int i = 0; i < kWakhanCards; ++i)
      if (s.ai_deck[i] == card) std::swap(s.ai_deck[i], s.ai_deck[at]);
  }
};

}  // namespace pamir::testing
