#pragma once
// The games pamir knows, by their key (core/rulesets/games.inc): the "game" field of the files
// each writes and the value of the tool's --game. Ruleset-free (no core types), so that code
// compiled once for every game reads it.

#include <string>
#include <string_view>

namespace pamir::io {

struct KnownGame {
  std::string_view key, name;
};
inline constexpr KnownGame kKnownGames[] = {
#define PAMIR_GAME(key, name, ns) {#key, name},
#include "core/rulesets/games.inc"
#undef PAMIR_GAME
};
// The most seats of any game (each game's own count is its GameFacts::max_players).
inline constexpr int kMaxSeats = 5;

// The key a file without a "game" field was written for: files from before there were two
// games, which are the first game's.
inline constexpr std::string_view kDefaultGame = kKnownGames[0].key;

// What code compiled once for every game needs to know of one (games::Game::facts gives it):
// readers of files and configs check seat counts and action ids against it.
struct GameFacts {
  std::string_view key, name;
  int min_players = 0, max_players = 0;
  int num_actions = 0;
  std::string_view automaton;     // the spec that seats the automated opponent; empty: none
  int automaton_max_players = 0;  // the most seats of a game she sits in
  std::string seat_range() const {
    return std::to_string(min_players) + " to " + std::to_string(max_players);
  }
  // The seat counts the automated opponent sits in: "2 or 3", "2 to 4".
  std::string automaton_seat_counts() const {
    const int lo = min_players, hi = automaton_max_players;
    return std::to_string(lo) + (hi == lo + 1 ? " or " : " to ") + std::to_string(hi);
  }
};

// The name of the game with this key, or an empty view when no game has that key.
constexpr std::string_view game_name(std::string_view key) {
  for (const KnownGame& g : kKnownGames)
    if (g.key == key) return g.name;
  return {};
}

// Why a file written for the game `file_game` (its "game" field) cannot be read as one of game
// `reader`, as the end of a sentence starting with the file's name and its kind: "is a <Game>
// record; use --game <game>". Empty when the two are the same game.
inline std::string other_game(std::string_view file_game, std::string_view reader, std::string_view kind) {
  if (file_game == reader) return "";
  const std::string_view name = game_name(file_game);
  if (name.empty()) return "names an unknown game \"" + std::string(file_game.substr(0, 40)) + "\"";
  return "is a " + std::string(name) + " " + std::string(kind) + "; use --game " + std::string(file_game);
}

}  // namespace pamir::io
