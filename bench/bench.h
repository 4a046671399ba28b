#pragma once
// perft and the measurements printed by `pamir bench`.

#include <cstdint>

#include "core/state.h"

namespace pamir::bench {

// Number of action sequences of length depth from s (leaves at depth, or earlier game ends).
std::uint64_t perft(const core::State& s, int depth);

}  // namespace pamir::bench
