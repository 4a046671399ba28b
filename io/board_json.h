#pragma once
// What the board in the browser (web/, docs/board.md) draws of this ruleset's positions, as
// JSON: the ruleset (map, cards, words), a position's legal actions with what each refers
// to, and the position itself with what the rules say of it (rulers, influence, the
// standing, the ruleset's own state as facts: Rules::describe_own).

#include <string>

#include "core/state.h"

namespace pamir::io::inline PAMIR_RULESET {

// {"game", "name", "words", "regions", "borders" (name, a, b), "cards" (index = id: name,
// kind, and for court cards region, suit, rank, patriot, actions, ability), "suits",
// "coalitions", "military_suit" (the suit whose stars the standing counts)}.
std::string board_ruleset_json();
// [{"id", "name", "card", "region", "border"}, ...]: the legal actions of s.
std::string board_legal_json(const core::State& s);
// {"state" (the position, or viewer's observation when viewer is a seat), "to_move",
// "rulers", "influence", "standing" (seat, rank, vp, war stars, money), "facts"}.
std::string board_view_json(const core::State& s, int viewer);

}  // namespace pamir::io::inline PAMIR_RULESET
