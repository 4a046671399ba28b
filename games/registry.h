#pragma once
// The games by key (core/rulesets/games.inc lists them): each a games::Game that the tools
// use at run time. Compiled once; it links every game's code.

#include <span>
#include <string>
#include <string_view>

#include "games/game.h"

namespace pamir::games {

// Every game, in the list's order (the first is the default: files without a "game" field).
std::span<const Game* const> all_games();
// The game with that key, or nullptr.
const Game* find_game(std::string_view key);
// The game with that key; throws std::invalid_argument "unknown game 'x' (games: pamir, ...)"
// (one line, the key's control characters shown as '?').
const Game& game(std::string_view key);
const Game& default_game();
// The keys, "pamir, ...".
std::string game_keys();

}  // namespace pamir::games
