#pragma once
// Inference choices for the evaluator: the libtorch model (CUDA when available; from the
// libtorch plugin, nets/torch_plugin.h, loaded on first use), the Eigen path, or automatic:
// Eigen below a batch-size crossover on the CPU, libtorch above it or on a GPU. The torch
// choices throw std::runtime_error when the plugin cannot be loaded.

#include <memory>
#include <string>

#include "nets/inference.h"
#include "nets/weights.h"

namespace pamir::nets {

enum class InferencePath { kEigen, kTorch, kAuto };

// Batches of at least this many rows go to libtorch under kAuto on a CPU (measured by
// `pamir bench`; see docs/encoding.md).
extern const int kTorchCrossoverBatch;

std::unique_ptr<Inference> make_inference(std::shared_ptr<const NetWeights> weights, InferencePath path);
// "eigen", "torch" or "auto"; throws std::invalid_argument otherwise.
InferencePath parse_inference_path(const std::string& name);
bool torch_uses_cuda();
// libtorch's intra-op threads for CPU work; self-play workers and per-core benchmarks use 1.
void set_torch_threads(int threads);

}  // namespace pamir::nets
