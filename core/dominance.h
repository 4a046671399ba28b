#pragma once
// Dominance Checks, scoring and the end of the game.

#include <array>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// The dominant coalition (at least 4 blocks, 2 under Conflict Fatigue, more than each
// other coalition), or Coalition::kNone.
int dominant_coalition(const State& s);

// Scores a Dominance Check whose card(s) have already left the market or deck (the ruleset's
// scoring, Rules::score_check, given card `scored` and, for a ruleset that reads a second
// card, `objective_card`: they differ only under Instability), ends lasting effects, and ends
// the game after the final check or on a 4-VP lead where the ruleset ends on one. Returns
// false when the game is over.
bool resolve_dominance_check(State& s, int scored, int objective_card);

// Coalition scoring (a ruleset's Rules::score_check may use it): the dominant coalition's
// loyal players by influence (5/3/1), else everyone by cylinders in play (3/1), doubled in the
// final check; a successful check removes every block.
void score_by_coalition(State& s, bool final_check);

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

}  // namespace pamir::core::inline PAMIR_RULESET
