#pragma once
// The full consistency checker: recomputes everything derived and checks every
// conservation law. Used by tests at every step, by debug builds after apply, and by the
// position loader to reject impossible positions.

#include <string>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Empty when the state is consistent; otherwise the first problem found, in words.
std::string check_consistency(const State& s);

// What no game can reach although every cache agrees: a deck out of the piles of setup,
// Dominance Check counts that do not fit the checks gone, a bribe pending for an action
// the turn has no room for, a patriot or prize of a coalition its holder is not loyal to, an
// event's lasting effect without its card, a turn starting with a vacant market space while
// the deck has cards. The loader refuses such positions (the engine relies on these facts);
// hand-built test scenarios need only check_consistency.
std::string check_reachable(const State& s);

}  // namespace pamir::core::inline PAMIR_RULESET
