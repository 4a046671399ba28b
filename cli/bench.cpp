// `pamir bench`: single-thread random-game throughput and the engine signature of the game
// (the measuring is the game's: games::Game::bench_json and bench_text).

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/command.h"

namespace pamir::cli {
namespace {

const bool bench_registered = register_command("bench", [](CLI::App& app) {
  auto* cmd =
      app.add_subcommand("bench", "Measure random-game speed on one thread; print the engine signature");
  struct Flags {
    bool json = false;
    games::BenchRequest request{.max_games = 1000000};
  };
  auto flags = std::make_shared<Flags>();
  cmd->add_flag("--json", flags->json, "Print one JSON object");
  cmd->add_option("--games", flags->request.max_games, "Most games per player count")
      ->check(CLI::Range(1L, 1000000000L));
  cmd->add_option("--seconds", flags->request.seconds,
                  "Most seconds per player count, for each way of picking actions (from the list, sampled)")
      ->check(CLI::Range(0.001, 3600.0));
  cmd->add_option("--players", flags->request.players,
                  "Only the random games of this player count (no search, net or self-play measures)");
  cmd->callback([flags] {
    const games::Game& game = selected_game();
    const int players = flags->request.players;
    if (players != 0 && (players < game.min_players() || players > game.max_players()))
      throw CommandError("--players must be " + std::to_string(game.min_players()) + " to " +
                         std::to_string(game.max_players()) + ", got " + std::to_string(players));
    std::string out;
    try {
      out = flags->json ? game.bench_json(flags->request) + "\n" : game.bench_text(flags->request);
    } catch (const std::runtime_error& e) {
      throw CommandError(e.what());
    }
    std::fputs(out.c_str(), stdout);
  });
});

}  // namespace
}  // namespace pamir::cli
