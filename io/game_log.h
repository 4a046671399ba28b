#pragma once
// Human-readable text about a game: one line per decision for logs, a compact summary of a
// position, and the final standing. Core never prints; these return strings.

#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::Action;
using core::State;

// "play 47 left (Dost Mohammad)": the action's name, and the name of the card it refers to.
// A choice that changes the player's loyalty says so: "...; you will become loyal to the
// afghan: your gifts go back, your prizes and british patriots are discarded".
std::string describe_action(const State& s, Action a);

// What a player at the table sees on card c (1..kNumCards), in the game's words: "Josiah
// Harlan (25): punjab, political, rank 1; patriot afghan; prize british; impacts tribe;
// actions tax" (and the ability's name and text where it has one), or an event's two halves.
std::string describe_card(int c);
// The card a person names by number or by name (case-insensitive, a unique prefix will do),
// or 0.
int find_card(const std::string& name_or_number);

// "turn 12, player 1 (british): play 47 left (Dost Mohammad)": the decision a, described
// in the position `before` it is applied. Names the card an action refers to, if any.
std::string describe_decision(const State& before, Action a);

// What an action decided in s refers to, for views that let a person pick a card or a place
// (all are also in its name): the card (kNoCard when none), the region or the border (-1
// when none).
int action_card(const State& s, Action a);
int action_region(Action a);
int action_border(Action a);

// What a decision caused, read off the positions before and after it (so every automatic
// step it set off counts: a battle's removals, a Dominance Check at the turn's end, bribes,
// cards discarded or taken as prizes): one line per kind of change, in a fixed order, e.g.
// "Dominance Check 1 scored: player 0 +5 VP (now 5), player 1 +3 VP (now 3)",
// "removed: 2 russian armies from herat, player 1's spy from Dost Mohammad", "rupees: player 0
// -2 (now 3), player 1 +2 (now 6)". Hidden changes (hands, the deck) are not described.
std::vector<std::string> describe_consequences(const State& before, const State& after);

// Several lines: turn and favored suit, rulers, then per player rupees, VP, loyalty,
// influence, hand size and court card names, then the market.
std::string describe_position(const State& s);

// The final standing, best first, one line per player with VP and the tie-breaks (military
// stars, rupees): "1. player 2 (russian): 11 VP, 3 military stars, 6 rupees". Players who
// share a place after every tie-break share its number.
std::string describe_result(const State& s);

}  // namespace pamir::io::inline PAMIR_RULESET
