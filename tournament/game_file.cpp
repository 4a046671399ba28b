#include "tournament/game_file.h"

#include <algorithm>
#include <stdexcept>

#include "io/file_io.h"
#include "tournament/play.h"
#include "tournament/results_log.h"

namespace pamir::tournament::inline PAMIR_RULESET {

std::vector<StoredGame> read_games(const std::string& path) { return parse_games(io::read_file(path), path); }

std::vector<StoredGame> parse_games(const std::string& text, const std::string& path) {
  // A results file's first line is its header; a record is one JSON object.
  if (text.substr(0, text.find('\n')).find("\"type\":\"header\"") != std::string::npos) {
    const ResultsFile file = parse_results_file(text, path);
    std::vector<StoredGame> games;
    for (const GameResult& g : file.games) games.push_back({g.game, to_record(g, file.agents), g.ranks});
    if (games.empty()) throw std::runtime_error(path + ": the tournament has no finished game yet");
    return games;
  }
  std::string error;
  auto record = io::record_from_json(text, &error);
  if (!record) throw std::runtime_error(path + ": " + error);
  StoredGame game{0, *record, {}};
  if (record->result) game.ranks = record->result->ranks;
  return {game};
}

const StoredGame& select_game(const std::vector<StoredGame>& games, long index, const std::string& path) {
  if (index < 0) return games.front();  // read_games returns at least one
  for (const StoredGame& g : games)
    if (g.index == index) return g;
  const auto [lo, hi] = std::minmax_element(games.begin(), games.end(),
                                            [](const StoredGame& a, const StoredGame& b) { return a.index < b.index; });
  throw std::runtime_error(path + ": no game " + std::to_string(index) + " (it holds " + std::to_string(games.size()) +
                           " games, numbered " + std::to_string(lo->index) + " to " + std::to_string(hi->index) + ")");
}

StoredGame read_game(const std::string& path, long index) { return select_game(read_games(path), index, path); }

}  // namespace pamir::tournament
