#pragma once
// The network's share of `pamir bench`: forward passes per second of processor time (one
// core: libtorch is held to one thread) for the default net, on every inference path, at
// the batch sizes the evaluator sees, and on every packed kernel the processor runs
// (nets/packed_kernel.h), plus the encoder's rate.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "nets/weights.h"

namespace pamir::bench::inline PAMIR_RULESET {

struct NetBenchOptions {
  double seconds_per_case = 0.3;  // per path and batch size
  long max_batches = 1000000;     // per path and batch size (at least one)
};

struct NetBenchCase {
  std::string path;  // the inference path's name ("f32", "bf16" or "torch"), or PATH@KERNEL
  int batch = 0;
  long evaluations = 0;
  double cpu_seconds = 0;
  double evals_per_s() const { return cpu_seconds > 0 ? evaluations / cpu_seconds : 0; }
};

struct NetBenchReport {
  nets::NetConfig net;
  int num_features = 0;
  double encodes_per_s = 0;
  std::vector<NetBenchCase> cases;         // the paths as agents get them, by batch size
  std::vector<NetBenchCase> kernel_cases;  // every kernel this processor runs, at kKernelBenchBatch
};

constexpr int kNetBenchBatches[] = {1, 16, 64, 256};
constexpr int kKernelBenchBatch = 16;

NetBenchReport run_net_bench(const NetBenchOptions& options);
// {"width", "blocks", "features", "encodes_per_s", "f32": {"1": evals/s, ...}, "bf16": {...},
// "torch": {...}, "kernels": {"f32@avx2": evals/s, ...}}
nlohmann::json net_report_json(const NetBenchReport& report);
std::string net_report_text(const NetBenchReport& report);

}  // namespace pamir::bench::inline PAMIR_RULESET
