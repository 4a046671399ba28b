#pragma once
// Determinization: a world consistent with what one player knows.

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Cards per pile (top pile first) for a game of num_players seats.
struct PileLayout {
  int begin[6], end[6];  // deck index ranges
  int events[6];         // events dealt into each pile
  int checks[6];         // Dominance Checks dealt into each pile
};
PileLayout pile_layout(int num_players);

// Whether the deck has the six piles' size and, pile by pile, their events and Dominance
// Checks (drawn cards included: the deck array keeps them), each Check on top of its pile
// where the ruleset lays it there (Rules::kCheckOnTopOfPile). True in every real game.
bool deck_keeps_piles(const State& s);

// Re-deals what p does not know: which cards were set aside at setup and the order of the
// undrawn deck, keeping the pile structure (per pile: its count of court cards, events
// and Dominance Checks, less what was already drawn from it). Every consistent world is
// equally likely. The RNG inside the state is re-seeded from rng. A hand-built position
// whose deck does not keep the piles (see deck_keeps_piles) is re-dealt as one pile.
State sample_world(const State& s, int p, u64& rng);

}  // namespace pamir::core::inline PAMIR_RULESET
