#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/world.h"
#include "nets/encoder.h"
#include "nets/feature.h"
#include "nets/inference_path.h"
#include "nets/net_evaluator.h"
#include "nets/packed_net.h"
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

// The network as nets/weights.h writes it, in double precision, position by position: the
// yardstick of the implementations.
struct Reference {
  std::vector<double> values, priors;  // num_seats per row; num_legal per row, one after the other
};

Reference reference_forward(const NetWeights& w, const Batch& b) {
  const WeightLayout l(w.shape, w.config);
  const int width = w.config.width, seats = w.shape.num_seats;
  const float* p = w.data.data();
  Reference out;
  for (int i = 0; i < b.batch.size; ++i) {
    std::vector<double> x(w.shape.num_features, 0.0), h(width), t(width);
    for (int k = b.row_begin[i]; k < b.row_begin[i + 1]; ++k) x[b.features[k].index] += b.features[k].value;
    for (int o = 0; o < width; ++o) {
      double sum = p[l.input_bias + o];
      for (int f = 0; f < w.shape.num_features; ++f) sum += x[f] * p[l.input + std::size_t(f) * width + o];
      h[o] = std::max(sum, 0.0);
    }
    for (int blk = 0; blk < w.config.blocks; ++blk) {
      for (int o = 0; o < width; ++o) {
        double sum = p[l.b1(blk) + o];
        for (int j = 0; j < width; ++j) sum += p[l.w1(blk) + std::size_t(o) * width + j] * h[j];
        t[o] = std::max(sum, 0.0);
      }
      for (int o = 0; o < width; ++o) {
        double sum = h[o] + p[l.b2(blk) + o];
        for (int j = 0; j < width; ++j) sum += p[l.w2(blk) + std::size_t(o) * width + j] * t[j];
        h[o] = std::max(sum, 0.0);
      }
    }
    auto row = [&](std::size_t matrix, std::size_t bias, int r) {
      double sum = p[bias + r];
      for (int j = 0; j < width; ++j) sum += p[matrix + std::size_t(r) * width + j] * h[j];
      return sum;
    };
    auto softmax = [](std::vector<double> z) {
      const double top = *std::max_element(z.begin(), z.end());
      double total = 0;
      for (double& v : z) total += v = std::exp(v - top);
      for (double& v : z) v /= total;
      return z;
    };
    std::vector<double> value_logits;
    for (int s = 0; s < b.num_players[i]; ++s) value_logits.push_back(row(l.value, l.value_bias, s));
    std::vector<double> v = softmax(value_logits);
    v.resize(seats, 0.0);
    out.values.insert(out.values.end(), v.begin(), v.end());
    std::vector<double> policy_logits;
    for (int k = 0; k < b.num_legal[i]; ++k)
      policy_logits.push_back(row(l.policy, l.policy_bias, b.legal_ptr[i][k]));
    const std::vector<double> prior = softmax(policy_logits);
    out.priors.insert(out.priors.end(), prior.begin(), prior.end());
  }
  return out;
}

// The largest difference between an implementation's outputs and the reference's.
double max_error(const Batch& b, const Reference& r, int seats) {
  double worst = 0;
  std::size_t next_prior = 0;
  for (int i = 0; i < b.batch.size; ++i) {
    for (int s = 0; s < seats; ++s)
      worst = std::max(worst, std::abs(b.values[i * seats + s] - r.values[i * seats + s]));
    for (int k = 0; k < b.num_legal[i]; ++k)
      worst = std::max(worst, std::abs(b.prior_ptr[i][k] - r.priors[next_prior++]));
  }
  return worst;
}

// Widths that fill the kernel's tiles exactly (64, 128), leave a partial 32-wide block (40,
// padded with zeros) and take two tiles (160); every kernel this processor runs
// (nets/packed_kernel.h), the picked one through make_inference.
TEST(Inference, PackedNetsMatchTheReference) {
  const auto states = testing::random_positions(24, 21);
  for (const NetConfig config : {NetConfig{64, 2}, NetConfig{40, 1}, NetConfig{128, 1}, NetConfig{160, 1}}) {
    const NetWeights weights = random_weights(net_shape(), config, 5);
    Batch picked(states);
    const Reference reference = reference_forward(weights, picked);
    picked.run(*make_inference(std::make_shared<const NetWeights>(weights), InferencePath::kF32));
    EXPECT_LT(max_error(picked, reference, core::kMaxPlayers), 1e-5) << config.width;
    for (const PackedKernel* kernel : supported_packed_kernels()) {
      Batch f32(states), bf16(states);
      PackedNet<float> f32_net(weights, *kernel);
      PackedNet<Bf16> bf16_net(weights, *kernel);
      f32.run(f32_net);
      bf16.run(bf16_net);
      // Float sums in another order than the reference's; bfloat16 keeps 8 bits of each weight.
      EXPECT_LT(max_error(f32, reference, core::kMaxPlayers), 1e-5) << config.width << " " << kernel->name;
      EXPECT_LT(max_error(bf16, reference, core::kMaxPlayers), 2e-2) << config.width << " " << kernel->name;
      EXPECT_GT(max_error(bf16, reference, core::kMaxPlayers), 0.0) << "bf16 rounds the weights";
    }
  }
}

// The best first, unless PAMIR_KERNEL says otherwise; the portable kernel always runs.
TEST(Inference, KernelsRunHereBestFirst) {
  const std::vector<const PackedKernel*>& kernels = supported_packed_kernels();
  ASSERT_FALSE(kernels.empty());
  EXPECT_EQ(&best_packed_kernel(), kernels.front());
#if defined(__x86_64__)
  EXPECT_TRUE(std::any_of(kernels.begin(), kernels.end(),
                          [](const PackedKernel* k) { return std::string(k->name) == "sse4.2"; }));
  if (std::getenv("PAMIR_KERNEL") == nullptr) {
    EXPECT_STREQ(kernels.back()->name, "sse4.2");
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) {
      EXPECT_STREQ(kernels.front()->name, "avx512");
    }
  }
#endif
  const NetWeights weights = random_weights(net_shape(), {64, 1}, 5);
  EXPECT_EQ(&PackedNet<float>(weights).kernel(), kernels.front());
}

TEST(Inference, Bf16RoundsToNearestEven) {
  EXPECT_EQ(from_bf16(to_bf16(1.0f)), 1.0f);
  EXPECT_EQ(from_bf16(to_bf16(-2.5f)), -2.5f);
  // 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: the even neighbour, 1, wins; 1 + 3 * 2^-8
  // lies halfway between 1 + 2^-7 and 1 + 2^-6: again the even one, 1 + 2^-6.
  EXPECT_EQ(from_bf16(to_bf16(1.0f + 0x1p-8f)), 1.0f);
  EXPECT_EQ(from_bf16(to_bf16(1.0f + 3 * 0x1p-8f)), 1.0f + 0x1p-6f);
  EXPECT_EQ(from_bf16(to_bf16(1.0f + 0x1p-8f + 0x1p-20f)), 1.0f + 0x1p-7f);  // above half: up
}

TEST(Inference, TorchAndPackedAgree) {
  if (!PAMIR_WITH_TORCH) GTEST_SKIP() << "this build has no libtorch";
  const auto weights = test_weights();
  const auto states = testing::random_positions(24, 21);
  Batch packed(states), torch(states);
  packed.run(*make_inference(weights, InferencePath::kF32));
  torch.run(*make_inference(weights, InferencePath::kTorch));
  for (std::size_t i = 0; i < packed.values.size(); ++i) EXPECT_NEAR(packed.values[i], torch.values[i], 1e-4);
  for (std::size_t r = 0; r < states.size(); ++r) {
    float sum = 0;
    for (int k = 0; k < packed.num_legal[r]; ++k) {
      EXPECT_NEAR(packed.prior_ptr[r][k], torch.prior_ptr[r][k], 1e-4);
      sum += packed.prior_ptr[r][k];
    }
    EXPECT_NEAR(sum, 1.0f, 1e-4);
    float value_sum = 0;
    for (int o = 0; o < core::kMaxPlayers; ++o) value_sum += packed.values[r * core::kMaxPlayers + o];
    EXPECT_NEAR(value_sum, 1.0f, 1e-4);
    for (int o = states[r].num_players; o < core::kMaxPlayers; ++o)
      EXPECT_EQ(packed.values[r * core::kMaxPlayers + o], 0.0f);
  }
}

// A position's outputs are bit for bit the same in any batch (alone, or among others in any
// order), so that self-play's results do not depend on which positions meet in a batch.
TEST(Inference, BatchedRowsEqualSingleRowsExactly) {
  const auto weights = test_weights();
  const auto states = testing::random_positions(37, 4);
  for (const InferencePath path : {InferencePath::kF32, InferencePath::kBf16}) {
    const auto net = make_inference(weights, path);
    Batch all(states);
    all.run(*net);
    std::vector<core::State> reversed(states.rbegin(), states.rend());
    Batch backwards(reversed);
    backwards.run(*net);
    for (std::size_t i = 0; i < states.size(); ++i) {
      Batch one({states[i]});
      one.run(*net);
      const std::size_t j = states.size() - 1 - i;
      for (int o = 0; o < core::kMaxPlayers; ++o) {
        EXPECT_EQ(one.values[o], all.values[i * core::kMaxPlayers + o]) << net->name() << i;
        EXPECT_EQ(one.values[o], backwards.values[j * core::kMaxPlayers + o]) << net->name() << i;
      }
      for (int k = 0; k < one.num_legal[0]; ++k) {
        EXPECT_EQ(one.prior_ptr[0][k], all.prior_ptr[i][k]) << net->name() << i;
        EXPECT_EQ(one.prior_ptr[0][k], backwards.prior_ptr[j][k]) << net->name() << i;
      }
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

TEST(WeightFile, IsReadOncePerProcessWhileItIsUnchanged) {
  const std::string path = (std::filesystem::temp_directory_path() / "pamir_shared_weights.bin").string();
  save_weights(path, random_weights(net_shape(), {16, 1}, 3));
  const auto first = load_weights_shared(path, net_shape());
  EXPECT_EQ(load_weights_shared(path, net_shape()), first);  // the same copy: not read again
  // Rewritten (another net, another size): read again.
  save_weights(path, random_weights(net_shape(), {24, 1}, 4));
  const auto second = load_weights_shared(path, net_shape());
  EXPECT_NE(second, first);
  EXPECT_EQ(second->config.width, 24);
  std::filesystem::remove(path);
  EXPECT_THROW(load_weights_shared(path, net_shape()), std::runtime_error);  // gone: load_weights' error
}

TEST(NetEvaluator, CacheServesEveryDeterminizationOfAnInformationSet) {
  const auto states = testing::random_positions(6, 8);
  const auto weights = test_weights();
  const auto direct = make_inference(weights, InferencePath::kF32);
  NetEvaluator evaluator(make_inference(weights, InferencePath::kF32),
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
    one.run(*direct);
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

TEST(NetEvaluator, TakesTheInferencePathFromTheSearchOptions) {
  const std::string path = (std::filesystem::temp_directory_path() / "pamir_nets_infer.bin").string();
  save_weights(path, random_weights(net_shape(), {32, 1}, 3));
  search::SearchOptions options;
  EXPECT_EQ(options.infer, inference_path_name(kDefaultInference));
  search::parse_options("ismcts", "eval=net:" + path + ",infer=bf16", options);
  EXPECT_NE(search::make_evaluator(options, 1), nullptr);
  search::parse_options("ismcts", "infer=fp8", options);
  try {
    search::make_evaluator(options, 1);
    ADD_FAILURE() << "infer=fp8 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown inference path 'fp8'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(search::make_evaluator("best", 1, "fp8"), std::invalid_argument);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pamir::nets
