#pragma once
// Training rows as plain arrays (torch-free, so that the code that reads shards fills them
// without libtorch headers): per row the encoder's sparse features, the legal actions with
// the policy target of each, the value target per seat (seat-rotated like the features:
// offset 0 = the player to move; it sums to 1 over the game's seats) and the player count
// (the value softmax runs over that many seats). The legal actions are a list, not a mask
// over the dense action space: the trainer computes the policy logits of those actions only,
// as inference does (a softmax over the legal actions gives the rest no probability and no
// gradient, so the loss and its gradients are the same as over the masked dense space).

#include <cstdint>
#include <vector>

#include "nets/feature.h"
#include "nets/weights.h"

namespace pamir::nets {

struct TrainBatch {
  NetShape shape;
  int size = 0;
  // Row i's features are entries feature_begin[i] to feature_begin[i + 1] of feature_index
  // and feature_value: the trainer's first layer sums those weight rows, as inference does,
  // rather than multiplying a mostly-zero dense row.
  std::vector<std::int64_t> feature_index;
  std::vector<float> feature_value;
  std::vector<std::int64_t> feature_begin;  // size + 1
  // Row i's legal actions and their policy targets are entries legal_begin[i] to
  // legal_begin[i + 1] of legal_action and policy_target (rows are set in order).
  std::vector<std::int64_t> legal_action;
  std::vector<float> policy_target;
  std::vector<std::int64_t> legal_begin;  // size + 1
  std::vector<float> values;              // size x num_seats
  std::vector<std::uint8_t> num_players;  // size
  // Auxiliary targets, size x num_seats seat-rotated (selfplay::ShardRows says what they
  // are); NaN where a row has none, which the trainer then leaves out of those losses.
  std::vector<float> results;
  std::vector<float> vp_margins;

  // Sets the shape and size and empties every row (set_encoded_row then fills them in order).
  void resize(const NetShape& net, int rows);
  // Fills row i from a stored row (a training shard's): the sparse features, the legal
  // actions with their policy targets, and the value target already seat-rotated
  // (shape.num_seats floats). Rows are filled in order, 0 to size - 1.
  void set_encoded_row(int i, const Feature* features, int num_features, const std::uint16_t* legal_actions,
                       const float* targets, int num_legal, const float* rotated_values, int players);
  // Sets row i's auxiliary targets (shape.num_seats floats each, seat-rotated).
  void set_aux_row(int i, const float* rotated_result, const float* rotated_vp_margin);
  // The most legal actions of any row.
  int max_legal() const;
};

}  // namespace pamir::nets
