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
  // The last hidden layer [batch, width] (forward's heads read it).
  torch::Tensor trunk(const torch::Tensor& x);
  // trunk of sparse rows: row i's features are entries offsets[i] to offsets[i + 1] (the
  // last row's to the end) of indices and values, all 1-D; the first layer sums their weight
  // rows instead of multiplying a dense row that is mostly zero.
  torch::Tensor trunk(const torch::Tensor& indices, const torch::Tensor& values,
                      const torch::Tensor& offsets);
  // The policy logits of the given actions only: actions [batch, k] (action ids) gives
  // [batch, k], what forward's policy holds at those ids, without the other rows' work.
  torch::Tensor policy_logits_of(const torch::Tensor& h, const torch::Tensor& actions);
  // The value head and, with aux heads, theirs (policy left undefined), from trunk's output.
  Outputs seat_heads(const torch::Tensor& h);
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
  torch::Tensor blocks(torch::Tensor h);
};
TORCH_MODULE(TorchNet);

// The device for training and large-batch inference: CUDA when available, else the CPU.
torch::Device preferred_device();

}  // namespace pamir::nets
