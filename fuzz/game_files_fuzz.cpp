// libFuzzer target: the files of every game (games/registry.h): each input is read by each
// game both as a position and as a game record (docs/state-format.md). An accepted position,
// and the end of a replayed record, are played out (fuzz/play_out.h); a record written back
// must replay. Files name their game, so each game's seeds (fuzz/corpus/game_files/) reach
// that game's readers, and the others' refusals are fuzzed with them.

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/play_out.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const pamir::games::Game* game : pamir::games::all_games()) {
    std::string error;
    if (const auto position = game->position_from_json(text, &error))
      pamir::fuzz::play_out(*position, size);
    else
      pamir::fuzz::check_one_line(error);
    const auto record = game->record_from_json(text, &error);
    if (!record) {
      pamir::fuzz::check_one_line(error);
      continue;
    }
    const auto end = game->replay(*record, &error);
    if (!end) {
      pamir::fuzz::check_one_line(error);
      continue;
    }
    // The record written back replays to the same end.
    const auto again = game->record_from_json(game->record_json(*record), &error);
    if (!again || !game->replay(*again, &error))
      pamir::fuzz::fail("a written record does not replay: " + error);
    pamir::fuzz::play_out(*end, size);
  }
  return 0;
}
