#pragma once
// One forward pass of the network over a batch of encoded positions, behind an interface
// so that the evaluator does not care which implementation runs it: PackedNet (torch-free,
// fast at small batches on a CPU) or the libtorch model (large batches, GPU), or
// nets/inference_path.h's pick of the faster one per batch size. The same for every game: the
// net's shape (NetShape) gives the row length, action count and seats.

#include <cstdint>

#include "nets/feature.h"

namespace pamir::nets {

// Row i: sparse features features[row_begin[i] .. row_begin[i+1]), its legal actions
// legal[i][0 .. num_legal[i]) and its player count.
struct InferenceBatch {
  int size = 0;
  const Feature* features = nullptr;
  const int* row_begin = nullptr;
  const std::uint16_t* const* legal = nullptr;
  const int* num_legal = nullptr;
  const int* num_players = nullptr;
};

// values: size x the net's num_seats, seat-rotated (offset 0 = the player to move), the
// predicted share of the win (softmax over the row's seats; 0 beyond them). priors[i]:
// num_legal[i] floats, the policy (softmax over the legal actions).
struct InferenceOutput {
  float* values = nullptr;
  float* const* priors = nullptr;
};

class Inference {
 public:
  virtual ~Inference() = default;
  // Not thread-safe (scratch buffers): one instance per thread.
  virtual void run(const InferenceBatch& batch, const InferenceOutput& out) = 0;
  virtual const char* name() const = 0;
};

// The heads' last step, shared by every implementation: softmax of the value logits over
// the first num_players of num_seats (zero beyond) and of the policy logits (in place).
void finish_values(float* logits, int num_players, int num_seats);
void softmax_in_place(float* logits, int count);

}  // namespace pamir::nets
