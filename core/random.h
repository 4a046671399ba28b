#pragma once
// A small, fast, seedable generator (SplitMix64) whose whole state is one u64, so that it
// can live inside the trivially copyable State.

#include "core/splitmix.h"
#include "core/types.h"

namespace pamir::core::inline PAMIR_RULESET {

inline u64 next_random(u64& state) { return splitmix64(state); }

// Uniform in [0, n), by Lemire's multiply-shift (the bias is below 2^-32 for our n).
inline int random_below(u64& state, int n) {
  return int((static_cast<unsigned __int128>(next_random(state)) * u64(n)) >> 64);
}

template <class T>
void shuffle(T* begin, int n, u64& state) {
  for (int i = n - 1; i > 0; --i) {
    const int j = random_below(state, i + 1);
    T t = begin[i];
    begin[i] = begin[j];
    begin[j] = t;
  }
}

}  // namespace pamir::core::inline PAMIR_RULESET
