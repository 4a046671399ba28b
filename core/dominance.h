#pragma once
// Dominance Checks, scoring and the end of the game.

#include <array>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// The dominant coalition (at least 4 blocks, 2 under Conflict Fatigue, more than each
// other coalition), or Coalition::kNone.
int dominant_coalition(const State& s);

// Scores a Dominance Check whose card(s) have already left the market or deck, removes the
// blocks after a successful check, ends lasting effects, and ends the game on a 4-VP lead
// or after the final check. Returns false when the game is over. Pax Expanse scores card
// `scored` and moves its objective token as card `objective_card` says (core/expanse.h);
// they differ only under Instability.
bool resolve_dominance_check(State& s, int scored, int objective_card);

// The Dominance Check that would be scored next: the lowest-numbered one still in the deck
// or market (the last one once all are gone).
int next_dominance_check(const State& s);

// Splits the points of ranked places among tied players: values[p] is the measure (higher
// is better; players with eligible[p] false get nothing), points the VP per place.
void award_places(State& s, const std::array<int, kMaxPlayers>& values,
                  const std::array<bool, kMaxPlayers>& eligible, const int* points, int num_points,
                  int multiplier);

// Final standing: players ordered by VP, then military stars, then rupees. Ties that
// survive every tie-break share a place. rank[p] is 0 for the winner(s).
std::array<int, kMaxPlayers> final_ranks(const State& s);

}  // namespace pamir::core
