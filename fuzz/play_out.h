#pragma once
// What every fuzz target does with a position the engine accepted: it must be consistent and
// reachable, survive a JSON round trip, and play out by random moves to the end (or a cap)
// with every step's state consistent. Any failure aborts, which the fuzzer reports.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/check.h"
#include "core/game.h"
#include "core/random.h"
#include "io/state_json.h"

namespace pamir::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

// A refusal must say why in exactly one line (the protocol's framing, the CLI's errors).
inline void check_one_line(const std::string& error) {
  if (error.empty() || error.find('\n') != std::string::npos) fail("error not one line: " + error);
}

inline void check(const core::State& s, const char* where) {
  if (auto e = core::check_consistency(s); !e.empty()) fail(std::string(where) + ": " + e);
}

inline void play_out(core::State s, core::u64 seed) {
  check(s, "accepted position");
  if (auto e = core::check_reachable(s); !e.empty()) fail("accepted position: " + e);
  std::string error;
  if (!io::state_from_json(io::state_to_json(s), &error)) fail("round trip refused: " + error);
  core::Action legal[core::kMaxLegalActions];
  for (int step = 0; step < 3000 && !s.game_over(); ++step) {
    const int n = core::legal_actions(s, legal);
    if (n <= 0) fail("a position without legal actions");
    core::apply(s, legal[core::random_below(seed, n)]);
    check(s, "after a random move");
  }
}

}  // namespace pamir::fuzz
