#include "tournament/game_file.h"

#include <algorithm>
#include <stdexcept>

#include "io/file_io.h"
#include "tournament/play.h"
#include "tournament/results_log.h"

namespace pamir::tournament {

std::vector<StoredGame> read_games(const games::Game& game, const std::string& path) {
  return parse_games(game, io::read_file(path), path);
}

std::vector<StoredGame> parse_games(const games::Game& game, const std::string& text,
                                    const std::string& path) {
  // A results file's first line is its header; a record is one JSON object.
  if (text.substr(0, text.find('\n')).find("\"type\":\"header\"") != std::string::npos) {
    const ResultsFile file = parse_results_file(game, text, path);
    std::vector<StoredGame> stored;
    for (const GameResult& g : file.games)
      stored.push_back({g.game, to_record(game, g, file.agents), g.ranks});
    if (stored.empty()) throw std::runtime_error(path + ": the tournament has no finished game yet");
    return stored;
  }
  std::string error;
  auto record = game.record_from_json(text, &error);
  if (!record) throw std::runtime_error(path + ": " + error);
  StoredGame stored{0, *record, {}};
  if (record->result) stored.ranks = record->result->ranks;
  return {stored};
}

const StoredGame& select_game(const std::vector<StoredGame>& games, long index, const std::string& path) {
  if (index < 0) return games.front();  // read_games returns at least one
  for (const StoredGame& g : games)
    if (g.index == index) return g;
  const auto [lo, hi] = std::minmax_element(
      games.begin(), games.end(), [](const StoredGame& a, const StoredGame& b) { return a.index < b.index; });
  throw std::runtime_error(path + ": no game " + std::to_string(index) + " (it holds " +
                           std::to_string(games.size()) + " games, numbered " + std::to_string(lo->index) +
                           " to " + std::to_string(hi->index) + ")");
}

StoredGame read_game(const games::Game& game, const std::string& path, long index) {
  return select_game(read_games(game, path), index, path);
}

}  // namespace pamir::tournament
