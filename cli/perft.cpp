// `pamir perft`: counts the action sequences of a given length from a new game's start,
// optionally split by first action, with the time taken.

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "cli/command.h"

namespace pamir::cli {
namespace {

constexpr int kMaxPerftDepth = 12;

void run_perft(const games::Game& game, int players, games::u64 seed, int depth, bool divide) {
  if (players < game.min_players() || players > game.max_players())
    throw CommandError("--players must be " + game.seat_range() + ", got " + std::to_string(players));
  if (depth < 0 || depth > kMaxPerftDepth)
    throw CommandError("--depth must be 0 to " + std::to_string(kMaxPerftDepth) + ", got " +
                       std::to_string(depth));
  const auto begin = std::chrono::steady_clock::now();
  const games::PerftResult result = game.perft(players, seed, depth, divide);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  for (const auto& [action, count] : result.by_first_action)
    std::printf("%s: %llu\n", action.c_str(), static_cast<unsigned long long>(count));
  std::printf("perft(players %d, seed %llu, depth %d) = %llu\n", players,
              static_cast<unsigned long long>(seed), depth, static_cast<unsigned long long>(result.total));
  std::printf("time %.6f s, %.0f nodes/s\n", seconds, seconds > 0 ? result.total / seconds : 0.0);
}

const bool perft_registered = register_command("perft", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count action sequences from the start of a new game");
  struct Flags {
    int players = 3;
    games::u64 seed = 1;
    int depth = 3;
    bool divide = false;
  };
  auto flags = std::make_shared<Flags>();
  cmd->add_option("--players", flags->players, "Number of players (" + seat_ranges() + ")");
  cmd->add_option("--seed", flags->seed, "Deal seed")->check(seed_validator());
  cmd->add_option("--depth", flags->depth, "Number of decisions (0-12)");
  cmd->add_flag("--divide", flags->divide, "Print the count below each first action");
  cmd->callback(
      [flags] { run_perft(selected_game(), flags->players, flags->seed, flags->depth, flags->divide); });
});

}  // namespace
}  // namespace pamir::cli
