#pragma once
// The network evaluators by name in the search evaluator registry (search/evaluator_registry.h):
// "net:<weight file>" and "best" (the shipped net for the game's player count,
// nets/shipped_models.h), which the agent spec "best" asks for. A self-registering object
// inside a static library would be dropped by the linker, so a program that links pamir_nets
// calls this once before it builds agents; pamir's commands do at start-up.

namespace pamir::nets {

// Returns true so that it can initialize a static.
bool register_net_evaluators();

}  // namespace pamir::nets
