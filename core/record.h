#pragma once
// A game record: seats, seed and the actions taken. Replaying it reproduces the game bit
// for bit (the deck is shuffled from the seed at setup; nothing else is random).

#include <optional>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core {

struct GameRecord {
  int num_players = 0;
  u64 seed = 0;
  std::vector<std::string> agents;  // one spec per seat, informational
  std::vector<Action> actions;
  int wakhan_seat = kNoPlayer;      // Wakhan's seat (core/wakhan.h), if she plays
};

// Replays a record from setup; nullopt (and a reason) when an action is illegal.
std::optional<State> replay(const GameRecord& r, std::string* error);

std::string record_to_json(const GameRecord& r, const State& final_state);
std::optional<GameRecord> record_from_json(const std::string& text, std::string* error);

}  // namespace pamir::core
