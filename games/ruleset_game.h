#pragma once
// A ruleset's games::Game (games/game.h), and the way between its Positions and its States.
// Compiled once per ruleset (in its inline namespace), like the rest of its code; the
// registry (games/registry.cpp) lists each ruleset's ruleset_game().

#include <cassert>

#include "core/state.h"
#include "games/game.h"

namespace pamir::games::inline PAMIR_RULESET {

static_assert(sizeof(core::State) <= kMaxStateBytes,
              "a State must fit a Position (games/game.h, kMaxStateBytes)");
static_assert(core::kMaxPlayers <= kMaxSeats);

// This ruleset's game.
const Game& ruleset_game();

// The State of a position of this ruleset's game.
inline const core::State& state_of(const Position& p) {
  assert(&p.game() == &ruleset_game());
  return *static_cast<const core::State*>(p.state());
}
inline core::State& state_of(Position& p) {
  assert(&p.game() == &ruleset_game());
  return *static_cast<core::State*>(p.state());
}
Position position_of(const core::State& s);

}  // namespace pamir::games::inline PAMIR_RULESET
