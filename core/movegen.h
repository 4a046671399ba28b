#pragma once
// Move generation: the legal answers to the decision on top of the task stack, one
// generator per decision, listed in id order (core/game.h's legal_actions is the API).

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// The legal actions of the pending decision, in ascending id order; returns how many.
int gen_decision(const State& s, Action* out);
// A uniformly random legal action of the pending decision (core/game.h's random_action).
Action sample_decision(const State& s, u64& rng);
// Where p may put a block of its coalition (roads on borders of regions p rules, then
// armies in them), as actions; resolution asks it to see whether a build can go on.
int gen_block_placements(const State& s, int p, int regions, Action* out);

}  // namespace pamir::core::inline PAMIR_RULESET
