#include "nets/inference.h"

#include <algorithm>
#include <cmath>

namespace pamir::nets {

void softmax_in_place(float* logits, int count) {
  if (count <= 0) return;
  const float top = *std::max_element(logits, logits + count);
  float sum = 0.0f;
  for (int i = 0; i < count; ++i) sum += logits[i] = std::exp(logits[i] - top);
  const float scale = 1.0f / sum;
  for (int i = 0; i < count; ++i) logits[i] *= scale;
}

void finish_values(float* logits, int num_players, int num_seats) {
  softmax_in_place(logits, num_players);
  std::fill(logits + num_players, logits + num_seats, 0.0f);
}

}  // namespace pamir::nets
