// `pamir engine`: the line protocol of cli/engine_session.h on stdin/stdout, for GUIs and
// scripts. Output is flushed after every answer so that a client can wait for it.

#include <cstdio>
#include <iostream>
#include <string>

#include "cli/command.h"
#include "cli/engine_session.h"

namespace pamir::cli {
namespace {

void run_engine() {
  EngineSession session;
  for (std::string line; !session.finished() && std::getline(std::cin, line);) {
    for (const std::string& out : session.handle(line)) std::fputs((out + "\n").c_str(), stdout);
    std::fflush(stdout);
  }
}

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("engine", "Line protocol on stdin/stdout (see docs/engine-protocol.md)");
  cmd->callback(run_engine);
});

}  // namespace
}  // namespace pamir::cli
