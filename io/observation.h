#pragma once
// What one seat knows of a position, as outside programs receive it: the observation
// (`pamir-observation-1`, docs/state-format.md) and the message an outside agent is sent at
// each of its decisions (docs/engine-protocol.md, "Outside agents").

#include <optional>
#include <string>

#include "core/state.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::State;

// The position as seat knows it: the position format with what no player has seen left out
// (core::public_view decides what that is): the undrawn deck entries are null, the cards
// set aside or still in the deck are listed together as "unseen", the undrawn cards of an
// AI deck (core::OwnStateField::seen_count) are null (Wakhan's: the back of her top card is
// "ai_top_back"), and there is no "rng".
std::string observation_to_json(const State& s, int seat, int indent = -1);

// One line for an outside agent deciding for seat: {"seat", "observation", "world", "legal"}.
// "world" is a position in the position format that seat cannot tell from the true one:
// core::sample_world re-deals what seat has not seen (rng advances), so it tells the agent
// nothing the observation does not. "legal" lists [id, name] pairs.
std::string agent_position_message(const State& s, int seat, core::u64& rng);

// The "world" of such a message, validated as a position; on failure nullopt and a one-line
// reason.
std::optional<State> world_from_position_message(const std::string& text, std::string* error);

}  // namespace pamir::io::inline PAMIR_RULESET
