#pragma once
// A game as a record (docs/state-format.md, "Game records"): its seed, seats and every
// decision, which reproduce it exactly. The same for every game (actions are ids of the
// game's action space); reading, writing and replaying it are the game's (games::Game,
// io/record.h).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pamir::io {

// The automaton's seat of a record where she does not play.
inline constexpr int kNoRecordedSeat = -1;

struct RecordedResult {
  bool game_over = false;
  std::vector<int> vp, ranks;  // per seat
  bool operator==(const RecordedResult&) const = default;
};

struct GameRecord {
  int num_players = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> agents;       // one spec per seat, informational
  std::vector<std::uint16_t> actions;    // every decision, forced ones included
  int automaton_seat = kNoRecordedSeat;  // the automated opponent's seat (Pax Pamir's Wakhan)
  std::optional<RecordedResult> result;  // when the record states one
};

}  // namespace pamir::io
