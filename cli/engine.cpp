// `pamir engine`: the line protocol of cli/engine_session.h on stdin/stdout, for GUIs and
// scripts. Output is flushed after every answer so that a client can wait for it.

#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/command.h"
#include "cli/engine_session.h"

namespace pamir::cli {
namespace {

void run_engine(const games::Game& game, const std::string& default_agent) {
  try {
    game.make_agent(default_agent, 0);  // a bad --agent fails now, not at the first go
  } catch (const std::invalid_argument& e) {
    throw CommandError(std::string("--agent: ") + e.what());
  }
  EngineSession session(game, default_agent);
  for (std::string line; !session.finished() && std::getline(std::cin, line);) {
    for (const std::string& out : session.handle(line)) std::fputs((out + "\n").c_str(), stdout);
    std::fflush(stdout);
  }
}

const bool engine_registered = register_command("engine", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("engine", "Line protocol on stdin/stdout (see docs/engine-protocol.md)");
  // The shipped nets (models/).
  auto agent = std::make_shared<std::string>("best");
  cmd->add_option("--agent", *agent, "The agent spec go searches with when it names none")
      ->capture_default_str();
  cmd->callback([agent] { run_engine(selected_game(), *agent); });
});

}  // namespace
}  // namespace pamir::cli
