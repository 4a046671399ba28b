#pragma once
// Game records of this ruleset (docs/state-format.md, "Game records"): written with each
// action's name, read and validated, and replayed through the rules (io/game_record.h holds
// the record itself, the same for every game).

#include <optional>
#include <string>

#include "core/state.h"
#include "io/game_record.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::State;

// The result a final position gives (per seat: VP, and place after every tie-break).
RecordedResult result_of(const State& final_state);

// Replays the record from its seed; nothing, and why in one line, when an action is not
// legal where it is taken, the seats are not this game's, or the stated result differs.
std::optional<State> replay(const GameRecord& r, std::string* error);

// The record as JSON (format "pamir-record-1"), each action with its name and the result of
// final_state (the replay's end).
std::string record_to_json(const GameRecord& r, const State& final_state);

// Parses and validates a record (not its replay); on failure nothing and a one-line reason.
std::optional<GameRecord> record_from_json(const std::string& text, std::string* error);

}  // namespace pamir::io::inline PAMIR_RULESET
