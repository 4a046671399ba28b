#include "ladder/import.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "games/registry.h"
#include "io/file_io.h"
#include "io/json.h"
#include "tournament/results_log.h"

namespace pamir::ladder {
namespace {

namespace fs = std::filesystem;

// The game a results file's header names, for the reader: the first game's when it names none
// (as results_log reads it), and also when the header is no JSON or names an unknown game,
// so that the reader's own error says what is wrong.
const games::Game& game_of_header(const std::string& text) {
  try {
    const auto header = io::parse_json(text.substr(0, text.find('\n')));
    if (header.is_object() && header.contains("game") && header["game"].is_string())
      if (const games::Game* game = games::find_game(header["game"].get<std::string>())) return *game;
  } catch (const io::JsonSyntaxError&) {
  }
  return games::default_game();
}

// Where a relative net path in the file's specs is looked for: a training run names its nets
// relative to its folder (nets/genNNN.weights; the folder holding eval/), a tournament
// relative to where it was run.
std::vector<std::string> net_bases(const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  if (folder.filename() == "eval") {
    const fs::path run = folder.parent_path();
    return {run.empty() ? "." : run.string(), "."};
  }
  return {"."};
}

bool is_results_file(const fs::path& file) {
  return file.filename() == "games.jsonl" ||
         (file.extension() == ".jsonl" && file.parent_path().filename() == "eval");
}

}  // namespace

ImportCount& ImportCount::operator+=(const ImportCount& other) {
  files += other.files, games += other.games, added += other.added, partial_lines += other.partial_lines;
  return *this;
}

std::vector<std::string> results_files(const std::string& path) {
  std::error_code error;
  if (!fs::exists(path, error)) throw std::runtime_error(path + ": no such file or folder");
  if (!fs::is_directory(path, error)) return {path};
  std::vector<std::string> files;
  for (const auto& entry :
       fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied))
    if (entry.is_regular_file() && is_results_file(entry.path())) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

ImportCount import_results(Database& db, const std::string& path) {
  std::string text = io::read_file(path);
  ImportCount count;
  count.files = 1;
  // A game being appended (a tournament under way) has no newline yet: the next import takes
  // it. A file without a complete line is left to the reader, which refuses it.
  if (const std::size_t end = text.rfind('\n'); end != std::string::npos && end + 1 < text.size()) {
    text.resize(end + 1);
    count.partial_lines = 1;
  }
  const games::Game& game = game_of_header(text);
  const tournament::ResultsFile file = tournament::parse_results_file(game, text, path);
  const std::string key(game.key());

  // The versions (their nets read) before the transaction, which so holds the lock briefly.
  std::vector<AgentVersion> versions;
  std::vector<std::optional<AgentVersion>> parents;
  for (const std::string& spec : file.agents) {
    versions.push_back(resolve_version(key, spec, file.players, net_bases(path)));
    parents.push_back(previous_generation(versions.back(), file.players));
  }
  const std::string source = fs::weakly_canonical(fs::absolute(path)).string();

  Transaction transaction(db);
  std::vector<long> ids;
  for (std::size_t a = 0; a < versions.size(); ++a) {
    ids.push_back(db.version_id(versions[a]));
    if (parents[a]) db.set_parent(ids.back(), db.version_id(*parents[a]), /*only_if_unset=*/true);
  }
  for (std::size_t i = 0; i < file.games.size(); ++i) {
    const tournament::GameResult& g = file.games[i];
    // The reader takes every line after the header as a game: game i is on line i + 2.
    GameRow row{key, file.players, g.seed, source, long(i) + 2, g.capped, long(g.actions.size()), {}};
    for (std::size_t s = 0; s < g.seats.size(); ++s)
      row.seats.push_back({ids[g.seats[s]], g.ranks[s], g.vp[s]});
    count.added += db.add_game(row);
  }
  transaction.commit();
  count.games = long(file.games.size());
  return count;
}

}  // namespace pamir::ladder
