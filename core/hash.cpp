#include "core/hash.h"

#include <cstddef>
#include <cstring>

#include "core/game_rules.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

static_assert(sizeof(State) % 8 == 0, "full_key reads the state as u64 words");
// The ruleset's tail state (game_state_tail.inc) closes the state, word-aligned; its words
// are hashed only when not zero, so that states of games that leave it unused (Pax Pamir
// without Wakhan) keep the keys they had before it existed.
constexpr size_t kTailOffset = offsetof(State, tasks) + sizeof(State::tasks);
constexpr size_t kBaseWords = kTailOffset / 8;
static_assert(kTailOffset % 8 == 0, "the ruleset's tail state starts on a word");

inline u64 mix(u64 h, u64 w) {
  h ^= w * 0x9E3779B97F4A7C15ull;
  h = (h << 27 | h >> 37) * 0xC2B2AE3D27D4EB4Full;
  return h;
}

Key hash_words(const State& s) {
  u64 words[sizeof(State) / 8];
  std::memcpy(words, &s, sizeof s);
  u64 h = 0x243F6A8885A308D3ull;
  size_t n = sizeof(State) / 8;
  while (n > kBaseWords && !words[n - 1]) --n;  // all-zero tail words are left out
  for (size_t i = 0; i < n; ++i) h = mix(h, words[i]);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 33);
}

}  // namespace

Key full_key(const State& s) { return hash_words(s); }

State seat_view(const State& s, int p) {
  State v = s;
  v.rng = 0;
  // The undrawn part of each pile is known only as a multiset: blank it, and mark every
  // card that is in the deck or set aside the same way.
  for (int i = v.deck_pos; i < v.deck_size; ++i) v.deck[i] = 0;
  for (int c = 1; c <= kNumCards; ++c)
    if (v.card_loc[c] == Loc::kDeck) v.card_loc[c] = Loc::kUnused;
  Rules::hide(v, p);  // the ruleset's own hidden state (an AI deck, secret choices)
  return v;
}

Key infoset_key(const State& s, int p) { return hash_words(seat_view(s, p)); }

std::string to_hex(u64 key) {
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, key >>= 4) out[i] = "0123456789abcdef"[key & 15];
  return out;
}

}  // namespace pamir::core::inline PAMIR_RULESET
