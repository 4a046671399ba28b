#include "bench/net_bench.h"

#include <fmt/printf.h>

#include <cstdio>
#include <ctime>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "core/game.h"
#include "core/random.h"
#include "nets/encoder.h"
#include "nets/inference_path.h"

namespace pamir::bench::inline PAMIR_RULESET {
namespace {

constexpr int kPositions = 256;

// Positions from seeded random games of every player count, a random number of moves in.
std::vector<core::State> bench_positions() {
  std::vector<core::State> out;
  core::u64 rng = 12345;
  core::Action legal[core::kMaxLegalActions];
  while (int(out.size()) < kPositions) {
    core::State s =
        core::new_game(core::kMinPlayers + core::random_below(rng, core::kMaxPlayers - core::kMinPlayers + 1),
                       core::next_random(rng));
    const int moves = core::random_below(rng, 400);
    for (int m = 0; m < moves && !s.game_over(); ++m) {
      core::State next = s;
      core::apply(next, legal[core::random_below(rng, core::legal_actions(s, legal))]);
      if (next.game_over()) break;
      s = next;
    }
    out.push_back(s);
  }
  return out;
}

double cpu_now() { return double(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

NetBenchReport run_net_bench(const NetBenchOptions& options) {
  NetBenchReport report;
  report.num_features = nets::kNumFeatures;
  const auto weights =
      std::make_shared<const nets::NetWeights>(nets::random_weights(nets::net_shape(), report.net, 1));
  const std::vector<core::State> positions = bench_positions();

  // Every position encoded and its legal actions listed once, up front.
  std::vector<nets::Feature> features(kPositions * nets::kMaxActiveFeatures);
  std::vector<int> row_begin(kPositions + 1, 0), num_legal(kPositions), num_players(kPositions);
  std::vector<core::Action> legal(kPositions * core::kMaxLegalActions);
  std::vector<const core::Action*> legal_ptr(kPositions);
  std::vector<float> priors(kPositions * core::kMaxLegalActions), values(kPositions * core::kMaxPlayers);
  std::vector<float*> prior_ptr(kPositions);
  long encodes = 0;
  const double encode_start = cpu_now();
  do {
    for (int i = 0; i < kPositions; ++i)
      row_begin[i + 1] = row_begin[i] + nets::encode_sparse(positions[i], features.data() + row_begin[i]);
    encodes += kPositions;
  } while (encodes < options.max_batches && cpu_now() - encode_start < options.seconds_per_case);
  report.encodes_per_s = encodes / std::max(cpu_now() - encode_start, 1e-9);
  for (int i = 0; i < kPositions; ++i) {
    legal_ptr[i] = legal.data() + i * core::kMaxLegalActions;
    num_legal[i] = core::legal_actions(positions[i], legal.data() + i * core::kMaxLegalActions);
    num_players[i] = positions[i].num_players;
    prior_ptr[i] = priors.data() + i * core::kMaxLegalActions;
  }

  // The libtorch path where its plugin loads; a build without libtorch measures the CPU paths alone.
  std::vector<nets::InferencePath> paths(std::begin(nets::kCpuInferencePaths),
                                         std::end(nets::kCpuInferencePaths));
  try {
    nets::set_torch_threads(1);
    paths.push_back(nets::InferencePath::kTorch);
  } catch (const std::runtime_error&) {
  }
  for (const auto path : paths) {
    auto inference = nets::make_inference(weights, path);
    for (const int batch : kNetBenchBatches) {
      NetBenchCase c{inference->name(), batch};
      long batches = 0;
      int first = 0;
      const double start = cpu_now();
      do {
        nets::InferenceBatch b{batch,
                               features.data(),
                               row_begin.data() + first,
                               legal_ptr.data() + first,
                               num_legal.data() + first,
                               num_players.data() + first};
        inference->run(b, {values.data(), prior_ptr.data() + first});
        first = (first + batch) % kPositions;
        if (first + batch > kPositions) first = 0;
        ++batches;
        c.cpu_seconds = cpu_now() - start;
      } while (batches < options.max_batches && c.cpu_seconds < options.seconds_per_case);
      c.evaluations = batches * batch;
      report.cases.push_back(c);
    }
  }
  return report;
}

nlohmann::json net_report_json(const NetBenchReport& report) {
  nlohmann::json j = {{"width", report.net.width},
                      {"blocks", report.net.blocks},
                      {"features", report.num_features},
                      {"encodes_per_s", report.encodes_per_s}};
  for (const NetBenchCase& c : report.cases) j[c.path][std::to_string(c.batch)] = c.evals_per_s();
  return j;
}

std::string net_report_text(const NetBenchReport& report) {
  std::string out = fmt::sprintf("net: width %d, %d blocks, %d features; %.0f encodes/s\n", report.net.width,
                                 report.net.blocks, report.num_features, report.encodes_per_s);
  for (const NetBenchCase& c : report.cases)
    out += fmt::sprintf("net %s batch %d: %.0f evaluations/s per core\n", c.path, c.batch, c.evals_per_s());
  return out;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
