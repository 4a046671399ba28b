#include "nets/trainer.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "core/game.h"
#include "core/random.h"
#include "io/file_io.h"
#include "nets/encoder.h"
#include "nets/packed_net.h"
#include "tests/nets/positions.h"

namespace pamir::nets {
namespace {

// Positions with one-hot targets (a random legal move, a random winner): a small network
// can fit them, so the loss has far to fall.
TrainBatch fixed_batch(int rows, core::u64 seed) {
  TrainBatch b;
  b.resize(net_shape(), rows);
  const auto states = testing::random_positions(rows, seed);
  core::Action legal[core::kMaxLegalActions];
  float visits[core::kMaxLegalActions];
  for (int i = 0; i < rows; ++i) {
    const core::State& s = states[i];
    const int n = core::legal_actions(s, legal);
    std::fill(visits, visits + n, 0.0f);
    visits[core::random_below(seed, n)] = 1.0f;
    std::array<float, core::kMaxPlayers> returns{};
    returns[core::random_below(seed, s.num_players)] = 1.0f;
    Feature row[kMaxActiveFeatures];
    const int count = encode_sparse(s, row);
    const auto rotated = rotate_to_player(returns, core::to_move(s), s.num_players);
    b.set_encoded_row(i, row, count, legal, visits, n, rotated.data(), s.num_players);
  }
  return b;
}

TrainerOptions small_net() {
  TrainerOptions o;
  o.shape = net_shape();
  o.net = {32, 1};
  o.learning_rate = 3e-3;
  return o;
}

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("pamir_nets_") + name)).string();
}

TEST(Trainer, TinyRunDrivesTheLossDown) {
  const TrainBatch batch = fixed_batch(16, 3);
  Trainer trainer(small_net());
  const TrainStats before = trainer.losses(batch);
  for (int i = 0; i < 60; ++i) trainer.step(batch);
  const TrainStats after = trainer.losses(batch);
  EXPECT_EQ(trainer.steps(), 60);
  EXPECT_LT(after.policy_loss, 0.3 * before.policy_loss);
  EXPECT_LT(after.value_loss, 0.5 * before.value_loss);
}

TEST(Trainer, CheckpointResumeReproducesTheOptimizerState) {
  const TrainBatch batch = fixed_batch(8, 5);
  Trainer trainer(small_net());
  for (int i = 0; i < 3; ++i) trainer.step(batch);
  const std::string path = temp_path("resume.ckpt");
  trainer.save_checkpoint(path, R"({"generation": 4})");
  Trainer resumed = Trainer::load_checkpoint(path, net_shape());
  std::remove(path.c_str());
  EXPECT_EQ(resumed.steps(), 3);
  EXPECT_EQ(resumed.metadata(), R"({"generation":4})");
  EXPECT_EQ(resumed.options().net.width, 32);
  const auto state = trainer.optimizer_state_values();
  ASSERT_GT(state.size(), 1000u);
  EXPECT_EQ(resumed.optimizer_state_values(), state);
  EXPECT_EQ(resumed.export_weights().data, trainer.export_weights().data);
  // Training on continues identically.
  trainer.step(batch);
  resumed.step(batch);
  const auto a = trainer.export_weights().data, b = resumed.export_weights().data;
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], b[i], 1e-6);
}

TEST(Trainer, LearningSettingsOverrideTheCheckpoints) {
  const TrainBatch batch = fixed_batch(8, 7);
  Trainer trainer(small_net());
  trainer.step(batch);
  const std::string path = temp_path("settings.ckpt");
  trainer.save_checkpoint(path);
  Trainer resumed = Trainer::load_checkpoint(path, net_shape());
  std::remove(path.c_str());
  TrainerOptions frozen = small_net();
  frozen.learning_rate = 0;
  frozen.weight_decay = 0;
  frozen.value_weight = 2;
  resumed.set_learning_settings(frozen);
  EXPECT_EQ(resumed.options().learning_rate, 0);
  EXPECT_EQ(resumed.options().value_weight, 2);
  const auto before = resumed.export_weights().data;
  const TrainStats s = resumed.step(batch);
  EXPECT_EQ(resumed.export_weights().data, before) << "a zero learning rate and decay change nothing";
  EXPECT_NEAR(s.loss, s.policy_loss + 2 * s.value_loss, 1e-4);
}

// The auxiliary heads learn their own targets, leave the exported weights' layout as it
// is (inference never runs them), survive a checkpoint, and skip rows without targets.
TEST(Trainer, AuxiliaryHeadsTrainAndStayOutOfTheExportedWeights) {
  TrainBatch batch = fixed_batch(16, 9);
  for (int i = 0; i < batch.size; ++i) {
    std::array<float, core::kMaxPlayers> result{}, margin{};
    for (int p = 0; p < batch.num_players[i]; ++p) margin[p] = float((i + p) % 3) * 2.0f - 2.0f;
    result[i % batch.num_players[i]] = 1.0f;
    batch.set_aux_row(i, result.data(), margin.data());
  }
  TrainerOptions aux = small_net();
  aux.aux_weight = 0.5;
  Trainer trainer(aux);
  const TrainStats before = trainer.losses(batch);
  EXPECT_GT(before.aux_loss, 0.1);
  EXPECT_NEAR(before.loss, before.policy_loss + before.value_loss + 0.5 * before.aux_loss, 1e-4);
  for (int i = 0; i < 60; ++i) trainer.step(batch);
  EXPECT_LT(trainer.losses(batch).aux_loss, 0.5 * before.aux_loss);
  EXPECT_EQ(trainer.export_weights().data.size(), Trainer(small_net()).export_weights().data.size());

  const std::string path = temp_path("aux.ckpt");
  trainer.save_checkpoint(path);
  const Trainer resumed = Trainer::load_checkpoint(path, net_shape());
  std::remove(path.c_str());
  EXPECT_EQ(resumed.options().aux_weight, 0.5);
  EXPECT_EQ(resumed.optimizer_state_values(), trainer.optimizer_state_values());

  TrainBatch without = fixed_batch(16, 9);  // rows of shards from before auxiliary targets: NaN
  const TrainStats none = trainer.losses(without);
  EXPECT_EQ(none.aux_loss, 0.0);
  EXPECT_NEAR(none.loss, none.policy_loss + none.value_loss, 1e-4);
  EXPECT_EQ(Trainer(small_net()).losses(batch).aux_loss, 0.0) << "no heads, no auxiliary loss";
}

// The trainer's losses are the cross-entropies of what the exported net predicts at
// inference (nets/packed_net.h: priors over the legal actions, values over the game's
// seats): training and play read the net the same way.
TEST(Trainer, LossesAreTheExportedNetsCrossEntropies) {
  constexpr int kRows = 12;
  const auto states = testing::random_positions(kRows, 13);
  core::u64 seed = 13;
  TrainBatch batch;
  batch.resize(net_shape(), kRows);
  std::vector<Feature> features;
  std::vector<int> row_begin{0}, num_legal, players;
  std::vector<std::array<core::Action, core::kMaxLegalActions>> legal(kRows);
  std::vector<std::array<float, core::kMaxLegalActions>> targets(kRows);
  std::vector<std::array<float, core::kMaxPlayers>> value_targets(kRows);
  for (int i = 0; i < kRows; ++i) {
    const core::State& s = states[i];
    const int n = core::legal_actions(s, legal[i].data());
    float sum = 0;
    for (int k = 0; k < n; ++k) sum += targets[i][k] = float(1 + core::random_below(seed, 5));
    for (int k = 0; k < n; ++k) targets[i][k] /= sum;
    std::array<float, core::kMaxPlayers> returns{};
    returns[core::random_below(seed, s.num_players)] = 1.0f;
    value_targets[i] = rotate_to_player(returns, core::to_move(s), s.num_players);
    Feature row[kMaxActiveFeatures];
    const int count = encode_sparse(s, row);
    features.insert(features.end(), row, row + count);
    row_begin.push_back(int(features.size()));
    num_legal.push_back(n), players.push_back(s.num_players);
    batch.set_encoded_row(i, row, count, legal[i].data(), targets[i].data(), n, value_targets[i].data(),
                          s.num_players);
  }
  Trainer trainer(small_net());
  for (int i = 0; i < 20; ++i) trainer.step(batch);  // heads away from their zero start
  const TrainStats losses = trainer.losses(batch);

  PackedNet<float> net(trainer.export_weights());
  std::vector<const std::uint16_t*> legal_rows;
  for (const auto& l : legal) legal_rows.push_back(l.data());
  std::vector<std::array<float, core::kMaxLegalActions>> priors(kRows);
  std::vector<float*> prior_rows;
  for (auto& p : priors) prior_rows.push_back(p.data());
  std::vector<float> values(std::size_t(kRows) * net_shape().num_seats);
  net.run({kRows, features.data(), row_begin.data(), legal_rows.data(), num_legal.data(), players.data()},
          {values.data(), prior_rows.data()});
  double policy = 0, value = 0;
  for (int i = 0; i < kRows; ++i) {
    for (int k = 0; k < num_legal[i]; ++k) policy -= targets[i][k] * std::log(priors[i][k]);
    for (int p = 0; p < players[i]; ++p)
      value -= value_targets[i][p] * std::log(values[std::size_t(i) * net_shape().num_seats + p]);
  }
  EXPECT_NEAR(losses.policy_loss, policy / kRows, 1e-4);
  EXPECT_NEAR(losses.value_loss, value / kRows, 1e-4);
  EXPECT_GT(std::abs(losses.policy_loss - Trainer(small_net()).losses(batch).policy_loss), 1e-3)
      << "the trained heads predict more than the untrained net's uniform priors";
}

TEST(Trainer, BatchRowsAreSetInOrder) {
  TrainBatch batch;
  batch.resize(net_shape(), 2);
  const Feature row[1] = {{0, 1.0f}};
  const core::Action legal[1] = {0};
  const float target[1] = {1.0f}, value[core::kMaxPlayers] = {1.0f};
  EXPECT_THROW(batch.set_encoded_row(1, row, 1, legal, target, 1, value, 2), std::logic_error);
  batch.set_encoded_row(0, row, 1, legal, target, 1, value, 2);
  EXPECT_THROW(Trainer(small_net()).losses(batch), std::logic_error) << "a row never set";
  batch.set_encoded_row(1, row, 1, legal, target, 1, value, 2);
  EXPECT_EQ(batch.max_legal(), 1);
  EXPECT_NO_THROW(Trainer(small_net()).losses(batch));
}

TEST(Trainer, CorruptCheckpointIsAOneLineError) {
  Trainer trainer(small_net());
  const std::string path = temp_path("corrupt.ckpt");
  trainer.save_checkpoint(path);
  const std::string bytes = io::read_file(path);
  auto message = [&](const std::string& damaged) {
    io::write_file_atomically(path, damaged);
    try {
      Trainer::load_checkpoint(path, net_shape());
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  std::string flipped = bytes;
  flipped[bytes.size() - 100] ^= 0x01;
  EXPECT_NE(message(flipped).find("checksum"), std::string::npos);
  EXPECT_NE(message(bytes.substr(0, bytes.size() / 2)).find("truncated"), std::string::npos);
  EXPECT_NE(message("PAMIRNET and more bytes than a checkpoint header holds").find("not a pamir checkpoint"),
            std::string::npos);
  EXPECT_EQ(message(flipped).find('\n'), std::string::npos);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace pamir::nets
