#pragma once
// The games pamir knows, by their key: core::kGameKey of each ruleset, the "game" field of
// the files each writes and the value of the tool's --game. Ruleset-free (no core include),
// so that cli/main.cpp, compiled once for every game, can read it.

#include <string_view>

namespace pamir::io {

struct KnownGame {
  std::string_view key, name;
};
inline constexpr KnownGame kKnownGames[] = {{"pamir", "Pax Pamir"}, {"expanse", "Pax Expanse"}};
// The key a file without a "game" field was written for: files from before Pax Expanse.
inline constexpr std::string_view kDefaultGame = "pamir";

// The name of the game with this key, or an empty view when no game has that key.
constexpr std::string_view game_name(std::string_view key) {
  for (const KnownGame& g : kKnownGames)
    if (g.key == key) return g.name;
  return {};
}

}  // namespace pamir::io
