#include "nets/train_batch.h"

#include <algorithm>
#include <cmath>

namespace pamir::nets {

void TrainBatch::resize(const NetShape& net, int rows) {
  shape = net;
  size = rows;
  features.assign(std::size_t(rows) * shape.num_features, 0.0f);
  policy.assign(std::size_t(rows) * shape.num_actions, 0.0f);
  legal.assign(std::size_t(rows) * shape.num_actions, 0);
  values.assign(std::size_t(rows) * shape.num_seats, 0.0f);
  num_players.assign(rows, 0);
  results.assign(std::size_t(rows) * shape.num_seats, std::nanf(""));
  vp_margins.assign(std::size_t(rows) * shape.num_seats, std::nanf(""));
}

void TrainBatch::set_encoded_row(int i, const Feature* row_features, int num_features,
                                 const std::uint16_t* legal_actions, const float* policy_target,
                                 int num_legal, const float* rotated_values, int players) {
  float* x = features.data() + std::size_t(i) * shape.num_features;
  std::fill(x, x + shape.num_features, 0.0f);
  densify(row_features, num_features, x);
  float* p = policy.data() + std::size_t(i) * shape.num_actions;
  std::uint8_t* m = legal.data() + std::size_t(i) * shape.num_actions;
  std::fill(p, p + shape.num_actions, 0.0f);
  std::fill(m, m + shape.num_actions, 0);
  for (int k = 0; k < num_legal; ++k) {
    p[legal_actions[k]] = policy_target[k];
    m[legal_actions[k]] = 1;
  }
  std::copy(rotated_values, rotated_values + shape.num_seats,
            values.begin() + std::size_t(i) * shape.num_seats);
  num_players[i] = std::uint8_t(players);
}

void TrainBatch::set_aux_row(int i, const float* rotated_result, const float* rotated_vp_margin) {
  const std::size_t at = std::size_t(i) * shape.num_seats;
  std::copy(rotated_result, rotated_result + shape.num_seats, results.begin() + at);
  std::copy(rotated_vp_margin, rotated_vp_margin + shape.num_seats, vp_margins.begin() + at);
}

}  // namespace pamir::nets
