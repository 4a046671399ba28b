// `pamir serve`: the board in the browser (docs/board.md): replays of records and tournament
// games, and games against agents played by clicking, of the game --game names.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "cli/command.h"
#include "web/board_server.h"
#include "web/board_sessions.h"

namespace pamir::cli {
namespace {

struct ServeFlags {
  web::ServeOptions options;
  std::string open_path;
  long game = -1;
  std::vector<std::string> roots;
  bool allow_external = false;
};

void run_serve(const ServeFlags& f) {
  web::PageAccess access;
  access.external_agents = f.allow_external;
  for (const std::string& root : f.roots) {
    std::error_code error;
    const auto folder = std::filesystem::canonical(root, error);
    if (error || !std::filesystem::is_directory(folder))
      throw CommandError("--root " + root + ": not a folder");
    access.roots.push_back(folder);
  }
  // Each tab gets its own session; each starts showing the --open file.
  std::unique_ptr<web::BoardSessions> sessions;
  std::unique_ptr<web::BoardServer> server;
  try {
    sessions = std::make_unique<web::BoardSessions>(selected_game(), access, f.open_path, f.game);
    server = std::make_unique<web::BoardServer>(*sessions, f.options);
  } catch (const std::runtime_error& e) {
    throw CommandError(e.what());
  }
  // The token is part of the URL, as Jupyter's: the page reads it and sends it back.
  const bool any = f.options.host == "0.0.0.0" || f.options.host == "::";
  const std::string host = any                                             ? "127.0.0.1"
                           : f.options.host.find(':') != std::string::npos ? "[" + f.options.host + "]"
                                                                           : f.options.host;
  std::printf("serving the board on http://%s:%d/?token=%s (Ctrl-C stops)\n", host.c_str(), server->port(),
              server->token().c_str());
  std::fflush(stdout);
  server->run();
}

const bool serve_registered = register_command("serve", [](CLI::App& app) {
  auto* cmd =
      app.add_subcommand("serve", "Serve the board in a web browser: replays and games against agents");
  auto flags = std::make_shared<ServeFlags>();
  cmd->add_option("--port", flags->options.port, "Port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option(
         "--host", flags->options.host,
         "Address to bind (the page starts agents and reads files: keep it local; docs/board.md, Security)")
      ->capture_default_str();
  cmd->add_option("--allow-host", flags->options.host_names,
                  "A further name the server is reached by (Host and Origin are checked against these)");
  cmd->add_option("--root", flags->roots,
                  "A folder under which the page may open files (repeatable; default none)");
  cmd->add_flag("--allow-external", flags->allow_external,
                "Let the page seat external:<command> agents (starts programs; off by default)");
  auto* open = cmd->add_option("--open", flags->open_path,
                               "A game record, or a tournament's games.jsonl, to show at start");
  cmd->add_option("--index", flags->game,
                  "With --open of a games.jsonl: the game's index (default: the first line's)")
      ->check(CLI::NonNegativeNumber)
      ->needs(open);
  cmd->callback([flags] { run_serve(*flags); });
});

}  // namespace
}  // namespace pamir::cli
