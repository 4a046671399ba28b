#pragma once
// A fingerprint of what the encoder writes: every feature (index and value bits, in order)
// of seeded random positions, seen from every seat. A change that means to keep the encoding
// (a faster encoder) keeps it; one that changes the features changes it, and bumps
// Enc::kEncoderRevision with the recorded value.

#include <bit>
#include <cstdint>

#include "core/random.h"
#include "nets/encoder.h"
#include "tests/nets/positions.h"

namespace pamir::testing {

inline core::u64 encoding_signature(int count, core::u64 seed, bool with_wakhan) {
  core::u64 h = 0;
  auto fold = [&h](core::u64 x) {
    h ^= x;
    h = core::next_random(h);
  };
  nets::Feature features[nets::kMaxActiveFeatures];
  for (const core::State& s : random_positions(count, seed, with_wakhan))
    for (int viewer = 0; viewer < s.num_players; ++viewer) {
      const int n = nets::encode_sparse(s, viewer, features);
      fold(core::u64(n));
      for (int i = 0; i < n; ++i)
        fold(core::u64(features[i].index) << 32 | std::bit_cast<std::uint32_t>(features[i].value));
    }
  return h;
}

}  // namespace pamir::testing
