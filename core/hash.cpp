#include "core/hash.h"

#include <cstring>

namespace pamir::core {
namespace {

static_assert(sizeof(State) % 8 == 0, "full_key reads the state as u64 words");

inline u64 mix(u64 h, u64 w) {
  h ^= w * 0x9E3779B97F4A7C15ull;
  h = (h << 27 | h >> 37) * 0xC2B2AE3D27D4EB4Full;
  return h;
}

Key hash_words(const State& s) {
  u64 words[sizeof(State) / 8];
  std::memcpy(words, &s, sizeof s);
  u64 h = 0x243F6A8885A308D3ull;
  for (u64 w : words) h = mix(h, w);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 33);
}

}  // namespace

Key full_key(const State& s) { return hash_words(s); }

State public_view(const State& s) {
  State v = s;
  v.rng = 0;
  // The undrawn part of each pile is known only as a multiset: blank it, and mark every
  // card that is in the deck or set aside the same way.
  for (int i = v.deck_pos; i < v.deck_size; ++i) v.deck[i] = 0;
  for (int c = 1; c <= kNumCards; ++c)
    if (v.card_loc[c] == Loc::kDeck) v.card_loc[c] = Loc::kUnused;
  return v;
}

Key infoset_key(const State& s, int p) {
  (void)p;  // every player knows the same: hands and courts are public in this game
  return hash_words(public_view(s));
}

}  // namespace pamir::core
