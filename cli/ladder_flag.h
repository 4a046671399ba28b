#pragma once
// `--ladder DB` of `pamir tournament`, `match` and `train`: the results files they wrote,
// recorded in the ladder's database as `pamir ladder import` records them (ladder/import.h).

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace pamir::cli {

void add_ladder_option(CLI::App& command, std::string& db);

// Imports the results files under paths into the database at db (made when missing) and says
// on stderr, in one line, how many of their games were new.
void record_in_ladder(const std::string& db, const std::vector<std::string>& paths);

}  // namespace pamir::cli
