#pragma once
// The results file of a tournament: JSON lines, a header naming the configuration, then one
// line per finished game (its seating, seed, result and every action), appended and flushed as
// each game finishes, so that a killed run loses at most the game in progress.

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "tournament/play.h"

namespace pamir::tournament {

// The header line (no newline) for a configuration of the game; a results file resumes only
// under the same header.
std::string results_header(const games::Game& game, const std::vector<std::string>& agents, int players,
                           const std::string& seating, u64 seed, int max_decisions);

std::string game_line(const GameResult& g);
// Throws std::runtime_error with the reason when the line is not a game line.
GameResult parse_game_line(const std::string& line);

struct LoadedResults {
  std::vector<GameResult> games;  // in file order
  bool dropped_partial_line = false;
  std::string complete_text;  // the file up to its last complete line
};

// Reads a results file of the game written under `header`. A last line cut short by a kill
// (no newline at the end, or not valid JSON) is dropped and reported; any other bad line, a
// file of another game, or a header that differs, throws std::runtime_error with a one-line
// reason naming the file.
LoadedResults load_results(const games::Game& game, const std::string& path, const std::string& header);

// Any results file of the game, read without knowing its configuration beforehand (for
// replays and viewers): the agent specs its header names and its games in file order. Throws
// std::runtime_error with a one-line reason naming the file and line for anything that is not
// a results file of the game, including a last line cut short.
struct ResultsFile {
  std::vector<std::string> agents;
  int players = 0;
  std::vector<GameResult> games;
};
ResultsFile read_results_file(const games::Game& game, const std::string& path);
// The same from the file's text (path names it in messages).
ResultsFile parse_results_file(const games::Game& game, const std::string& text, const std::string& path);

// Appends lines to a results file; thread-safe.
class ResultsAppender {
 public:
  explicit ResultsAppender(const std::string& path);
  ~ResultsAppender();
  ResultsAppender(const ResultsAppender&) = delete;
  ResultsAppender& operator=(const ResultsAppender&) = delete;
  // Writes the line and a newline, then flushes it to the operating system.
  void append(const std::string& line);

 private:
  std::string path_;
  std::FILE* file_;
  std::mutex mutex_;
};

}  // namespace pamir::tournament
