#include "nets/train_batch.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pamir::nets {

void TrainBatch::resize(const NetShape& net, int rows) {
  shape = net;
  size = rows;
  feature_index.clear();
  feature_value.clear();
  feature_begin.assign(1, 0);
  legal_action.clear();
  policy_target.clear();
  legal_begin.assign(1, 0);
  values.assign(std::size_t(rows) * shape.num_seats, 0.0f);
  num_players.assign(rows, 0);
  results.assign(std::size_t(rows) * shape.num_seats, std::nanf(""));
  vp_margins.assign(std::size_t(rows) * shape.num_seats, std::nanf(""));
}

void TrainBatch::set_encoded_row(int i, const Feature* row_features, int num_features,
                                 const std::uint16_t* legal_actions, const float* targets, int num_legal,
                                 const float* rotated_values, int players) {
  if (i + 1 != int(legal_begin.size()))
    throw std::logic_error("TrainBatch rows are set in order: row " + std::to_string(i) + " given when row " +
                           std::to_string(legal_begin.size() - 1) + " is next");
  for (int k = 0; k < num_features; ++k) {
    feature_index.push_back(row_features[k].index);
    feature_value.push_back(row_features[k].value);
  }
  feature_begin.push_back(std::int64_t(feature_index.size()));
  legal_action.insert(legal_action.end(), legal_actions, legal_actions + num_legal);
  policy_target.insert(policy_target.end(), targets, targets + num_legal);
  legal_begin.push_back(std::int64_t(legal_action.size()));
  std::copy(rotated_values, rotated_values + shape.num_seats,
            values.begin() + std::size_t(i) * shape.num_seats);
  num_players[i] = std::uint8_t(players);
}

void TrainBatch::set_aux_row(int i, const float* rotated_result, const float* rotated_vp_margin) {
  const std::size_t at = std::size_t(i) * shape.num_seats;
  std::copy(rotated_result, rotated_result + shape.num_seats, results.begin() + at);
  std::copy(rotated_vp_margin, rotated_vp_margin + shape.num_seats, vp_margins.begin() + at);
}

int TrainBatch::max_legal() const {
  std::int64_t most = 0;
  for (std::size_t i = 1; i < legal_begin.size(); ++i)
    most = std::max(most, legal_begin[i] - legal_begin[i - 1]);
  return int(most);
}

}  // namespace pamir::nets
