#pragma once
// Which implementation runs a net: on the CPU the packed kernel with float or bfloat16
// weights (nets/packed_net.h; torch-free), or the libtorch model (CUDA when available; from the libtorch
// plugin, nets/torch_plugin.h, loaded on first use), or automatic: the default CPU path below a batch-size
// crossover, libtorch above it or on a GPU. The torch choices throw std::runtime_error when the plugin cannot
// be loaded.

#include <memory>
#include <string>

#include "nets/inference.h"
#include "nets/weights.h"

namespace pamir::nets {

enum class InferencePath { kF32, kBf16, kTorch, kAuto };

// The CPU path of search and self-play unless told otherwise (the search option infer,
// whose default names it). Float: at the shipped nets' sizes bfloat16 was no faster
// (docs/benchmarks.md, "The packed kernel and bfloat16").
constexpr InferencePath kDefaultInference = InferencePath::kF32;
// The torch-free paths, which `pamir bench` measures side by side.
constexpr InferencePath kCpuInferencePaths[] = {InferencePath::kF32, InferencePath::kBf16};

// Batches of at least this many rows go to libtorch under kAuto on a CPU (measured by
// `pamir bench`; see docs/encoding.md).
extern const int kTorchCrossoverBatch;

std::unique_ptr<Inference> make_inference(std::shared_ptr<const NetWeights> weights, InferencePath path);
// "f32", "bf16", "torch" or "auto"; throws std::invalid_argument otherwise.
InferencePath parse_inference_path(const std::string& name);
const char* inference_path_name(InferencePath path);
bool torch_uses_cuda();
// libtorch's intra-op threads for CPU work; self-play workers and per-core benchmarks use 1.
void set_torch_threads(int threads);

}  // namespace pamir::nets
