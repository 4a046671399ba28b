#include "nets/torch_inference.h"

#include <stdexcept>
#include <vector>

#include "nets/eigen_net.h"
#include "nets/torch_net.h"

namespace pamir::nets {

// On the CPU the Eigen path won at every batch size `pamir bench` measures (1 to 256; see
// docs/encoding.md), so libtorch is never picked there: the crossover is out of reach.
const int kTorchCrossoverBatch = 1 << 30;

namespace {

class TorchInference final : public Inference {
 public:
  explicit TorchInference(const NetWeights& weights)
      : shape_(weights.shape), net_(weights.shape, weights.config), device_(preferred_device()) {
    net_->set_weights(weights);
    net_->to(device_);
    net_->eval();
  }

  void run(const InferenceBatch& batch, const InferenceOutput& out) override {
    const int n = batch.size;
    const int features = shape_.num_features, seats = shape_.num_seats;
    input_.assign(std::size_t(n) * features, 0.0f);
    for (int i = 0; i < n; ++i)
      densify(batch.features + batch.row_begin[i], batch.row_begin[i + 1] - batch.row_begin[i],
              input_.data() + std::size_t(i) * features);
    torch::InferenceMode guard;
    const auto x = torch::from_blob(input_.data(), {n, features}).to(device_);
    auto [policy, value] = net_->forward(x);
    policy = policy.to(torch::kCPU).contiguous();
    value = value.to(torch::kCPU).contiguous();
    const float* p = policy.data_ptr<float>();
    const float* v = value.data_ptr<float>();
    for (int i = 0; i < n; ++i) {
      float* values = out.values + i * seats;
      std::copy_n(v + i * seats, seats, values);
      finish_values(values, batch.num_players[i], seats);
      for (int k = 0; k < batch.num_legal[i]; ++k)
        out.priors[i][k] = p[std::size_t(i) * shape_.num_actions + batch.legal[i][k]];
      softmax_in_place(out.priors[i], batch.num_legal[i]);
    }
  }
  const char* name() const override { return device_.is_cuda() ? "torch-cuda" : "torch"; }

 private:
  NetShape shape_;
  TorchNet net_;
  torch::Device device_;
  std::vector<float> input_;
};

// Eigen for small batches on the CPU, libtorch for large ones (or any batch on a GPU).
class AutoInference final : public Inference {
 public:
  explicit AutoInference(std::shared_ptr<const NetWeights> weights)
      : eigen_(weights), torch_(*weights), crossover_(torch_uses_cuda() ? 16 : kTorchCrossoverBatch) {}
  void run(const InferenceBatch& batch, const InferenceOutput& out) override {
    if (batch.size >= crossover_) torch_.run(batch, out);
    else eigen_.run(batch, out);
  }
  const char* name() const override { return "auto"; }

 private:
  EigenNet eigen_;
  TorchInference torch_;
  int crossover_;
};

}  // namespace

std::unique_ptr<Inference> make_inference(std::shared_ptr<const NetWeights> weights, InferencePath path) {
  switch (path) {
    case InferencePath::kEigen: return std::make_unique<EigenNet>(std::move(weights));
    case InferencePath::kTorch: return std::make_unique<TorchInference>(*weights);
    case InferencePath::kAuto: break;
  }
  return std::make_unique<AutoInference>(std::move(weights));
}

InferencePath parse_inference_path(const std::string& name) {
  if (name == "eigen") return InferencePath::kEigen;
  if (name == "torch") return InferencePath::kTorch;
  if (name == "auto") return InferencePath::kAuto;
  throw std::invalid_argument("unknown inference path '" + name + "' (eigen, torch or auto)");
}

bool torch_uses_cuda() { return torch::cuda::is_available(); }

void set_torch_threads(int threads) { torch::set_num_threads(threads); }

}  // namespace pamir::nets
