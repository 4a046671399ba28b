#pragma once
// The lines of a config file (`key = value`, `#` comments), read without a ruleset: the
// config's key `game` picks the ruleset of `pamir train` (cli/main.cpp, compiled once for
// every game, reads it before any game's code runs), and parse_config (selfplay/config.h)
// reads every key through the same function.

#include <sstream>
#include <stdexcept>
#include <string>

#include "io/strings.h"

namespace pamir::selfplay {

// The key naming the game a config is for; a config without it is Pax Pamir's
// (io::kDefaultGame), as every config was before there were two games.
inline constexpr const char* kGameKeyName = "game";

// Calls each(key, value, where) for each `key = value` line of text, where = "source:line";
// a line without '=' is a std::invalid_argument naming where it is.
template <typename Each>
void for_each_config_line(const std::string& text, const std::string& source, Each&& each) {
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    line = io::trim(line);
    if (line.empty()) continue;
    const std::string where = source + ":" + std::to_string(line_no);
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument(where + ": expected 'key = value', got '" + line + "'");
    each(io::trim(line.substr(0, eq)), io::trim(line.substr(eq + 1)), where);
  }
}

// The value of the config's `game` line, or an empty string when it has none or does not
// parse (its reader reports that).
inline std::string config_game(const std::string& text) {
  std::string game;
  try {
    for_each_config_line(text, "", [&](const std::string& key, const std::string& value, const std::string&) {
      if (key == kGameKeyName) game = value;
    });
  } catch (const std::invalid_argument&) {
    return "";
  }
  return game;
}

}  // namespace pamir::selfplay
