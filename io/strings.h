#pragma once
// Text helpers that need no ruleset, so that code compiled once for every game (cli/main.cpp)
// shares them with the per-ruleset readers (io/text.h includes this).

#include <string>

namespace pamir::io {

// The text without leading and trailing spaces, tabs and carriage returns (a line typed on
// Windows or at a terminal ends in one).
inline std::string trim(const std::string& text) {
  const auto b = text.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return text.substr(b, text.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace pamir::io
