#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/game.h"
#include "nets/encoder.h"
#include "nets/inference_path.h"
#include "nets/net_evaluator.h"
#include "tests/alloc_counter.h"
#include "tests/nets/positions.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

// Once its buffers have grown to the batch size, the network evaluator allocates nothing:
// neither on cache misses (encode, forward pass) nor on hits.
TEST(Alloc, NetEvaluatorInSteadyStateAllocatesNothing) {
  const auto states = random_positions(16, 2);
  std::vector<Action> legal(states.size() * kMaxLegalActions);
  std::vector<float> priors(legal.size());
  std::vector<search::Values> values(states.size());
  std::vector<search::Leaf> leaves;
  std::vector<search::LeafResult> results;
  for (std::size_t i = 0; i < states.size(); ++i) {
    Action* l = legal.data() + i * kMaxLegalActions;
    leaves.push_back({&states[i], l, legal_actions(states[i], l)});
    results.push_back({&values[i], priors.data() + i * kMaxLegalActions});
  }
  nets::NetEvaluator evaluator(nets::make_inference(std::make_shared<const nets::NetWeights>(
                                                        nets::random_weights(nets::net_shape(), {64, 2}, 1)),
                                                    nets::kDefaultInference),
                               {.cache_entries = 4096, .max_cached_legal = kMaxLegalActions});
  evaluator.evaluate(leaves, results);
  evaluator.clear_cache();
  EXPECT_EQ(allocations_during([&] { evaluator.evaluate(leaves, results); }), 0);  // misses
  EXPECT_EQ(allocations_during([&] { evaluator.evaluate(leaves, results); }), 0);  // hits
  EXPECT_EQ(evaluator.cache_stats().hits, states.size());
}

}  // namespace
}  // namespace pamir::testing
