#include "nets/torch_inference.h"

#include <stdexcept>

#include "nets/eigen_net.h"
#include "nets/torch_plugin.h"

namespace pamir::nets {

// On the CPU the Eigen path won at every batch size `pamir bench` measures (1 to 256; see
// docs/encoding.md), so libtorch is never picked there: the crossover is out of reach.
const int kTorchCrossoverBatch = 1 << 30;

namespace {

// Eigen for small batches on the CPU, libtorch for large ones (or any batch on a GPU).
class AutoInference final : public Inference {
 public:
  explicit AutoInference(std::shared_ptr<const NetWeights> weights)
      : eigen_(weights),
        torch_(torch_plugin().new_inference(*weights)),
        crossover_(torch_uses_cuda() ? 16 : kTorchCrossoverBatch) {}
  void run(const InferenceBatch& batch, const InferenceOutput& out) override {
    if (batch.size >= crossover_)
      torch_->run(batch, out);
    else
      eigen_.run(batch, out);
  }
  const char* name() const override { return "auto"; }

 private:
  EigenNet eigen_;
  std::unique_ptr<Inference> torch_;
  int crossover_;
};

}  // namespace

std::unique_ptr<Inference> make_inference(std::shared_ptr<const NetWeights> weights, InferencePath path) {
  switch (path) {
    case InferencePath::kEigen:
      return std::make_unique<EigenNet>(std::move(weights));
    case InferencePath::kTorch:
      return torch_plugin().new_inference(*weights);
    case InferencePath::kAuto:
      break;
  }
  return std::make_unique<AutoInference>(std::move(weights));
}

InferencePath parse_inference_path(const std::string& name) {
  if (name == "eigen") return InferencePath::kEigen;
  if (name == "torch") return InferencePath::kTorch;
  if (name == "auto") return InferencePath::kAuto;
  throw std::invalid_argument("unknown inference path '" + name + "' (eigen, torch or auto)");
}

bool torch_uses_cuda() { return torch_plugin().uses_cuda(); }

void set_torch_threads(int threads) { torch_plugin().set_threads(threads); }

}  // namespace pamir::nets
