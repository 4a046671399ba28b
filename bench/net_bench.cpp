#include "bench/net_bench.h"

#include <fmt/printf.h>

#include <cstdio>
#include <ctime>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/game.h"
#include "core/random.h"
#include "nets/encoder.h"
#include "nets/inference_path.h"
#include "nets/packed_net.h"

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

// Every position encoded and its legal actions listed once, up front, in the rows a batch
// points into.
struct EncodedPositions {
  std::vector<nets::Feature> features = std::vector<nets::Feature>(kPositions * nets::kMaxActiveFeatures);
  std::vector<int> row_begin = std::vector<int>(kPositions + 1, 0), num_legal = std::vector<int>(kPositions),
                   num_players = std::vector<int>(kPositions);
  std::vector<core::Action> legal = std::vector<core::Action>(kPositions * core::kMaxLegalActions);
  std::vector<const core::Action*> legal_ptr = std::vector<const core::Action*>(kPositions);
  std::vector<float> priors = std::vector<float>(kPositions * core::kMaxLegalActions),
                     values = std::vector<float>(kPositions * core::kMaxPlayers);
  std::vector<float*> prior_ptr = std::vector<float*>(kPositions);
};

// Forward passes of `batch` positions at a time, cycling through the positions.
NetBenchCase measure(nets::Inference& inference, std::string path, int batch, EncodedPositions& p,
                     const NetBenchOptions& options) {
  NetBenchCase c{std::move(path), batch};
  long batches = 0;
  int first = 0;
  const double start = cpu_now();
  do {
    nets::InferenceBatch b{batch,
                           p.features.data(),
                           p.row_begin.data() + first,
                           p.legal_ptr.data() + first,
                           p.num_legal.data() + first,
                           p.num_players.data() + first};
    inference.run(b, {p.values.data(), p.prior_ptr.data() + first});
    first = (first + batch) % kPositions;
    if (first + batch > kPositions) first = 0;
    ++batches;
    c.cpu_seconds = cpu_now() - start;
  } while (batches < options.max_batches && c.cpu_seconds < options.seconds_per_case);
  c.evaluations = batches * batch;
  return c;
}

}  // namespace

NetBenchReport run_net_bench(const NetBenchOptions& options) {
  NetBenchReport report;
  report.num_features = nets::kNumFeatures;
  const auto weights =
      std::make_shared<const nets::NetWeights>(nets::random_weights(nets::net_shape(), report.net, 1));
  const std::vector<core::State> positions = bench_positions();

  EncodedPositions p;
  long encodes = 0;
  const double encode_start = cpu_now();
  do {
    for (int i = 0; i < kPositions; ++i)
      p.row_begin[i + 1] =
          p.row_begin[i] + nets::encode_sparse(positions[i], p.features.data() + p.row_begin[i]);
    encodes += kPositions;
  } while (encodes < options.max_batches && cpu_now() - encode_start < options.seconds_per_case);
  report.encodes_per_s = encodes / std::max(cpu_now() - encode_start, 1e-9);
  for (int i = 0; i < kPositions; ++i) {
    p.legal_ptr[i] = p.legal.data() + i * core::kMaxLegalActions;
    p.num_legal[i] = core::legal_actions(positions[i], p.legal.data() + i * core::kMaxLegalActions);
    p.num_players[i] = positions[i].num_players;
    p.prior_ptr[i] = p.priors.data() + i * core::kMaxLegalActions;
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
    for (const int batch : kNetBenchBatches)
      report.cases.push_back(measure(*inference, inference->name(), batch, p, options));
  }
  // Each kernel this processor runs, on both CPU paths (a position's cost does not depend on
  // the batch in the packed kernel).
  for (const nets::PackedKernel* kernel : nets::supported_packed_kernels()) {
    nets::PackedNet<float> f32(*weights, *kernel);
    nets::PackedNet<nets::Bf16> bf16(*weights, *kernel);
    for (nets::Inference* inference :
         {static_cast<nets::Inference*>(&f32), static_cast<nets::Inference*>(&bf16)})
      report.kernel_cases.push_back(measure(*inference, std::string(inference->name()) + "@" + kernel->name,
                                            kKernelBenchBatch, p, options));
  }
  return report;
}

nlohmann::json net_report_json(const NetBenchReport& report) {
  nlohmann::json j = {{"width", report.net.width},
                      {"blocks", report.net.blocks},
                      {"features", report.num_features},
                      {"encodes_per_s", report.encodes_per_s}};
  for (const NetBenchCase& c : report.cases) j[c.path][std::to_string(c.batch)] = c.evals_per_s();
  for (const NetBenchCase& c : report.kernel_cases) j["kernels"][c.path] = c.evals_per_s();
  return j;
}

std::string net_report_text(const NetBenchReport& report) {
  std::string out = fmt::sprintf("net: width %d, %d blocks, %d features; %.0f encodes/s\n", report.net.width,
                                 report.net.blocks, report.num_features, report.encodes_per_s);
  for (const NetBenchCase& c : report.cases)
    out += fmt::sprintf("net %s batch %d: %.0f evaluations/s per core\n", c.path, c.batch, c.evals_per_s());
  for (const NetBenchCase& c : report.kernel_cases)
    out += fmt::sprintf("net kernel %s: %.0f evaluations/s per core\n", c.path, c.evals_per_s());
  return out;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
