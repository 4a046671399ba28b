#pragma once
// Adds the network evaluators to the search evaluator registry (search/evaluator_registry.h):
// "net:<weight file>" and "best" (the shipped net for the game's player count,
// nets/shipped_models.h). A program that wants them calls this once at start-up (the
// game's games::Game when it is made, games/ruleset_game.cpp); calling it
// again changes nothing. It is a function, not a self-registering static, because an object
// in a static library that nothing refers to is dropped by the linker.

#include "core/types.h"

namespace pamir::nets::inline PAMIR_RULESET {

void register_net_evaluators();

}  // namespace pamir::nets::inline PAMIR_RULESET
