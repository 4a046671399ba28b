#pragma once
// Helpers for Pax Expanse's scenario tests (tests/scenario.h builds the positions).

#include <gtest/gtest.h>

#include <utility>

#include "expanse.h"
#include "tests/scenario.h"

namespace pamir::testing {

// Plays the current player's turn to its end: `done` whenever it is offered, else the first
// legal action (cleanup discards, event choices), until another player is to move or the
// Rocinante's turn asks a decision.
inline void end_turn(Scenario& sc) {
  const int p = sc.s.current;
  Action legal[kMaxLegalActions];
  for (int step = 0; step < 100 && sc.s.current == p && !sc.s.game_over(); ++step) {
    ASSERT_GT(legal_actions(sc.s, legal), 0);
    apply(sc.s, sc.can("done") ? parse_action(sc.s, "done") : legal[0]);
  }
  sc.check();
}

// Makes Rocinante AI card `card` the face-up one (the rest of the deck keeps its order).
inline void set_face_up(Scenario& sc, int card) {
  int at = 0;
  while (sc.s.rocinante_deck[at] != card) ++at;
  std::swap(sc.s.rocinante_deck[at], sc.s.rocinante_deck[sc.s.rocinante_drawn - 1]);
  ASSERT_EQ(rocinante_card(sc.s), card);
}

// Ends the turns of players 0 .. n-1 of a Scenario whose round starts with player 0, so that
// the Rocinante takes its turn after the last of them.
inline void play_round(Scenario& sc) {
  sc.s.first_chooser = 0;
  for (int i = 0; i < sc.s.num_players; ++i) end_turn(sc);
}

}  // namespace pamir::testing
