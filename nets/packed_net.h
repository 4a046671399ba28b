#pragma once
// The network on the CPU from weights repacked for its kernel: every layer is "a bias plus
// a weighted sum of weight rows", computed with the output held in vector registers and the
// rows streamed through them (the first layer sums the rows of the active features, a
// hidden layer the rows of its nonzero inputs, so ReLU's zeros cost nothing), and the
// heads are dot products with the rows of the legal actions and of the seats. The weights
// are stored as floats or as bfloat16 (half the memory, so the first layer's 2 MB fit the
// core's L2 cache; the sums stay in float). A position's outputs do not depend on the rest
// of its batch. Torch-free, and written with GCC vector types, so the compiler picks the
// widest registers of the target (AVX-512 in the native build, SSE in the portable one).

#include <cstdint>
#include <vector>

#include "nets/feature.h"
#include "nets/inference.h"
#include "nets/weights.h"

namespace pamir::nets {

// A bfloat16 number: the high half of a float's bits, rounded to nearest even.
struct Bf16 {
  std::uint16_t bits;
};
Bf16 to_bf16(float x);
float from_bf16(Bf16 x);

template <class Weight>
class PackedNet final : public Inference {
 public:
  explicit PackedNet(const NetWeights& weights);
  void run(const InferenceBatch& batch, const InferenceOutput& out) override;
  const char* name() const override;

 private:
  int width_ = 0, stride_ = 0, blocks_ = 0, seats_ = 0;  // stride_: width_ padded to 32
  // Rows of stride_ weights (zero-padded): Input [feature], W1 and W2 transposed to
  // [input][output] per block, Policy [action], Value [seat]; the biases in float.
  std::vector<Weight> input_, hidden_, policy_, value_;
  std::vector<float> input_bias_, hidden_bias_, policy_bias_, value_bias_;
  std::vector<float> h_, t_;    // one position's activations, stride_ each
  std::vector<Feature> terms_;  // a hidden layer's nonzero inputs
};

extern template class PackedNet<float>;
extern template class PackedNet<Bf16>;

}  // namespace pamir::nets
