#pragma once
// The network on the CPU with Eigen, from exported weights: the first layer adds up the
// weight columns of the active features (sparse), the policy head computes logits for the
// legal actions only, and scratch buffers are kept between calls, so a call in steady state
// allocates nothing. Torch-free.

#include <memory>
#include <vector>

#include "nets/inference.h"
#include "nets/weights.h"

namespace pamir::nets {

class EigenNet final : public Inference {
 public:
  // The weights are shared (read-only) between the instances of many threads.
  explicit EigenNet(std::shared_ptr<const NetWeights> weights);
  void run(const InferenceBatch& batch, const InferenceOutput& out) override;
  const char* name() const override { return "eigen"; }

 private:
  std::shared_ptr<const NetWeights> weights_;
  WeightLayout layout_;
  std::vector<float> hidden_, temp_;  // width x batch, column per row
};

}  // namespace pamir::nets
