#pragma once
// Hashes of a State: the full state, and what one player knows (the information set).

#include <string>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

using Key = u64;

// Hash of every byte of the state (the RNG included).
Key full_key(const State& s);
// Hash of what player p knows: the state with the order of the undrawn deck, the identity
// of the cards set aside at setup, the RNG and what the ruleset hides from p hidden. Two
// states that p cannot tell apart have the same key.
Key infoset_key(const State& s, int p);
// The state as p sees it: undrawn deck entries and unused cards blanked, RNG zeroed, and the
// ruleset's own hidden state blanked (Rules::hide).
State seat_view(const State& s, int p);

// A key, signature or fingerprint as 16 lowercase hex digits, as logs and reports print them.
std::string to_hex(u64 key);

}  // namespace pamir::core::inline PAMIR_RULESET
