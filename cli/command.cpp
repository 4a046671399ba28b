#include "cli/command.h"

#include <cstdio>
#include <exception>

#include "bench/bench.h"
#include "cli/games.h"
#include "core/hash.h"
#include "dist/job_run.h"
#include "dist/worker.h"
#include "io/games.h"
#include "pamir_commit.h"

namespace pamir::cli::inline PAMIR_RULESET {

std::vector<CommandSetup>& command_registry() {
  static std::vector<CommandSetup> registry;  // built during static initialization
  return registry;
}

std::string version_line() {
  return std::string("pamir ") + PAMIR_VERSION + ", commit " + PAMIR_COMMIT + ", bench signature " +
         core::to_hex(bench::signature());
}

void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
  app.require_subcommand(1);
  app.set_version_flag("--version", std::function<std::string()>(version_line));
  app.option_defaults()->always_capture_default();  // --help shows every option's default

  // main.cpp has picked this game from --game already; the option is declared here, for
  // every command at once, so that each accepts it and its --help shows it.
  std::string games;
  for (const io::KnownGame& g : io::kKnownGames) games += (games.empty() ? "" : "|") + std::string(g.key);
  const auto add_game_option = [&](CLI::App& to) {
    to.add_option("--game")
        ->description("The game: " + games + " (default " + std::string(io::kDefaultGame) + ")")
        ->type_name("GAME")
        ->check(CLI::Validator(
            [](std::string& value) -> std::string {
              return value == core::kGameKey ? "" : "was given twice, for different games";
            },
            ""));
  };
  add_game_option(app);
  for (auto& setup : command_registry()) setup(app);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) add_game_option(*sub);
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      found = found || sub->get_name() == argv[1];
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    if (!found) throw CommandError("unknown command '" + std::string(argv[1]) + "' (commands: " + known + ")");
  }
  app.parse(argc, argv);
}

namespace {

int run_command(int argc, char** argv) {
  CLI::App app{"pamir: a Pax Pamir (Second Edition) and Pax Expanse engine, search and self-play framework"};
  try {
    parse_command_line(app, argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;  // usage errors
  } catch (const ExitStatus& e) {
    return e.status;
  } catch (const std::exception& e) {  // CommandError and library errors (files, formats)
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}

// Under mpirun (or srun) every rank but 0 serves rank 0's jobs instead (dist/worker.h): only
// rank 0 reads the command line, and it tells the others to stop when its command ends. Every
// rank reads --game from its own (identical) command line, so all serve the same game.
int game_main(int argc, char** argv) {
  dist::Cluster& cluster = dist::Cluster::instance();
  if (!cluster.is_root()) return dist::serve_jobs(cluster);
  const int status = run_command(argc, argv);
  if (cluster.size() > 1) {
    // A failed command may leave workers inside a job: end the whole MPI job at once.
    if (status != 0) cluster.abort(status);
    dist::stop_workers(cluster);
  }
  return status;
}

bool has_command(std::string_view command) {
  CLI::App app;
  for (auto& setup : command_registry()) setup(app);
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    if (sub->get_name() == command) return true;
  return false;
}

}  // namespace

const GameTool kTool{core::kGameKey, io::game_name(core::kGameKey).data(), game_main, has_command};

}  // namespace pamir::cli
