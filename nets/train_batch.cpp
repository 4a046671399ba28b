#include "nets/train_batch.h"

#include <algorithm>

#include "core/game.h"

namespace pamir::nets {

void TrainBatch::resize(int rows) {
  size = rows;
  features.assign(std::size_t(rows) * kNumFeatures, 0.0f);
  policy.assign(std::size_t(rows) * core::kNumActions, 0.0f);
  legal.assign(std::size_t(rows) * core::kNumActions, 0);
  values.assign(std::size_t(rows) * core::kMaxPlayers, 0.0f);
  num_players.assign(rows, 0);
}

void TrainBatch::set_row(int i, const core::State& s, const core::Action* legal_actions, const float* visit_share,
                         int num_legal, const std::array<float, core::kMaxPlayers>& final_returns) {
  encode_dense(s, features.data() + std::size_t(i) * kNumFeatures);
  float* p = policy.data() + std::size_t(i) * core::kNumActions;
  std::uint8_t* m = legal.data() + std::size_t(i) * core::kNumActions;
  std::fill(p, p + core::kNumActions, 0.0f);
  std::fill(m, m + core::kNumActions, 0);
  for (int k = 0; k < num_legal; ++k) {
    p[legal_actions[k]] = visit_share[k];
    m[legal_actions[k]] = 1;
  }
  const auto rotated = rotate_to_player(final_returns, core::to_move(s), s.num_players);
  std::copy(rotated.begin(), rotated.end(), values.begin() + std::size_t(i) * core::kMaxPlayers);
  num_players[i] = std::uint8_t(s.num_players);
}

}  // namespace pamir::nets
