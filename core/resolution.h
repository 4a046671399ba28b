#pragma once
// Resolution: applying a decision and running the automatic tasks it leaves (icons, debts,
// cleanup, the turn's end) until the next decision; core/game.h's apply is the API.

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Applies the answer a to the decision on top of the stack.
void decide(State& s, Action a);
// Resolves automatic tasks (and Wakhan's decisions) until a player's decision is pending
// or the game is over.
void advance(State& s);

}  // namespace pamir::core::inline PAMIR_RULESET
