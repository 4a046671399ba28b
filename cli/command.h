#pragma once
// Subcommands register themselves here (one cli/*.cpp per subcommand), so main.cpp stays
// a dispatcher and adding a command touches no other file.

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

#include "io/text.h"

namespace pamir::cli::inline PAMIR_RULESET {

using CommandSetup = std::function<void(CLI::App& app)>;

std::vector<CommandSetup>& command_registry();

inline bool register_command(CommandSetup setup) {
  command_registry().push_back(std::move(setup));
  return true;
}

// "pamir <version>, commit <git describe>, bench signature <hex>": what `pamir --version`
// prints, so that a result can name the engine that produced it.
std::string version_line();

// Adds every registered command to app and parses the command line (main() and the tests
// share it). A first argument that names no command is a CommandError naming it and the
// commands; CLI11's own errors are CLI::ParseError.
void parse_command_line(CLI::App& app, int argc, const char* const* argv);

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
