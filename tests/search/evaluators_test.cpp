// The built-in evaluators and the registry that makes evaluators by name.

#include <gtest/gtest.h>

#include <numeric>

#include "core/game.h"
#include "search/evaluator_registry.h"
#include "search/evaluators.h"
#include "search/heuristic.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using search::Values;

struct Evaluated {
  Values values;
  std::vector<float> prior;
};

Evaluated evaluate(search::Evaluator& e, const State& s) {
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  Evaluated out;
  out.prior.resize(n);
  const search::Leaf leaf{&s, legal, n};
  const search::LeafResult result{&out.values, out.prior.data()};
  e.evaluate({&leaf, 1}, {&result, 1});
  return out;
}

void expect_distribution(const Evaluated& r, int players) {
  EXPECT_NEAR(std::accumulate(r.values.begin(), r.values.end(), 0.0f), 1.0f, 1e-5f);
  for (int p = 0; p < core::kMaxPlayers; ++p) {
    EXPECT_GE(r.values[p], 0.0f);
    if (p >= players) {
      EXPECT_EQ(r.values[p], 0.0f);
    }
  }
  EXPECT_NEAR(std::accumulate(r.prior.begin(), r.prior.end(), 0.0f), 1.0f, 1e-5f);
}

TEST(Evaluators, EveryBuiltInGivesDistributions) {
  const State s = Scenario({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian}, 3).s;
  for (const char* name : {"uniform", "rollout", "heuristic"}) {
    auto e = search::make_evaluator(name, 1);
    EXPECT_STREQ(e->name(), name);
    expect_distribution(evaluate(*e, s), 3);
  }
}

TEST(Evaluators, RolloutsAreSeededAndEndTheGame) {
  const State s = new_game(4, 8);
  search::RolloutEvaluator a(5), b(5), c(6);
  float total = 0;
  for (int k = 0; k < 20; ++k) {
    const Values va = evaluate(a, s).values;
    EXPECT_EQ(va, evaluate(b, s).values);
    total += std::count(va.begin(), va.end(), 1.0f);  // a single winner most of the time
    evaluate(c, s);
  }
  EXPECT_GT(total, 10);
}

TEST(Evaluators, HeuristicFavoursTheLeader) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[1] = 6;
  const Values v = search::heuristic_values(sc.s);
  EXPECT_GT(v[1], v[0]);
  EXPECT_GT(v[1], v[2]);
  sc.tribe(2, Region::kHerat, 2);  // ruling a region and cylinders in play count
  EXPECT_GT(search::heuristic_values(sc.s)[2], v[2]);
}

TEST(Evaluators, HeuristicBlendMixesValuesAndKeepsThePrior) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[1] = 6;
  const Values h = search::heuristic_values(sc.s);
  auto blend = search::blend_with_heuristic(std::make_unique<search::UniformEvaluator>(), 0.25);
  EXPECT_STREQ(blend->name(), "uniform+heuristic*0.25");
  const Evaluated r = evaluate(*blend, sc.s);
  expect_distribution(r, 3);
  for (int p = 0; p < 3; ++p) EXPECT_NEAR(r.values[p], 0.75f / 3 + 0.25f * h[p], 1e-6f) << p;
  for (float x : r.prior) EXPECT_FLOAT_EQ(x, 1.0f / float(r.prior.size()));  // the inner evaluator's
  // Weight 0 is the evaluator itself, unwrapped.
  auto plain = search::blend_with_heuristic(std::make_unique<search::UniformEvaluator>(), 0);
  EXPECT_STREQ(plain->name(), "uniform");
}

TEST(Evaluators, RegistryTakesNewEvaluatorsWithArguments) {
  auto seen = std::make_shared<std::string>();  // outlives the test: the registry is global
  search::register_evaluator("test-uniform", [seen](const search::EvaluatorRequest& request) {
    *seen = request.argument;
    return std::make_unique<search::UniformEvaluator>();
  });
  auto e = search::make_evaluator("test-uniform:gen3.pt", 1);
  EXPECT_EQ(*seen, "gen3.pt");
  expect_distribution(evaluate(*e, new_game(2, 1)), 2);
  const auto names = search::evaluator_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "test-uniform"), names.end());
}

}  // namespace
}  // namespace pamir::testing
