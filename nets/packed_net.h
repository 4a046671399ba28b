#pragma once
// The network on the CPU from weights repacked for its kernel: every layer is "a bias plus
// a weighted sum of weight rows", computed with the output held in vector registers and the
// rows streamed through them (the first layer sums the rows of the active features, a
// hidden layer the rows of its nonzero inputs, so ReLU's zeros cost nothing), and the
// heads are dot products with the rows of the legal actions and of the seats. The weights
// are stored as floats or as bfloat16 (half the memory, so the first layer's 2 MB fit the
// core's L2 cache; the sums stay in float). A position's outputs do not depend on the rest
// of its batch. Torch-free; the kernel is compiled per instruction set and picked at run
// time (nets/packed_kernel.h).

#include <vector>

#include "nets/feature.h"
#include "nets/inference.h"
#include "nets/packed_kernel.h"
#include "nets/weights.h"

namespace pamir::nets {

template <class Weight>
class PackedNet final : public Inference {
 public:
  explicit PackedNet(const NetWeights& weights, const PackedKernel& kernel = best_packed_kernel());
  void run(const InferenceBatch& batch, const InferenceOutput& out) override;
  const char* name() const override;
  const PackedKernel& kernel() const { return kernel_; }

 private:
  const PackedKernel& kernel_;
  // The layers as packed_kernel.h describes them, and one position's scratch.
  std::vector<Weight> input_, hidden_, policy_, value_;
  std::vector<float> input_bias_, hidden_bias_, policy_bias_, value_bias_;
  std::vector<float> h_, t_;
  std::vector<Feature> terms_;
  PackedLayers<Weight> layers_;
};

extern template class PackedNet<float>;
extern template class PackedNet<Bf16>;

}  // namespace pamir::nets
