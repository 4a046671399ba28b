// `pamir serve`: the board in the browser (docs/board.md): replays of records and tournament
// games, and games against agents played by clicking.

#include <cstdio>
#include <memory>
#include <string>

#include "cli/command.h"
#include "web/board_server.h"
#include "web/board_session.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

struct ServeFlags {
  web::ServeOptions options;
  std::string open_path;
  long game = -1;
};

void run_serve(const ServeFlags& f) {
  web::BoardSession session;
  if (!f.open_path.empty()) {
    try {
      session.open(f.open_path, f.game);
    } catch (const std::runtime_error& e) {
      throw CommandError(e.what());
    }
  }
  try {
    web::serve(session, f.options, [&](int port) {
      std::printf("serving the board on http://%s:%d/ (Ctrl-C stops)\n", f.options.host.c_str(), port);
      std::fflush(stdout);
    });
  } catch (const std::runtime_error& e) {
    throw CommandError(e.what());
  }
}

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the board in a web browser: replays and games against agents");
  auto flags = std::make_shared<ServeFlags>();
  cmd->add_option("--port", flags->options.port, "Port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--host", flags->options.host,
                  "Address to bind (the page starts agents and reads files: keep it local)")
      ->capture_default_str();
  auto* open = cmd->add_option("--open", flags->open_path,
                               "A game record, or a tournament's games.jsonl, to show at start");
  cmd->add_option("--index", flags->game, "With --open of a games.jsonl: the game's index (default: the first line's)")
      ->check(CLI::NonNegativeNumber)
      ->needs(open);
  cmd->callback([flags] { run_serve(*flags); });
});

}  // namespace
}  // namespace pamir::cli
