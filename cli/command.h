#pragma once
// Subcommands register themselves here (one cli/*.cpp per subcommand), so main.cpp stays
// a dispatcher and adding a command touches no other file. Compiled once for every game: a
// command reaches its game through games::Game (games/registry.h), chosen by --game.

#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"
#include "io/name_registry.h"
#include "io/text.h"

namespace pamir::cli {

// Adds the command `name` (app.add_subcommand(name, ...)) with its options and callback.
using CommandSetup = std::function<void(CLI::App& app)>;

io::NameRegistry<CommandSetup>& command_registry();

// Registers a command; its setups run in the order of their names, so --help lists the
// commands alphabetically whatever order the linker put their files in.
inline bool register_command(const std::string& name, CommandSetup setup) {
  return command_registry().add(name, std::move(setup));
}

// "pamir <version>, commit <git describe>, bench signatures pamir <hex>, <game> <hex>...": what
// `pamir --version` prints, so that a result can name the engine that produced it.
std::string version_line();

// Adds every registered command to app, with the option --game on each, and parses the
// command line (main() and the tests share it). A first argument that names no command is a
// CommandError naming it and the commands; CLI11's own errors are CLI::ParseError.
void parse_command_line(CLI::App& app, int argc, const char* const* argv);

// The game the command line's --game names (the default game without one). Valid in a
// command's callback, after parse_command_line.
const games::Game& selected_game();
// Whether --game was given.
bool game_given();
// The game of a command that runs a config (train, selfplay): the config's `game` (empty:
// the config names none) unless --game names one; when both name games and they differ, a
// CommandError "<config_name> is a <Game> config; use --game <game>".
const games::Game& game_of_config(const std::string& config_game, const std::string& config_name);

// Every game's seat range, "pamir 2 to 5, <game> <min> to <max>, ...", for help texts: they are written
// before the command line (and so --game) is read.
std::string seat_ranges();

// Runs the command line as build/pamir does (main.cpp): errors as one line "error: ..." on
// stderr, exit status 2 for usage errors and 1 for failures.
int run_command(int argc, char** argv);

// Checks a --seed value: a whole number from 0 to 2^64 - 1 without a sign. CLI11 alone would
// wrap "-1" to 2^64 - 1, a seed nobody asked for.
inline CLI::Validator seed_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (!io::parse_u64(text))
          return "must be a whole number from 0 to 18446744073709551615, got '" + text + "'";
        return "";
      },
      "SEED");
}

// A failure reported to the user as one line "error: <message>" and exit status 1.
struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Ends a command that succeeded with a verdict in its exit status (e.g. `pamir match`):
// main() returns status without printing anything.
struct ExitStatus {
  int status;
};

}  // namespace pamir::cli
