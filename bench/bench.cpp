#include "bench/bench.h"

#include <fmt/printf.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "nets/shipped_models.h"
#include "search/agent.h"

namespace pamir::bench::inline PAMIR_RULESET {
namespace {

// Folds one value into the signature (the same mixing as a hash of a sequence of words).
std::uint64_t fold(std::uint64_t h, std::uint64_t v) {
  std::uint64_t r = h ^ v;
  return core::next_random(r);
}

// The fixed signature workload: perft reaches a few decisions past the loyalty round (about
// 0.1 s in all), and ten random games per player count cover whole games.
struct PerftCase {
  int players;
  core::u64 seed;
  int depth;
};
constexpr PerftCase kSignaturePerft[] = {{2, 1, 7}, {3, 2, 8}, {4, 3, 8}, {5, 4, 9}};
constexpr int kSignatureGamesPerCount = 10;

}  // namespace

int play_random_game(int num_players, core::u64 seed, core::State* final, RandomPick pick) {
  core::State s = core::new_game(num_players, seed);
  core::u64 rng = seed ^ 0xD1B54A32D192ED03ull;  // the move stream differs from the deal's
  int decisions = 0;
  while (!s.game_over()) {
    if (decisions == kMaxDecisionsPerGame)
      throw std::runtime_error("random game (" + std::to_string(num_players) + " players, seed " +
                               std::to_string(seed) + ") did not end within " +
                               std::to_string(kMaxDecisionsPerGame) + " decisions");
    if (pick == RandomPick::kSampled) {
      core::apply(s, core::random_action(s, rng));
    } else {
      core::Action legal[core::kMaxLegalActions];
      const int n = core::legal_actions(s, legal);
      core::apply(s, legal[core::random_below(rng, n)]);
    }
    ++decisions;
  }
  if (final) *final = s;
  return decisions;
}

std::uint64_t signature() {
  std::uint64_t h = 0;
  for (const PerftCase& c : kSignaturePerft)  // those of the player counts the game has
    if (c.players >= core::kMinPlayers && c.players <= core::kMaxPlayers)
      h = fold(h, perft(core::new_game(c.players, c.seed), c.depth));
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players)
    for (core::u64 seed = 1; seed <= kSignatureGamesPerCount; ++seed) {
      core::State final;
      h = fold(h, std::uint64_t(play_random_game(players, seed, &final)));
      h = fold(h, core::full_key(final));
    }
  return h;
}

namespace {

// Random games of one player count, seeded 1, 2, 3, ..., until either limit of the options.
PlayerCountStats time_random_games(int players, RandomPick pick, const BenchOptions& options) {
  using Clock = std::chrono::steady_clock;
  PlayerCountStats stats;
  const auto wall_start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  do {
    stats.decisions += play_random_game(players, core::u64(stats.games + 1), nullptr, pick);
    ++stats.games;
    stats.wall_seconds = std::chrono::duration<double>(Clock::now() - wall_start).count();
  } while (stats.games < options.max_games && stats.wall_seconds < options.max_seconds);
  stats.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return stats;
}

nlohmann::json stats_json(const PlayerCountStats& stats) {
  return {
      {"games", stats.games},
      {"cpu_seconds", stats.cpu_seconds},
      {"wall_seconds", stats.wall_seconds},
      {"games_per_s", stats.games_per_s()},
      {"decisions_per_s", stats.decisions_per_s()},
      {"mean_decisions_per_game", stats.mean_decisions_per_game()},
  };
}

}  // namespace

BenchReport run_bench(const BenchOptions& options) {
  BenchReport report;
  report.state_bytes = sizeof(core::State);
  report.signature = signature();
  report.random_games_only = options.only_players != 0;
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players) {
    if (report.random_games_only && players != options.only_players) continue;
    report.by_players[players] = time_random_games(players, RandomPick::kListed, options);
    report.sampled_by_players[players] = time_random_games(players, RandomPick::kSampled, options);
  }
  if (report.random_games_only) return report;
  report.ismcts_rollout = measure_ismcts("eval=rollout", 3, options);
  report.ismcts_heuristic = measure_ismcts("eval=heuristic", 3, options);
  // The shipped net of the game's smallest table (every game ships one).
  if (std::filesystem::exists(nets::shipped_model_path(core::kGameKey, core::kMinPlayers))) {
    for (const nets::InferencePath path : nets::kCpuInferencePaths) {
      const std::string name = nets::inference_path_name(path);
      report.ismcts_best_by_inference.emplace_back(
          name, measure_ismcts(std::string(search::kBestAgentOptions) + ",infer=" + name, core::kMinPlayers,
                               options));
      // `best` as it plays: its options leave infer at the default.
      if (path == nets::kDefaultInference) report.ismcts_best = report.ismcts_best_by_inference.back().second;
    }
  }
  report.net = run_net_bench(options.net);
  report.selfplay = run_selfplay_bench(options.selfplay_seconds);
  report.selfplay_by_net = run_selfplay_by_net(options.selfplay_seconds);
  return report;
}

std::string report_json(const BenchReport& report) {
  nlohmann::json j;
  j["state_bytes"] = report.state_bytes;
  j["signature"] = core::to_hex(report.signature);
  nlohmann::json& by_players = j["players"];
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players) {
    const PlayerCountStats& stats = report.by_players[players];
    if (stats.games == 0) continue;  // not measured (random_games_only)
    nlohmann::json& entry = by_players[std::to_string(players)] = stats_json(stats);
    entry["sampled"] = stats_json(report.sampled_by_players[players]);
  }
  if (report.random_games_only) return j.dump();
  j["ismcts_rollout_iters_per_s"] = report.ismcts_rollout.iters_per_s();
  j["ismcts_heuristic_iters_per_s"] = report.ismcts_heuristic.iters_per_s();
  j["ismcts_best_iters_per_s"] =
      report.ismcts_best.iterations > 0 ? nlohmann::json(report.ismcts_best.iters_per_s()) : nlohmann::json();
  for (const auto& [name, speed] : report.ismcts_best_by_inference)
    j["ismcts_best_iters_per_s_by_inference"][name] = speed.iters_per_s();
  j["net"] = net_report_json(report.net);
  j["net"]["selfplay"] = selfplay_report_json(report.selfplay);
  j["net"]["selfplay_by_net"] = selfplay_by_net_json(report.selfplay_by_net);
  return j.dump();
}

std::string report_text(const BenchReport& report) {
  std::string out;
  out += fmt::sprintf("state_bytes %zu\nsignature %s\n", report.state_bytes,
                      core::to_hex(report.signature).c_str());
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players) {
    const PlayerCountStats& stats = report.by_players[players];
    if (stats.games == 0) continue;  // not measured (random_games_only)
    const PlayerCountStats& sampled = report.sampled_by_players[players];
    out += fmt::sprintf(
        "players %d: %.0f games/s, %.0f decisions/s, %.1f decisions/game "
        "(%ld games, %.2f s processor, %.2f s wall); sampled: %.0f games/s, %.0f decisions/s, "
        "%.1f decisions/game (%ld games)\n",
        players, stats.games_per_s(), stats.decisions_per_s(), stats.mean_decisions_per_game(), stats.games,
        stats.cpu_seconds, stats.wall_seconds, sampled.games_per_s(), sampled.decisions_per_s(),
        sampled.mean_decisions_per_game(), sampled.games);
  }
  if (report.random_games_only) return out;
  for (const auto& [name, speed] :
       {std::pair{"rollout", &report.ismcts_rollout}, {"heuristic", &report.ismcts_heuristic}}) {
    out += fmt::sprintf("ismcts %s: %.0f iterations/s (3-player opening, %ld iterations, %.2f s processor)\n",
                        name, speed->iters_per_s(), speed->iterations, speed->cpu_seconds);
  }
  if (report.ismcts_best.iterations > 0) {
    out += fmt::sprintf(
        "ismcts best (shipped %d-player net, %s): %.0f iterations/s (%d-player opening, %ld iterations)\n",
        core::kMinPlayers, search::kBestAgentOptions, report.ismcts_best.iters_per_s(), core::kMinPlayers,
        report.ismcts_best.iterations);
    for (const auto& [name, speed] : report.ismcts_best_by_inference)
      out += fmt::sprintf("ismcts best, infer=%s: %.0f iterations/s\n", name.c_str(), speed.iters_per_s());
  }
  out += net_report_text(report.net);
  out += selfplay_report_text(report.selfplay);
  for (const SelfPlayBenchReport& r : report.selfplay_by_net) out += selfplay_report_text(r);
  return out;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
