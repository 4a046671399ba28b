// `pamir agents`: lists the game's agents, the search options and the evaluators
// (games::Game::agents_help).

#include <cstdio>

#include "cli/command.h"

namespace pamir::cli {
namespace {

const bool agents_registered = register_command("agents", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the agents, their options and the evaluators");
  cmd->callback([] { std::fputs(selected_game().agents_help().c_str(), stdout); });
});

}  // namespace
}  // namespace pamir::cli
