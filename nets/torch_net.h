#pragma once
// The network in libtorch (the layers nets/weights.h describes), with conversion to and
// from NetWeights. Includes torch headers: only pamir_torch's sources include this.

#include <torch/torch.h>

#include <utility>
#include <vector>

#include "nets/weights.h"

namespace pamir::nets {

class TorchNetImpl : public torch::nn::Module {
 public:
  TorchNetImpl(const NetShape& shape, const NetConfig& config);
  // x: [batch, num_features] -> (policy logits [batch, num_actions], value logits
  // [batch, num_seats]); masking and softmax are the caller's.
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

  NetWeights to_weights() const;
  void set_weights(const NetWeights& w);
  const NetShape& shape() const { return shape_; }
  const NetConfig& config() const { return config_; }

 private:
  NetShape shape_;
  NetConfig config_;
  torch::nn::Linear input_{nullptr}, policy_{nullptr}, value_{nullptr};
  std::vector<torch::nn::Linear> w1_, w2_;
};
TORCH_MODULE(TorchNet);

// The device for training and large-batch inference: CUDA when available, else the CPU.
torch::Device preferred_device();

}  // namespace pamir::nets
