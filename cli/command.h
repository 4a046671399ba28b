#pragma once
// Subcommands register themselves here (one cli/*.cpp per subcommand), so main.cpp stays
// a dispatcher and adding a command touches no other file.

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace pamir::cli {

using CommandSetup = std::function<void(CLI::App& app)>;

std::vector<CommandSetup>& command_registry();

inline bool register_command(CommandSetup setup) {
  command_registry().push_back(std::move(setup));
  return true;
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
