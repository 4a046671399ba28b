#include "games/registry.h"

#include <cctype>
#include <stdexcept>
#include <vector>

// Each game's Game, defined by its code (games/ruleset_game.cpp compiled for it, in the inline
// namespace of its ruleset, as every declaration of that namespace must say).
#define PAMIR_GAME(key, name, ns)     \
  namespace pamir::games::inline ns { \
  const Game& ruleset_game();         \
  }
#include "core/rulesets/games.inc"
#undef PAMIR_GAME

namespace pamir::games {

std::span<const Game* const> all_games() {
  static const std::vector<const Game*> games = {
#define PAMIR_GAME(key, name, ns) &ns::ruleset_game(),
#include "core/rulesets/games.inc"
#undef PAMIR_GAME
  };
  return games;
}

const Game* find_game(std::string_view key) {
  for (const Game* g : all_games())
    if (g->key() == key) return g;
  return nullptr;
}

std::string game_keys() {
  std::string keys;
  for (const Game* g : all_games()) keys += (keys.empty() ? "" : ", ") + std::string(g->key());
  return keys;
}

const Game& game(std::string_view key) {
  if (const Game* g = find_game(key)) return *g;
  std::string shown;
  for (const char c : key.substr(0, 40)) shown += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  throw std::invalid_argument("unknown game '" + shown + "' (games: " + game_keys() + ")");
}

const Game& default_game() { return *all_games().front(); }

}  // namespace pamir::games
