// pamir: the command-line tool. Picks the game from --game (default Pax Pamir) and hands the
// command line to that game's commands (cli/games.h): cli/ is compiled once per ruleset, each
// command in its own cli/<command>.cpp, registered with cli/command.h.

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "cli/games.h"
#include "io/games.h"
#include "selfplay/config_lines.h"

namespace {

using pamir::cli::GameTool;

const GameTool* const kTools[] = {&pamir::cli::pax_pamir::kTool, &pamir::cli::pax_expanse::kTool};

// The value of the first option `name` (as `name VALUE` or `name=VALUE`) on the command line.
std::optional<std::string_view> option_value(int argc, char** argv, std::string_view name) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == name) return i + 1 < argc ? argv[i + 1] : "";
    if (arg.starts_with(name) && arg.substr(name.size()).starts_with("=")) return arg.substr(name.size() + 1);
  }
  return std::nullopt;
}

// The command: the first argument that is neither an option nor --game's value.
std::string_view command_argument(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--game") ++i;
    else if (!arg.starts_with("-")) return arg;
  }
  return "";
}

// The config file a command runs: --config's, or the saved one of the run `train --resume`
// continues (--out's config.cfg, training/train_loop.h).
std::optional<std::string> config_argument(int argc, char** argv, std::string_view command) {
  if (const auto config = option_value(argc, argv, "--config")) return std::string(*config);
  const bool resume = std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string_view(a) == "--resume"; });
  if (command == "train" && resume)
    if (const auto out = option_value(argc, argv, "--out")) return std::string(*out) + "/config.cfg";
  return std::nullopt;
}

// The game: --game's, else for `pamir train` and `pamir selfplay` their config's key `game`,
// else Pax Pamir. A config that cannot be read is the command's to report.
std::string game_argument(int argc, char** argv) {
  if (const auto game = option_value(argc, argv, "--game")) return std::string(*game);
  // The commands that run a config file.
  if (const std::string_view command = command_argument(argc, argv); command == "train" || command == "selfplay")
    if (const auto config = config_argument(argc, argv, command)) {
      // A folder or an unreadable file: the command reports it.
      std::ifstream in{*config};
      std::string text;
      try {
        text.assign(std::istreambuf_iterator<char>(in), {});
      } catch (const std::ios_base::failure&) {
      }
      const std::string game = pamir::selfplay::config_game(text);
      if (!game.empty()) return game;
    }
  return std::string(pamir::io::kDefaultGame);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string key = game_argument(argc, argv);
  std::string keys;
  for (const GameTool* tool : kTools) keys += (keys.empty() ? "" : ", ") + std::string(tool->key);
  const GameTool* tool = nullptr;
  for (const GameTool* t : kTools)
    if (key == t->key) tool = t;
  if (!tool) {
    // `--game N` picked a tournament's game before there were games to pick: say where it went.
    const bool number = !key.empty() && key.find_first_not_of("0123456789") == std::string_view::npos;
    // Shown with its control characters escaped, so that the error stays one line.
    std::string shown;
    for (const char c : key.substr(0, 64)) shown += std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : "?";
    std::fprintf(stderr, "error: --game: unknown game '%s' (games: %s)%s\n", shown.c_str(), keys.c_str(),
                 number ? "; a tournament's game is chosen with --index N" : "");
    return 2;
  }
  // A command that another game has but this one does not (`serve` is Pax Pamir's only).
  if (const std::string command(command_argument(argc, argv)); !command.empty() && !tool->has_command(command)) {
    for (const GameTool* other : kTools)
      if (other->has_command(command)) {
        std::fprintf(stderr, "error: pamir %s plays %s only, not %s (--game %s)\n", command.c_str(), other->name,
                     tool->name, tool->key);
        return 2;
      }
  }
  return tool->main(argc, argv);
}
