#pragma once
// Training rows as plain arrays (torch-free, so self-play code can fill them without
// libtorch headers): per row the encoder's dense features, the policy target over the
// dense action space (zero off the legal actions), the legal mask, the value target per
// seat (seat-rotated like the features: offset 0 = the player to move; it sums to 1 over
// the game's seats) and the player count (the value softmax runs over that many seats).

#include <array>
#include <cstdint>
#include <vector>

#include "core/actions.h"
#include "core/state.h"
#include "nets/encoder.h"

namespace pamir::nets::inline PAMIR_RULESET {

struct TrainBatch {
  int size = 0;
  std::vector<float> features;       // size x kNumFeatures
  std::vector<float> policy;         // size x kNumActions
  std::vector<std::uint8_t> legal;   // size x kNumActions, 1 where legal
  std::vector<float> values;         // size x kMaxPlayers
  std::vector<std::uint8_t> num_players;  // size

  // Sets the size and zeroes every row.
  void resize(int rows);
  // Fills row i from a position (the player to move's view), the search's visit
  // distribution over the legal actions, and the game's outcome in seat order
  // (core::returns of the final state).
  void set_row(int i, const core::State& s, const core::Action* legal_actions, const float* visit_share,
               int num_legal, const std::array<float, core::kMaxPlayers>& final_returns);
  // Fills row i from a stored row (a training shard's): the sparse features, the legal
  // actions with their policy targets, and the value target already seat-rotated.
  void set_encoded_row(int i, const Feature* features, int num_features, const core::Action* legal_actions,
                       const float* policy_target, int num_legal, const float* rotated_values, int players);
};

}  // namespace pamir::nets
