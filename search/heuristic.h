#pragma once
// A hand-written judgement of a position from public information only: a score per seat in
// victory-point units, turned into win-share estimates by a softmax.

#include "core/state.h"
#include "search/evaluator.h"

namespace pamir::search::inline PAMIR_RULESET {

// Score of each seat, in victory points: points held, what a Dominance Check now would
// give (at half weight: the board will change before one comes), and the assets that win
// later ones (influence, ruled regions, the lead of the seat's coalition on the map,
// rupees, cards, cylinders in play).
Values heuristic_scores(const core::State& s);

// The scores as win-share estimates summing to 1 over the seats (softmax at a temperature
// of kHeuristicTemperature VP), with a share `places` of place-share estimates mixed in (as
// outcome.h values a finished game): seat p's expected places above each other seat q,
// logistic((score p - score q) / kHeuristicTemperature), normalised like place_shares. For a
// finished game, outcome_values.
constexpr float kHeuristicTemperature = 2.0f;
Values heuristic_values(const core::State& s, double places = 0);

}  // namespace pamir::search::inline PAMIR_RULESET
