#pragma once
// perft and the measurements printed by `pamir bench`.

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bench/net_bench.h"
#include "bench/selfplay_bench.h"
#include "core/state.h"

namespace pamir::bench::inline PAMIR_RULESET {

// Number of action sequences of length depth from s (leaves at depth, or earlier game ends).
std::uint64_t perft(const core::State& s, int depth);

// How a random game picks each action, uniformly among the legal ones either way: from the
// list legal_actions writes (what search and perft use: the engine's whole move generation),
// or with core::random_action, which checks card actions' feasibility only as far as its draw
// needs (what random playouts use). The two play different games from one seed.
enum class RandomPick { kListed, kSampled };

// Plays one uniformly random game of new_game(num_players, seed) to the end, with a random
// stream derived from seed; returns the number of decisions (applied actions) and leaves
// the final position in *final when given. Throws std::runtime_error if the game does not
// end within kMaxDecisionsPerGame decisions (an engine bug: games are finite).
constexpr int kMaxDecisionsPerGame = 100000;
int play_random_game(int num_players, core::u64 seed, core::State* final = nullptr,
                     RandomPick pick = RandomPick::kListed);

// A deterministic fingerprint of engine behaviour: perft counts from a few start positions
// and the final full_key and length of a fixed set of seeded random games for every player
// count. It changes whenever a rule change alters any legal set or outcome, and depends on
// nothing else (no timing, no options).
std::uint64_t signature();

struct BenchOptions {
  // Per player count, games are played until either limit is reached (at least one game);
  // the time limit is on wall time.
  long max_games = 1000000;
  double max_seconds = 3.0;
  NetBenchOptions net;
  double selfplay_seconds = 2.0;  // per thread count of the self-play measurement
  // Non-zero: the random games of this player count only, and no search, net or self-play
  // measurement (a quick number, and the one scripts/bench-reference compares).
  int only_players = 0;
};

// Rates are per second of processor time of this (single-threaded) process, so that they
// measure one core's throughput even on a loaded machine; wall time is kept alongside.
struct PlayerCountStats {
  long games = 0;
  long decisions = 0;
  double cpu_seconds = 0;
  double wall_seconds = 0;
  double games_per_s() const { return cpu_seconds > 0 ? games / cpu_seconds : 0; }
  double decisions_per_s() const { return cpu_seconds > 0 ? decisions / cpu_seconds : 0; }
  double mean_decisions_per_game() const { return double(decisions) / games; }
};

// ISMCTS speed: iterations per second of processor time, searching the 3-player opening.
struct SearchSpeed {
  long searches = 0;
  long iterations = 0;
  double cpu_seconds = 0;
  double wall_seconds = 0;
  double iters_per_s() const { return cpu_seconds > 0 ? iterations / cpu_seconds : 0; }
};
// Searches of kSearchSpeedIters iterations from the first turn of new_game(players, 1)
// (loyalties chosen) with the ISMCTS options of an agent spec ("eval=rollout",
// search::kBestAgentOptions; iters and reuse are overridden), repeated until either limit
// of options is reached (at least one).
constexpr int kSearchSpeedIters = 500;
SearchSpeed measure_ismcts(const std::string& search_options, int players, const BenchOptions& options);

struct BenchReport {
  std::size_t state_bytes = 0;
  std::uint64_t signature = 0;
  // Random games by player count, picked from the legal list and sampled (RandomPick);
  // entries below kMinPlayers are unused.
  std::array<PlayerCountStats, core::kMaxPlayers + 1> by_players{}, sampled_by_players{};
  SearchSpeed ismcts_rollout, ismcts_heuristic;  // 3 players
  // The shipped 2-player agent "best" (net and heuristic blend); no iterations when
  // models/ has no 2-player net.
  SearchSpeed ismcts_best;
  // The same on each CPU inference path (infer=...), in nets::kCpuInferencePaths' order.
  std::vector<std::pair<std::string, SearchSpeed>> ismcts_best_by_inference;
  NetBenchReport net;
  SelfPlayBenchReport selfplay;
  std::vector<SelfPlayBenchReport> selfplay_by_net;
  bool random_games_only = false;  // BenchOptions::only_players: no search, net or self-play
};

// Measures random-game throughput on the calling thread, 2 to 5 players, each way of picking
// (each for the options' limits), and ISMCTS speed, and computes the signature. The games are seeded 1, 2, 3,
// ... so that every run plays the same games.
BenchReport run_bench(const BenchOptions& options);

// The report as one JSON object: {"state_bytes", "signature" (hex string), "players":
// {"2": {"decisions_per_s", "games_per_s", "mean_decisions_per_game", "games",
// "cpu_seconds", "wall_seconds", "sampled": {the same keys, for RandomPick::kSampled}}, ...},
// "ismcts_rollout_iters_per_s", "ismcts_heuristic_iters_per_s", "ismcts_best_iters_per_s" (null without a
// shipped net), "ismcts_best_iters_per_s_by_inference" ({"bf16": ..., ...}; absent without one), "net":
// net_report_json with "selfplay": selfplay_report_json and "selfplay_by_net":
// selfplay_by_net_json}. With random_games_only, "players" holds the one player count
// measured and the search and net keys are absent.
std::string report_json(const BenchReport& report);
// The report as readable text, one line per fact.
std::string report_text(const BenchReport& report);

}  // namespace pamir::bench::inline PAMIR_RULESET
