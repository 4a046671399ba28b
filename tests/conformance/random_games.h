#pragma once
// Seeded games with uniformly random legal actions, every invariant of
// tests/conformance/invariants.h checked at every decision, then each game replayed from
// its seed and action list to check that play is deterministic. Shared by the rules tests
// of both rulesets (each test program compiles it against its own rules).

#include "core/game.h"

namespace pamir::testing {

// Plays `count` games of `players` seats from seeds first_seed.., failing the running
// test (gtest) at the first broken invariant; with an automaton seat (the rules' automated opponent), the
// engine plays it.
void run_games(int players, core::u64 first_seed, int count, int automaton_seat = core::kNoPlayer);

}  // namespace pamir::testing
