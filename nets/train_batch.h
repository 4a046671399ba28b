#pragma once
// Training rows as plain arrays (torch-free, so that the code that reads shards fills them
// without libtorch headers): per row the encoder's dense features, the policy target over the
// dense action space (zero off the legal actions), the legal mask, the value target per
// seat (seat-rotated like the features: offset 0 = the player to move; it sums to 1 over
// the game's seats) and the player count (the value softmax runs over that many seats).

#include <cstdint>
#include <vector>

#include "nets/feature.h"
#include "nets/weights.h"

namespace pamir::nets {

struct TrainBatch {
  NetShape shape;
  int size = 0;
  std::vector<float> features;            // size x num_features
  std::vector<float> policy;              // size x num_actions
  std::vector<std::uint8_t> legal;        // size x num_actions, 1 where legal
  std::vector<float> values;              // size x num_seats
  std::vector<std::uint8_t> num_players;  // size
  // Auxiliary targets, size x num_seats seat-rotated (selfplay::ShardRows says what they
  // are); NaN where a row has none, which the trainer then leaves out of those losses.
  std::vector<float> results;
  std::vector<float> vp_margins;

  // Sets the shape and size and zeroes every row.
  void resize(const NetShape& net, int rows);
  // Fills row i from a stored row (a training shard's): the sparse features, the legal
  // actions with their policy targets, and the value target already seat-rotated
  // (shape.num_seats floats).
  void set_encoded_row(int i, const Feature* features, int num_features, const std::uint16_t* legal_actions,
                       const float* policy_target, int num_legal, const float* rotated_values, int players);
  // Sets row i's auxiliary targets (shape.num_seats floats each, seat-rotated).
  void set_aux_row(int i, const float* rotated_result, const float* rotated_vp_margin);
};

}  // namespace pamir::nets
