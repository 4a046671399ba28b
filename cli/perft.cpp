// `pamir perft`: counts the action sequences of a given length from a new game's start,
// optionally split by first action, with the time taken.

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "bench/bench.h"
#include "cli/command.h"
#include "core/actions.h"
#include "core/game.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

constexpr int kMaxPerftDepth = 12;

void run_perft(int players, core::u64 seed, int depth, bool divide) {
  if (players < core::kMinPlayers || players > core::kMaxPlayers)
    throw CommandError("--players must be " + io::seat_range() + ", got " + std::to_string(players));
  if (depth < 0 || depth > kMaxPerftDepth)
    throw CommandError("--depth must be 0 to " + std::to_string(kMaxPerftDepth) + ", got " +
                       std::to_string(depth));
  const core::State start = core::new_game(players, seed);
  const auto begin = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (divide && depth > 0) {
    core::Action legal[core::kMaxLegalActions];
    const int n = core::legal_actions(start, legal);
    for (int i = 0; i < n; ++i) {
      core::State next = start;
      core::apply(next, legal[i]);
      const std::uint64_t count = bench::perft(next, depth - 1);
      std::printf("%s: %llu\n", core::action_name(start, legal[i]).c_str(),
                  static_cast<unsigned long long>(count));
      total += count;
    }
  } else {
    total = bench::perft(start, depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::printf("perft(players %d, seed %llu, depth %d) = %llu\n", players,
              static_cast<unsigned long long>(seed), depth, static_cast<unsigned long long>(total));
  std::printf("time %.6f s, %.0f nodes/s\n", seconds, seconds > 0 ? total / seconds : 0.0);
}

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count action sequences from the start of a new game");
  struct Flags {
    int players = 3;
    core::u64 seed = 1;
    int depth = 3;
    bool divide = false;
  };
  auto flags = std::make_shared<Flags>();
  cmd->add_option("--players", flags->players, "Number of players (" + io::seat_range() + ")");
  cmd->add_option("--seed", flags->seed, "Deal seed")->check(seed_validator());
  cmd->add_option("--depth", flags->depth, "Number of decisions (0-12)");
  cmd->add_flag("--divide", flags->divide, "Print the count below each first action");
  cmd->callback([flags] { run_perft(flags->players, flags->seed, flags->depth, flags->divide); });
});

}  // namespace
}  // namespace pamir::cli
