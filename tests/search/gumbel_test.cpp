// Gumbel root search: sequential halving spends the budget on the considered moves and keeps
// the best, the improved policy moves probability toward the moves that searched well, and
// the search with it finds the known best moves of the scenarios PUCT finds.

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "search/evaluators.h"
#include "search/gumbel.h"
#include "search/heuristic.h"
#include "search/mcts.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using search::GumbelArm;
using search::GumbelRoot;

// A bandit of moves whose simulations return a fixed value each: drives the halving.
struct GumbelBandit {
  std::vector<float> prior, value;
  std::vector<GumbelArm> arms;
  GumbelBandit(std::vector<float> p, std::vector<float> v) : prior(std::move(p)), value(std::move(v)) {
    for (float x : prior) arms.push_back({x, 0, 0});
  }
  // Runs `budget` simulations; returns how many distinct moves were visited.
  int run(GumbelRoot& root, int budget) {
    for (int k = 0; k < budget; ++k) {
      const int i = root.next(arms, 0.5f);
      arms[i].visits += 1;
      arms[i].value_sum += value[i];
    }
    int visited = 0;
    for (const auto& a : arms) visited += a.visits > 0;
    return visited;
  }
};

TEST(Gumbel, HalvingSpendsTheBudgetOnTheConsideredMovesAndKeepsTheBest) {
  // Eight moves, the prior favouring the worst; the best (index 5) has a small prior but is
  // among the four considered (no noise: the prior's top four are 0, 1, 2 and 5).
  GumbelBandit b({0.3f, 0.25f, 0.2f, 0.01f, 0.01f, 0.15f, 0.04f, 0.04f},
                 {0.2f, 0.3f, 0.4f, 0.9f, 0.9f, 0.8f, 0.5f, 0.5f});
  GumbelRoot root;
  core::u64 rng = 1;
  root.reset(b.arms, 4, 0, 64, rng);
  EXPECT_EQ(b.run(root, 64), 4);  // only the considered moves
  for (int i : {0, 1, 2, 5}) EXPECT_GT(b.arms[i].visits, 0u) << i;
  EXPECT_EQ(root.choice(b.arms, 0.5f), 5);
  // Two phases of 32 simulations: 8 each for the four, then 16 more for the better two.
  for (int i : {0, 1}) EXPECT_EQ(b.arms[i].visits, 8u) << i;
  for (int i : {2, 5}) EXPECT_EQ(b.arms[i].visits, 24u) << i;
}

TEST(Gumbel, ImprovedPolicyMovesProbabilityTowardWhatSearchedWell) {
  GumbelBandit b({0.5f, 0.3f, 0.2f}, {0.2f, 0.3f, 0.9f});
  GumbelRoot root;
  core::u64 rng = 2;
  root.reset(b.arms, 3, 0, 30, rng);
  b.run(root, 30);
  float policy[3];
  root.improved_policy(b.arms, 0.5f, policy);
  EXPECT_NEAR(policy[0] + policy[1] + policy[2], 1.0f, 1e-5);
  EXPECT_GT(policy[2], 0.9f);  // the best move, searched, dominates whatever its prior
  EXPECT_LT(policy[0], b.prior[0]);
  // Before any simulation every Q is the root's value: the improved policy is the prior.
  GumbelBandit fresh({0.5f, 0.3f, 0.2f}, {0, 0, 0});
  root.reset(fresh.arms, 3, 0, 30, rng);
  root.improved_policy(fresh.arms, 0.5f, policy);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(policy[i], fresh.prior[i], 1e-5);
}

TEST(Gumbel, NoiseSamplesMovesInProportionToThePrior) {
  // With one move considered and no search, the Gumbel-top-1 of the logits is a sample of the
  // prior: over many draws each move's share approaches its prior.
  const std::vector<float> prior{0.6f, 0.3f, 0.1f};
  std::vector<GumbelArm> arms;
  for (float p : prior) arms.push_back({p, 0, 0});
  int count[3] = {};
  core::u64 rng = 3;
  GumbelRoot root;
  constexpr int kDraws = 20000;
  for (int k = 0; k < kDraws; ++k) {
    root.reset(arms, 1, 1.0, 1, rng);
    ++count[root.next(arms, 0.5f)];
  }
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(count[i] / double(kDraws), prior[i], 0.015) << i;
}

search::SearchOptions gumbel_options(const std::string& text) {
  search::SearchOptions o;
  search::parse_options("ismcts", text, o);
  return o;
}

// The scenario of search_test.cpp: buying the Dominance Check wins at once.
TEST(Gumbel, SearchFindsTheWinningMoveAndLearnsIt) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({61, 63, 101, 9, 13, 8}, {21, 56, 88, 91, 0, 67});
  sc.s.actions_used = 1;
  sc.s.vp[0] = 2;
  sc.tribe(0, Region::kKabul);
  const int win = parse_action(sc.s, "purchase 0 2");
  ASSERT_GE(win, 0);
  search::HeuristicEvaluator heuristic;
  for (const char* options :
       {"iters=64,gumbel=16", "iters=64,gumbel=16,gnoise=1,batch=4", "iters=16,gumbel=200"}) {
    SCOPED_TRACE(options);
    search::Search search(gumbel_options(options), search::WorldModel::kSampledWorlds, 5);
    search.start(sc.s);
    search.run(heuristic);
    EXPECT_EQ(search.choose_move(), win);
    search::RootMove moves[core::kMaxLegalActions];
    float target[core::kMaxLegalActions];
    const int n = search.root_moves(moves);
    ASSERT_EQ(search.policy_target(target), n);
    EXPECT_NEAR(std::accumulate(target, target + n, 0.0), 1.0, 1e-4);
    const int at =
        int(std::find_if(moves, moves + n, [&](const auto& m) { return m.action == win; }) - moves);
    EXPECT_EQ(std::max_element(target, target + n) - target, at);
    // The root's value is the played move's, not the mean over the moves the halving dropped.
    EXPECT_NEAR(search.root_values()[core::to_move(sc.s)], moves[at].value, 1e-5);
  }
}

}  // namespace
}  // namespace pamir::testing
