#pragma once
// A search's view of a position, as KataGo's analysis engine gives one: the action the
// search chose, its root's value per seat, every root move with its visits, prior and mean
// value, and the principal variation. One JSON shape for `pamir engine`'s `go json`, the
// `pamir analysis` command and Python's pamir.analyze (docs/engine-protocol.md, "Analysis").

#include <nlohmann/json.hpp>

#include "games/game.h"

namespace pamir::games {

// {"turn", "to_move", "action", "action_name"} of the decision chosen in p and, when report
// is given (a search's), "iterations", "values" [per seat], "moves" [{"action", "name",
// "visits", "prior", "value"}, ...] most visited first (ties: action order), "pv" [actions]
// and "pv_names" [the line's names, as far as it is legal from p].
nlohmann::ordered_json analysis_json(const Game& game, const Position& p, Action chosen,
                                     const SearchReport* report);

// Lets agent choose for the seat to move in p (not over) and returns analysis_json of it,
// with the search's statistics when the agent searches. Throws what the agent throws.
nlohmann::ordered_json analyze(const Game& game, Agent& agent, const Position& p);

}  // namespace pamir::games
