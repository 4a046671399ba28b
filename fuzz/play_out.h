#pragma once
// What every fuzz target does with a position a game accepted: it must be consistent and
// reachable, survive a JSON round trip, and play out by random moves to the end (or a cap)
// with every step's position consistent. Any failure aborts, which the fuzzer reports. The
// same for every game (games::Game).

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/splitmix.h"
#include "games/game.h"

namespace pamir::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

// A refusal must say why in exactly one line (the protocol's framing, the CLI's errors).
inline void check_one_line(const std::string& error) {
  if (error.empty() || error.find('\n') != std::string::npos) fail("error not one line: " + error);
}

inline void check(const games::Position& p, const char* where) {
  if (const std::string e = p.game().check(p); !e.empty()) fail(std::string(where) + ": " + e);
}

inline void play_out(games::Position p, games::u64 seed) {
  const games::Game& game = p.game();
  check(p, "accepted position");
  std::string error;
  if (!game.position_from_json(game.position_json(p), &error)) fail("round trip refused: " + error);
  for (int step = 0; step < 3000 && !game.over(p); ++step) {
    const std::vector<games::Action> legal = game.legal_actions(p);
    if (legal.empty()) fail("a position without legal actions");
    game.apply(p, legal[splitmix64(seed) % legal.size()]);
    check(p, "after a random move");
  }
}

}  // namespace pamir::fuzz
