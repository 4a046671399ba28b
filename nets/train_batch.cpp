#include "nets/train_batch.h"

#include <algorithm>

#include "core/game.h"

namespace pamir::nets::inline PAMIR_RULESET {

void TrainBatch::resize(int rows) {
  size = rows;
  features.assign(std::size_t(rows) * kNumFeatures, 0.0f);
  policy.assign(std::size_t(rows) * core::kNumActions, 0.0f);
  legal.assign(std::size_t(rows) * core::kNumActions, 0);
  values.assign(std::size_t(rows) * core::kMaxPlayers, 0.0f);
  num_players.assign(rows, 0);
}

void TrainBatch::set_encoded_row(int i, const Feature* row_features, int num_features,
                                 const core::Action* legal_actions, const float* policy_target, int num_legal,
                                 const float* rotated_values, int players) {
  float* x = features.data() + std::size_t(i) * kNumFeatures;
  std::fill(x, x + kNumFeatures, 0.0f);
  densify(row_features, num_features, x);
  float* p = policy.data() + std::size_t(i) * core::kNumActions;
  std::uint8_t* m = legal.data() + std::size_t(i) * core::kNumActions;
  std::fill(p, p + core::kNumActions, 0.0f);
  std::fill(m, m + core::kNumActions, 0);
  for (int k = 0; k < num_legal; ++k) {
    p[legal_actions[k]] = policy_target[k];
    m[legal_actions[k]] = 1;
  }
  std::copy(rotated_values, rotated_values + core::kMaxPlayers, values.begin() + std::size_t(i) * core::kMaxPlayers);
  num_players[i] = std::uint8_t(players);
}

void TrainBatch::set_row(int i, const core::State& s, const core::Action* legal_actions, const float* visit_share,
                         int num_legal, const std::array<float, core::kMaxPlayers>& final_returns) {
  Feature row[kMaxActiveFeatures];
  const int count = encode_sparse(s, row);
  const auto rotated = rotate_to_player(final_returns, core::to_move(s), s.num_players);
  set_encoded_row(i, row, count, legal_actions, visit_share, num_legal, rotated.data(), s.num_players);
}

}  // namespace pamir::nets
