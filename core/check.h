#pragma once
// The full consistency checker: recomputes everything derived and checks every
// conservation law. Used by tests at every step, by debug builds after apply, and by the
// position loader to reject impossible positions.

#include <string>

#include "core/state.h"

namespace pamir::core {

// Empty when the state is consistent; otherwise the first problem found, in words.
std::string check_consistency(const State& s);

}  // namespace pamir::core
