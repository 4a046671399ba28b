#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "core/game.h"
#include "core/world.h"
#include "nets/eigen_net.h"
#include "nets/encoder.h"
#include "nets/net_evaluator.h"
#include "nets/torch_inference.h"
#include "nets/weights.h"
#include "search/evaluator_registry.h"
#include "tests/nets/positions.h"

namespace pamir::nets {
namespace {

// A batch of positions with everything the inference needs, and room for its outputs.
struct Batch {
  explicit Batch(const std::vector<core::State>& states) : features(states.size() * kMaxActiveFeatures) {
    const int n = int(states.size());
    legal.resize(n * core::kMaxLegalActions);
    priors.resize(n * core::kMaxLegalActions);
    values.resize(n * core::kMaxPlayers);
    row_begin.push_back(0);
    for (int i = 0; i < n; ++i) {
      row_begin.push_back(row_begin.back() + encode_sparse(states[i], features.data() + row_begin.back()));
      legal_ptr.push_back(legal.data() + i * core::kMaxLegalActions);
      num_legal.push_back(core::legal_actions(states[i], legal.data() + i * core::kMaxLegalActions));
      num_players.push_back(states[i].num_players);
      prior_ptr.push_back(priors.data() + i * core::kMaxLegalActions);
    }
    batch = {n, features.data(), row_begin.data(), legal_ptr.data(), num_legal.data(), num_players.data()};
  }
  void run(Inference& inference) { inference.run(batch, {values.data(), prior_ptr.data()}); }

  std::vector<Feature> features;
  std::vector<int> row_begin, num_legal, num_players;
  std::vector<core::Action> legal;
  std::vector<const core::Action*> legal_ptr;
  std::vector<float> priors, values;
  std::vector<float*> prior_ptr;
  InferenceBatch batch;
};

std::shared_ptr<const NetWeights> test_weights() {
  return std::make_shared<const NetWeights>(random_weights(net_shape(), {64, 2}, 5));
}

TEST(Inference, TorchAndEigenAgree) {
  if (!PAMIR_WITH_TORCH) GTEST_SKIP() << "this build has no libtorch";
  const auto weights = test_weights();
  const auto states = testing::random_positions(24, 21);
  Batch eigen(states), torch(states);
  eigen.run(*make_inference(weights, InferencePath::kEigen));
  torch.run(*make_inference(weights, InferencePath::kTorch));
  for (std::size_t i = 0; i < eigen.values.size(); ++i) EXPECT_NEAR(eigen.values[i], torch.values[i], 1e-4);
  for (std::size_t r = 0; r < states.size(); ++r) {
    float sum = 0;
    for (int k = 0; k < eigen.num_legal[r]; ++k) {
      EXPECT_NEAR(eigen.prior_ptr[r][k], torch.prior_ptr[r][k], 1e-4);
      sum += eigen.prior_ptr[r][k];
    }
    EXPECT_NEAR(sum, 1.0f, 1e-4);
    float value_sum = 0;
    for (int o = 0; o < core::kMaxPlayers; ++o) value_sum += eigen.values[r * core::kMaxPlayers + o];
    EXPECT_NEAR(value_sum, 1.0f, 1e-4);
    for (int o = states[r].num_players; o < core::kMaxPlayers; ++o)
      EXPECT_EQ(eigen.values[r * core::kMaxPlayers + o], 0.0f);
  }
}

// A position's outputs are bit for bit the same in any batch (alone, or among others in any
// order), so that self-play's results do not depend on which positions meet in a batch.
TEST(Inference, BatchedRowsEqualSingleRowsExactly) {
  const auto weights = test_weights();
  const auto states = testing::random_positions(37, 4);
  EigenNet net(weights);
  Batch all(states);
  all.run(net);
  std::vector<core::State> reversed(states.rbegin(), states.rend());
  Batch backwards(reversed);
  backwards.run(net);
  for (std::size_t i = 0; i < states.size(); ++i) {
    Batch one({states[i]});
    one.run(net);
    const std::size_t j = states.size() - 1 - i;
    for (int o = 0; o < core::kMaxPlayers; ++o) {
      EXPECT_EQ(one.values[o], all.values[i * core::kMaxPlayers + o]) << i;
      EXPECT_EQ(one.values[o], backwards.values[j * core::kMaxPlayers + o]) << i;
    }
    for (int k = 0; k < one.num_legal[0]; ++k) {
      EXPECT_EQ(one.prior_ptr[0][k], all.prior_ptr[i][k]) << i;
      EXPECT_EQ(one.prior_ptr[0][k], backwards.prior_ptr[j][k]) << i;
    }
  }
}

TEST(WeightFile, RoundTripsAndRejectsDamage) {
  const NetWeights w = random_weights(net_shape(), {16, 1}, 9);
  const std::string bytes = serialize_weights(w);
  EXPECT_EQ(parse_weights(bytes, "w", net_shape()).data, w.data);
  auto message = [&](std::string damaged) {
    try {
      parse_weights(damaged, "w.bin", net_shape());
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x10;
  EXPECT_NE(message(flipped).find("checksum"), std::string::npos);
  EXPECT_NE(message(bytes.substr(0, bytes.size() - 7)).find("truncated"), std::string::npos);
  EXPECT_NE(message(bytes.substr(0, 20)).find("too short"), std::string::npos);
  EXPECT_NE(message("garbage that is long enough to hold a header, really it is").find("not a pamir"),
            std::string::npos);
  // A file made for another encoder (its fingerprint at bytes 32..39) or another format
  // version is refused by name, whatever its shape.
  std::string other_encoder = bytes;
  other_encoder[32] ^= 0x01;
  EXPECT_NE(message(other_encoder).find("made for another encoder"), std::string::npos)
      << message(other_encoder);
  std::string old_version = bytes;
  old_version[8] = 1;
  EXPECT_NE(message(old_version).find("version 1, this build reads 2"), std::string::npos)
      << message(old_version);
  for (const auto& m : {message(flipped), message(bytes.substr(0, 30)), message(other_encoder)})
    EXPECT_EQ(m.find('\n'), std::string::npos);
  EXPECT_THROW(load_weights("/nonexistent/w.bin", net_shape()), std::runtime_error);
}

TEST(NetEvaluator, CacheServesEveryDeterminizationOfAnInformationSet) {
  const auto states = testing::random_positions(6, 8);
  const auto weights = test_weights();
  EigenNet direct(weights);
  NetEvaluator evaluator(std::make_unique<EigenNet>(weights),
                         {.cache_entries = 1024, .max_cached_legal = core::kMaxLegalActions});
  for (const core::State& s : states) {
    core::u64 rng = 1;
    const core::State world = core::sample_world(s, core::to_move(s), rng);
    core::Action legal[core::kMaxLegalActions];
    const int n = core::legal_actions(s, legal);
    search::Values v1, v2;
    std::vector<float> p1(n), p2(n);
    const search::Leaf leaves[2] = {{&s, legal, n}, {&world, legal, n}};
    evaluator.evaluate(std::span(leaves, 1), std::vector<search::LeafResult>{{&v1, p1.data()}});
    evaluator.evaluate(std::span(leaves + 1, 1), std::vector<search::LeafResult>{{&v2, p2.data()}});
    EXPECT_EQ(v1, v2);
    EXPECT_EQ(p1, p2);
    EXPECT_NEAR(std::accumulate(p1.begin(), p1.end(), 0.0f), 1.0f, 1e-4);
    // The evaluator answers in seat order; the network in offsets from the player to move.
    Batch one({s});
    one.run(direct);
    for (int o = 0; o < s.num_players; ++o)
      EXPECT_FLOAT_EQ(v1[(core::to_move(s) + o) % s.num_players], one.values[o]);
  }
  EXPECT_EQ(evaluator.cache_stats().hits, states.size());
}

TEST(NetEvaluator, IsRegisteredAsNetWithAWeightFile) {
  const std::string path = (std::filesystem::temp_directory_path() / "pamir_nets_registry.bin").string();
  save_weights(path, random_weights(net_shape(), {16, 1}, 3));
  const auto evaluator = search::make_evaluator("net:" + path, 1);
  EXPECT_EQ(std::string(evaluator->name()), "net:" + path);
  const core::State s = testing::random_positions(1, 5)[0];
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  search::Values values{};
  std::vector<float> prior(n);
  const search::Leaf leaf{&s, legal, n};
  const search::LeafResult result{&values, prior.data()};
  evaluator->evaluate(std::span(&leaf, 1), std::span(&result, 1));
  EXPECT_NEAR(std::accumulate(prior.begin(), prior.end(), 0.0f), 1.0f, 1e-4);
  std::filesystem::remove(path);
  EXPECT_THROW(search::make_evaluator("net:" + path, 1), std::runtime_error);
  EXPECT_THROW(search::make_evaluator("net", 1), std::invalid_argument);
}

}  // namespace
}  // namespace pamir::nets
