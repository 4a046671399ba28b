// The libtorch plugin (libpamir_torch.so, nets/torch_plugin.h): the trainer, the libtorch
// inference path, and libtorch's device and threads.

#include "nets/torch_plugin.h"

#include <algorithm>
#include <vector>

#include "nets/torch_net.h"
#include "nets/torch_trainer.h"

namespace pamir::nets {
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
    const auto outputs = net_->forward(x);
    const auto policy = outputs.policy.to(torch::kCPU).contiguous();
    const auto value = outputs.value.to(torch::kCPU).contiguous();
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

class LibtorchPlugin final : public TorchPlugin {
 public:
  std::unique_ptr<TrainerBackend> new_trainer(const TrainerOptions& options) const override {
    return new_torch_trainer(options);
  }
  std::unique_ptr<TrainerBackend> load_trainer(const std::string& path,
                                               const NetShape& shape) const override {
    return load_torch_trainer(path, shape);
  }
  std::unique_ptr<Inference> new_inference(const NetWeights& weights) const override {
    return std::make_unique<TorchInference>(weights);
  }
  bool uses_cuda() const override { return torch::cuda::is_available(); }
  void set_threads(int threads) const override { torch::set_num_threads(threads); }
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const TorchPlugin* PAMIR_TORCH_PLUGIN_ENTRY() {
  static const LibtorchPlugin plugin;
  return &plugin;
}

}  // namespace pamir::nets
