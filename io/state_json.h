#pragma once
// JSON save/load of any position (docs/state-format.md), validated on load.

#include <optional>
#include <string>

#include "core/state.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::State;

// The position as a JSON document (pretty-printed when indent >= 0).
std::string state_to_json(const State& s, int indent = -1);
// Parses and validates a position; on failure returns nullopt and a one-line reason.
std::optional<State> state_from_json(const std::string& text, std::string* error);

}  // namespace pamir::io::inline PAMIR_RULESET
