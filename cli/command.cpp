#include "cli/command.h"

#include <cinttypes>
#include <cstdio>
#include <exception>

#include "dist/cluster.h"
#include "dist/job_run.h"
#include "dist/worker.h"
#include "games/registry.h"
#include "io/games.h"
#include "pamir_commit.h"

namespace pamir::cli {
namespace {

// What the command line's --game said, for selected_game(): set by the option's callback while
// parse_command_line runs, and cleared when it starts (the tests parse many command lines).
struct GameChoice {
  bool given = false;
  std::string key;
};
GameChoice& game_choice() {
  static GameChoice choice;
  return choice;
}

// --game's value: a game's key, the same wherever it is given (before the command and after it).
void choose_game(const std::string& key) {
  GameChoice& choice = game_choice();
  try {
    games::game(key);
  } catch (const std::invalid_argument& e) {
    // `--game N` picked a tournament's game before there were games to pick: say where it went.
    const bool number = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
    throw CLI::ValidationError(
        "--game", e.what() + std::string(number ? "; a tournament's game is chosen with --index N" : ""));
  }
  if (choice.given && choice.key != key)
    throw CLI::ValidationError("--game", "was given twice, for different games");
  choice = {true, key};
}

std::string hex(games::u64 value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, value);
  return text;
}

// The games' names, "Pax Pamir and ...".
std::string game_names() {
  std::string names;
  const auto all = games::all_games();
  for (size_t i = 0; i < all.size(); ++i)
    names += (i == 0 ? "" : i + 1 == all.size() ? " and " : ", ") + std::string(all[i]->name());
  return names;
}

int run_parsed_command(int argc, char** argv) {
  CLI::App app{"pamir: an engine, search and self-play framework for " + game_names()};
  try {
    parse_command_line(app, argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
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

}  // namespace

io::NameRegistry<CommandSetup>& command_registry() {
  static io::NameRegistry<CommandSetup> registry;  // built during static initialization
  return registry;
}

std::string version_line() {
  std::string signatures;
  for (const games::Game* g : games::all_games())
    signatures += (signatures.empty() ? "" : ", ") + std::string(g->key()) + " " + hex(g->bench_signature());
  return std::string("pamir ") + PAMIR_VERSION + ", commit " + PAMIR_COMMIT + ", bench signatures " +
         signatures;
}

std::string seat_ranges() {
  std::string ranges;
  for (const games::Game* g : games::all_games())
    ranges += (ranges.empty() ? "" : ", ") + std::string(g->key()) + " " + g->seat_range();
  return ranges;
}

void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
  game_choice() = {};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::function<std::string()>(version_line));
  app.option_defaults()->always_capture_default();  // --help shows every option's default

  // Declared for the tool and for every command, so that it may stand before the command or
  // after it, and each command's --help shows it.
  std::string keys;
  for (const games::Game* g : games::all_games()) keys += (keys.empty() ? "" : "|") + std::string(g->key());
  const auto add_game_option = [&](CLI::App& to) {
    to.add_option_function<std::string>(
          "--game", choose_game,
          "The game: " + keys + " (default " + std::string(games::default_game().key()) + ")")
        ->type_name("GAME");
  };
  add_game_option(app);
  for (const std::string& name : command_registry().names()) command_registry().find(name)(app);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) add_game_option(*sub);
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      found = found || sub->get_name() == argv[1];
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    if (!found)
      throw CommandError("unknown command '" + std::string(argv[1]) + "' (commands: " + known + ")");
  }
  app.parse(argc, argv);
}

const games::Game& selected_game() {
  const GameChoice& choice = game_choice();
  return choice.given ? games::game(choice.key) : games::default_game();
}

bool game_given() { return game_choice().given; }

const games::Game& game_of_config(const std::string& config_game, const std::string& config_name) {
  if (!game_given()) return config_game.empty() ? games::default_game() : games::game(config_game);
  const games::Game& game = selected_game();
  if (!config_game.empty())
    if (const std::string other = io::other_game(config_game, game.key(), "config"); !other.empty())
      throw CommandError(config_name + " " + other);
  return game;
}

// Under mpirun (or srun) every rank but 0 serves rank 0's jobs instead (dist/worker.h): only
// rank 0 reads the command line, and it tells the others to stop when its command ends.
int run_command(int argc, char** argv) {
  dist::Cluster& cluster = dist::Cluster::instance();
  if (!cluster.is_root()) return dist::serve_jobs(cluster);
  const int status = run_parsed_command(argc, argv);
  if (cluster.size() > 1) {
    // A failed command may leave workers inside a job: end the whole MPI job at once.
    if (status != 0) cluster.abort(status);
    dist::stop_workers(cluster);
  }
  return status;
}

}  // namespace pamir::cli
