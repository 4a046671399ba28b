#pragma once
// Self-play's share of `pamir bench`: NN-guided ISMCTS simulations per second in self-play
// (selfplay/worker.h with a net evaluator of random weights: speed does not depend on what
// the weights say): the default net on the default inference path on 1 and 2 threads, to
// show how it scales, and the shipped nets' sizes on each CPU inference path on 1 thread.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "nets/inference_path.h"
#include "nets/weights.h"

namespace pamir::bench::inline PAMIR_RULESET {

struct SelfPlayBenchCase {
  int threads = 0;
  long simulations = 0;  // search iterations of completed searches
  long leaves = 0, evaluator_calls = 0;
  double wall_seconds = 0, cpu_seconds = 0;
  double per_second() const { return wall_seconds > 0 ? simulations / wall_seconds : 0; }
  // Per second of processor time: one core's rate even when the machine is shared.
  double per_cpu_second() const { return cpu_seconds > 0 ? simulations / cpu_seconds : 0; }
};

struct SelfPlayBenchReport {
  int width = 0, blocks = 0, players = 0, games_per_worker = 0, leaves_per_search = 0;
  std::string inference;
  std::vector<SelfPlayBenchCase> cases;
};

SelfPlayBenchReport run_selfplay_bench(double seconds_per_case, const std::vector<int>& threads = {1, 2},
                                       const nets::NetConfig& net = {},
                                       nets::InferencePath inference = nets::kDefaultInference);

// The net sizes self-play is measured at, each on every CPU path: the shipped nets' (128x1,
// models/README.md) and the quickstart recipes' (64x1, configs/quickstart*.cfg).
constexpr nets::NetConfig kMeasuredNetSizes[] = {{128, 1}, {64, 1}};
// One report per measured size and CPU path (nets::kCpuInferencePaths), 1 thread each.
std::vector<SelfPlayBenchReport> run_selfplay_by_net(double seconds_per_case);
// {"128x1": {"f32": simulations per processor second, "bf16": ...}, ...}
nlohmann::json selfplay_by_net_json(const std::vector<SelfPlayBenchReport>& reports);
// {"width", "blocks", "inference", "players", "games_per_worker", "leaves_per_search", "threads": {"1":
// {"simulations_per_s", "simulations_per_cpu_s", "per_core", "leaves_per_call", ...}, ...},
// "scaling_1_to_2"}
nlohmann::json selfplay_report_json(const SelfPlayBenchReport& report);
std::string selfplay_report_text(const SelfPlayBenchReport& report);

}  // namespace pamir::bench::inline PAMIR_RULESET
