#include "bench/selfplay_bench.h"

#include <fmt/printf.h>

#include <omp.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>

#include "nets/encoder.h"
#include "nets/net_evaluator.h"
#include "nets/weights.h"
#include "selfplay/config.h"
#include "selfplay/worker.h"

namespace pamir::bench::inline PAMIR_RULESET {

SelfPlayBenchReport run_selfplay_bench(double seconds, const std::vector<int>& thread_counts,
                                       const nets::NetConfig& net, nets::InferencePath inference) {
  // The defaults: full and fast searches, 16 games per worker, the game's fewest seats.
  selfplay::TrainConfig config;
  config.game = core::kGameKey;
  config.players = core::kMinPlayers;
  auto weights = std::make_shared<const nets::NetWeights>(nets::random_weights(nets::net_shape(), net, 1));
  nets::NetEvaluatorOptions evaluator_options;
  evaluator_options.inference = inference;
  SelfPlayBenchReport report{net.width,
                             net.blocks,
                             config.players,
                             config.games_per_worker,
                             config.leaves_per_search,
                             nets::inference_path_name(inference),
                             {}};
  for (int threads : thread_counts) {
    SelfPlayBenchCase c;
    c.threads = threads;
    std::atomic<bool> stop{false};
    std::atomic<long> next_game{0};
    std::mutex mutex;
    const std::clock_t cpu_start = std::clock();
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + std::chrono::duration<double>(seconds);
#pragma omp parallel num_threads(threads)
    {
      selfplay::SelfPlayWorker worker(config, 1, nets::make_net_evaluator(weights, evaluator_options));
      // At least one finished search per thread, however busy the machine: a measurement
      // of nothing would report 0 simulations/s.
      worker.run(
          [&] { return next_game++; }, [](selfplay::FinishedGame&&) {},
          [&] { return std::chrono::steady_clock::now() >= deadline && worker.counters().searches > 0; });
      std::lock_guard lock(mutex);
      c.simulations += worker.counters().iterations;
      c.leaves += worker.counters().leaves;
      c.evaluator_calls += worker.counters().evaluator_calls;
    }
    c.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    c.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    report.cases.push_back(c);
  }
  return report;
}

std::vector<SelfPlayBenchReport> run_selfplay_by_net(double seconds) {
  std::vector<SelfPlayBenchReport> reports;
  for (const nets::NetConfig& net : kMeasuredNetSizes)
    for (const nets::InferencePath path : nets::kCpuInferencePaths)
      reports.push_back(run_selfplay_bench(seconds, {1}, net, path));
  return reports;
}

nlohmann::json selfplay_by_net_json(const std::vector<SelfPlayBenchReport>& reports) {
  nlohmann::json j = nlohmann::json::object();
  for (const SelfPlayBenchReport& r : reports)
    j[std::to_string(r.width) + "x" + std::to_string(r.blocks)][r.inference] = r.cases.at(0).per_cpu_second();
  return j;
}

nlohmann::json selfplay_report_json(const SelfPlayBenchReport& r) {
  nlohmann::json j = {{"width", r.width},
                      {"blocks", r.blocks},
                      {"inference", r.inference},
                      {"players", r.players},
                      {"games_per_worker", r.games_per_worker},
                      {"leaves_per_search", r.leaves_per_search}};
  for (const auto& c : r.cases)
    j["threads"][std::to_string(c.threads)] = {
        {"simulations_per_s", c.per_second()},
        {"simulations_per_cpu_s", c.per_cpu_second()},
        {"per_core", c.per_second() / c.threads},
        {"leaves_per_call", c.evaluator_calls ? double(c.leaves) / c.evaluator_calls : 0.0},
        {"simulations", c.simulations},
        {"wall_seconds", c.wall_seconds},
        {"cpu_seconds", c.cpu_seconds}};
  if (r.cases.size() >= 2 && r.cases[0].per_second() > 0)
    j["scaling_1_to_2"] = r.cases[1].per_second() / r.cases[0].per_second();
  return j;
}

std::string selfplay_report_text(const SelfPlayBenchReport& r) {
  std::string out;
  for (const auto& c : r.cases) {
    out += fmt::sprintf(
        "self-play ISMCTS+net (width %d, %d blocks, %s), %d thread(s): %.0f simulations/s wall, %.0f per "
        "core (%.0f per cpu-second), %.1f leaves per evaluator call\n",
        r.width, r.blocks, r.inference.c_str(), c.threads, c.per_second(), c.per_second() / c.threads,
        c.per_cpu_second(), c.evaluator_calls ? double(c.leaves) / c.evaluator_calls : 0.0);
  }
  return out;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
