#pragma once
// Human-readable text about a game: one line per decision for logs, a compact summary of a
// position, and the final standing. Core never prints; these return strings.

#include <string>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::io {

using core::Action;
using core::State;

// "turn 12, player 1 (british): play 47 left (Dost Mohammad)": the decision a, described
// in the position `before` it is applied. Names the card an action refers to, if any.
std::string describe_decision(const State& before, Action a);

// Several lines: turn and favored suit, rulers, then per player rupees, VP, loyalty,
// influence, hand size and court card names, then the market.
std::string describe_position(const State& s);

// The final standing, best first, one line per player with VP and the tie-breaks (military
// stars, rupees): "1. player 2 (russian): 11 VP, 3 military stars, 6 rupees". Players who
// share a place after every tie-break share its number.
std::string describe_result(const State& s);

}  // namespace pamir::io
