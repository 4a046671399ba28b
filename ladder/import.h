#pragma once
// Results files into the ladder: a tournament's games.jsonl, a training run's eval/*.jsonl, a
// match's results file, all in the format pamir-tournament-results-2 and read by
// tournament/results_log.h. Each file goes in as one transaction, its versions (and the
// parents of a training run's generations, ladder/version.h) with its games, so that a file
// lands whole or not at all, and a file imported again adds only the games it did not hold
// before (a game is known by its file and line).

#include <string>
#include <vector>

#include "ladder/database.h"

namespace pamir::ladder {

// The database `pamir ladder` and every --ladder use unless told otherwise, relative to the
// current folder.
inline constexpr const char* kDefaultDatabase = "runs/ladder.sqlite";

struct ImportCount {
  long files = 0;
  long games = 0;  // complete games in the files
  long added = 0;  // of them, those the database did not hold
  // Files whose last line was a game still being written (no newline yet): left for the next
  // import.
  long partial_lines = 0;
  ImportCount& operator+=(const ImportCount& other);
};

// The results files a path names: the file itself; in a folder, every games.jsonl and every
// .jsonl file in a folder named eval, at any depth, in path order. Throws std::runtime_error
// when the path does not exist.
std::vector<std::string> results_files(const std::string& path);

// Adds the file's games that the database does not hold, with their versions. A relative net
// path in a training run's eval file is looked for in the run's folder (the one holding
// eval/), then in the current folder; in other files, in the current folder. Throws
// std::runtime_error with a one-line reason naming the file when it is not a results file
// (nothing of it is added then).
ImportCount import_results(Database& db, const std::string& path);

}  // namespace pamir::ladder
