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
  // aux_heads: the trainer's auxiliary heads (nets/trainer.h), which to_weights leaves out.
  TorchNetImpl(const NetShape& shape, const NetConfig& config, bool aux_heads = false);
  struct Outputs {
    torch::Tensor policy;  // logits [batch, num_actions]
    torch::Tensor value;   // logits [batch, num_seats]
    // Without aux heads undefined: result logits and victory-point margins [batch, num_seats].
    torch::Tensor result, vp_margin;
  };
  // x: [batch, num_features]; masking and softmax are the caller's.
  Outputs forward(const torch::Tensor& x);
  bool has_aux_heads() const { return !result_.is_empty(); }

  NetWeights to_weights() const;
  void set_weights(const NetWeights& w);
  const NetShape& shape() const { return shape_; }
  const NetConfig& config() const { return config_; }

 private:
  NetShape shape_;
  NetConfig config_;
  torch::nn::Linear input_{nullptr}, policy_{nullptr}, value_{nullptr}, result_{nullptr}, vp_margin_{nullptr};
  std::vector<torch::nn::Linear> w1_, w2_;
};
TORCH_MODULE(TorchNet);

// The device for training and large-batch inference: CUDA when available, else the CPU.
torch::Device preferred_device();

}  // namespace pamir::nets
