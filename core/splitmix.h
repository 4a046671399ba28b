#pragma once
// SplitMix64, the one random stream of pamir: the rules (core/random.h) and the code compiled
// once for every game (seeds of self-play games, fresh nets) step it alike, so that a seed means
// the same everywhere. Ruleset-free.

#include <cstdint>

namespace pamir {

inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Uniform in [0, n) from the stream, by Lemire's multiply-shift (the bias is below 2^-32 for
// small n): core::random_below's draw, for code compiled once (schedules, training batches).
inline int splitmix_below(std::uint64_t& state, int n) {
  return int((static_cast<unsigned __int128>(splitmix64(state)) * std::uint64_t(n)) >> 64);
}

// Fisher-Yates over [begin, begin + n), as core::shuffle draws it.
template <class T>
void splitmix_shuffle(T* begin, int n, std::uint64_t& state) {
  for (int i = n - 1; i > 0; --i) {
    const int j = splitmix_below(state, i + 1);
    T t = begin[i];
    begin[i] = begin[j];
    begin[j] = t;
  }
}

}  // namespace pamir
