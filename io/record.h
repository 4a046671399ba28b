#pragma once
// A game record: seats, seed and the actions taken. Replaying it reproduces the game bit
// for bit (the deck is shuffled from the seed at setup; nothing else is random).

#include <optional>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::Action;
using core::kNoPlayer;
using core::State;
using core::u64;

// How a recorded game ended, as written with it: replaying must reach the same.
struct RecordedResult {
  bool game_over = false;
  std::vector<int> vp, ranks;  // per seat
  bool operator==(const RecordedResult&) const = default;
};
RecordedResult result_of(const State& final_state);

struct GameRecord {
  int num_players = 0;
  u64 seed = 0;
  std::vector<std::string> agents;  // one spec per seat, informational
  std::vector<Action> actions;
  int wakhan_seat = kNoPlayer;      // Wakhan's seat (core/wakhan.h), if she plays
  std::optional<RecordedResult> result;  // when the record states one
};

// Replays a record from setup; nullopt (and a reason) when an action is illegal or the
// game does not end as the record's result says.
std::optional<State> replay(const GameRecord& r, std::string* error);

std::string record_to_json(const GameRecord& r, const State& final_state);
std::optional<GameRecord> record_from_json(const std::string& text, std::string* error);

}  // namespace pamir::io
