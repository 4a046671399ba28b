#include "nets/inference_path.h"

#include <iterator>
#include <stdexcept>

#include "nets/packed_net.h"
#include "nets/torch_plugin.h"

namespace pamir::nets {

// On the CPU the torch-free paths won at every batch size `pamir bench` measures (1 to 256;
// see docs/encoding.md), so libtorch is never picked there: the crossover is out of reach.
const int kTorchCrossoverBatch = 1 << 30;

namespace {

constexpr const char* kPathNames[] = {"f32", "bf16", "torch", "auto"};  // in InferencePath's order
static_assert(std::size(kPathNames) == std::size_t(InferencePath::kAuto) + 1);

// The default CPU path for small batches, libtorch for large ones (or any batch on a GPU).
class AutoInference final : public Inference {
 public:
  explicit AutoInference(std::shared_ptr<const NetWeights> weights)
      : cpu_(make_inference(weights, kDefaultInference)),
        torch_(torch_plugin().new_inference(*weights)),
        crossover_(torch_uses_cuda() ? 16 : kTorchCrossoverBatch) {}
  void run(const InferenceBatch& batch, const InferenceOutput& out) override {
    if (batch.size >= crossover_)
      torch_->run(batch, out);
    else
      cpu_->run(batch, out);
  }
  const char* name() const override { return "auto"; }

 private:
  std::unique_ptr<Inference> cpu_, torch_;
  int crossover_;
};

}  // namespace

std::unique_ptr<Inference> make_inference(std::shared_ptr<const NetWeights> weights, InferencePath path) {
  switch (path) {
    case InferencePath::kF32:
      return std::make_unique<PackedNet<float>>(*weights);
    case InferencePath::kBf16:
      return std::make_unique<PackedNet<Bf16>>(*weights);
    case InferencePath::kTorch:
      return torch_plugin().new_inference(*weights);
    case InferencePath::kAuto:
      break;
  }
  return std::make_unique<AutoInference>(std::move(weights));
}

InferencePath parse_inference_path(const std::string& name) {
  for (std::size_t i = 0; i < std::size(kPathNames); ++i)
    if (name == kPathNames[i]) return InferencePath(i);
  throw std::invalid_argument("unknown inference path '" + name + "' (f32, bf16, torch or auto)");
}

const char* inference_path_name(InferencePath path) { return kPathNames[int(path)]; }

bool torch_uses_cuda() { return torch_plugin().uses_cuda(); }

void set_torch_threads(int threads) { torch_plugin().set_threads(threads); }

}  // namespace pamir::nets
