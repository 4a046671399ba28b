// Tree search: the known best move in small constructed positions, max^n backup,
// determinism, step-wise batched driving, and no allocation in steady state.

#include <gtest/gtest.h>

#include "core/hash.h"
#include "search/evaluators.h"
#include "search/heuristic.h"
#include "search/mcts.h"
#include "search/search_agents.h"
#include "tests/alloc_counter.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using search::Search;
using search::SearchOptions;
using search::WorldModel;

SearchOptions with(const std::string& text) {
  SearchOptions o;
  search::parse_options("ismcts", text, o);
  return o;
}

core::Action best_move(const State& s, const std::string& options, WorldModel model,
                       search::Evaluator& eval) {
  Search search(with(options), model, 11);
  search.start(s);
  search.run(eval);
  EXPECT_GE(search.iterations(), with(options).iters);
  return search.choose_move();
}

// Two players; player 0 can buy the first Dominance Check (third column, 2 rupees), which
// scores 3 VP for more cylinders in play and ends the game on a 4-point lead (guide
// "Objective"). It is the player's last action this turn; left in the market, the check
// would wait for the opponent's turn.
Scenario winning_check_position() {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.set_market({61, 63, 101, 9, 13, 8}, {21, 56, 88, 91, 0, 67});
  sc.s.actions_used = 1;
  sc.s.vp[0] = 2;
  sc.tribe(0, Region::kKabul);
  return sc;
}

TEST(Search, FindsTheDominanceCheckThatWinsAtOnce) {
  Scenario sc = winning_check_position();
  const int win = parse_action(sc.s, "purchase 0 2");
  ASSERT_GE(win, 0);
  search::RolloutEvaluator rollout(3);
  search::HeuristicEvaluator heuristic;
  EXPECT_EQ(best_move(sc.s, "iters=300", WorldModel::kSampledWorlds, rollout), win);
  EXPECT_EQ(best_move(sc.s, "iters=300", WorldModel::kTrueState, rollout), win);
  EXPECT_EQ(best_move(sc.s, "iters=300", WorldModel::kSampledWorlds, heuristic), win);
  EXPECT_EQ(search::HeuristicAgent(5).choose(sc.s), win);
}

// A market card carrying six rupees costs nothing in the first column: buying it is the
// obvious move for a player with one rupee.
TEST(Search, FindsTheObviousPurchase) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.set_market({61, 63, 67, 9, 13, 8}, {0, 0, 0, 0, 0, 0});
  sc.set_market_rupees(0, 0, 6);
  sc.set_rupees(0, 1);
  const int buy = parse_action(sc.s, "purchase 0 0");
  ASSERT_GE(buy, 0);
  search::HeuristicEvaluator heuristic;
  EXPECT_EQ(best_move(sc.s, "iters=400", WorldModel::kSampledWorlds, heuristic), buy);
  EXPECT_EQ(search::HeuristicAgent(5).choose(sc.s), buy);
}

// Values by the two loyalty choices of a 2-player setup (first chooser a, then the other
// player b), not constant-sum, so that the backup rule decides the root move:
//   max^n (each maximizes their own value): b answers a=0 with 1, a=1 with 0, a=2 with 2,
//     and the first chooser gets 0.1, 0.6, 0.4: a=1.
//   "others help the root player" would pick a=0 (0.95); "others oppose it" a=2 (0.4).
class LoyaltyTableEvaluator final : public search::Evaluator {
 public:
  explicit LoyaltyTableEvaluator(int first) : first_(first) {}
  void evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) override {
    static constexpr float kTable[3][3][2] = {{{0.95f, 0.1f}, {0.1f, 0.8f}, {0.3f, 0.0f}},
                                              {{0.6f, 0.5f}, {0.2f, 0.3f}, {0.25f, 0.2f}},
                                              {{0.45f, 0.1f}, {0.5f, 0.2f}, {0.4f, 0.3f}}};
    for (size_t i = 0; i < leaves.size(); ++i) {
      const State& s = *leaves[i].state;
      const int a = s.loyalty[first_], b = s.loyalty[1 - first_];
      search::Values& v = *results[i].values;
      v.fill(0.5f);
      if (a < 3 && b < 3) {
        v[first_] = kTable[a][b][0];
        v[1 - first_] = kTable[a][b][1];
      }
      search::uniform_prior(results[i].prior, leaves[i].num_legal);
    }
  }
  const char* name() const override { return "loyalty-table"; }

 private:
  int first_;
};

TEST(Search, BacksUpMaxNValues) {
  const State s = new_game(2, 4);
  const int first = to_move(s);
  LoyaltyTableEvaluator eval(first);
  for (const char* options : {"iters=3000,c=0.5", "iters=3000,c=0.5,batch=8"}) {
    Search search(with(options), WorldModel::kTrueState, 1);
    search.start(s);
    search.run(eval);
    EXPECT_EQ(search.choose_move(), Act::loyalty(1)) << options;
    search::RootMove moves[kMaxLegalActions];
    ASSERT_EQ(search.root_moves(moves), 3);
    EXPECT_NEAR(moves[1].value, 0.6f, 0.05f);  // the value of the reply the other player picks
  }
}

TEST(Search, SameSeedAndOptionsSameSearch) {
  const State s = winning_check_position().s;
  search::RolloutEvaluator e1(7), e2(7);
  for (WorldModel model : {WorldModel::kSampledWorlds, WorldModel::kTrueState}) {
    Search a(with("iters=200,batch=4,noise=0.25,temp=1"), model, 3);
    Search b(with("iters=200,batch=4,noise=0.25,temp=1"), model, 3);
    a.start(s);
    b.start(s);
    a.run(e1);
    b.run(e2);
    search::RootMove ma[kMaxLegalActions], mb[kMaxLegalActions];
    const int n = a.root_moves(ma);
    ASSERT_EQ(n, b.root_moves(mb));
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(ma[i].action, mb[i].action);
      EXPECT_EQ(ma[i].visits, mb[i].visits);
      EXPECT_EQ(ma[i].prior, mb[i].prior);
    }
    EXPECT_EQ(a.choose_move(), b.choose_move());
  }
}

// A worker drives two searches and evaluates both searches' leaves in one call.
TEST(Search, StepWiseSearchesShareOneEvaluatorCall) {
  const State s1 = new_game(3, 1), s2 = winning_check_position().s;
  Search a(with("batch=8,vloss=3"), WorldModel::kSampledWorlds, 1);
  Search b(with("batch=8,vloss=3"), WorldModel::kSampledWorlds, 2);
  a.start(s1);
  b.start(s2);
  search::HeuristicEvaluator eval;
  std::vector<search::Leaf> leaves;
  std::vector<search::LeafResult> results;
  int evaluated = 0;
  for (int round = 0; round < 40; ++round) {
    leaves.clear();
    results.clear();
    for (Search* x : {&a, &b}) {
      x->collect_leaves(8);
      leaves.insert(leaves.end(), x->leaves().begin(), x->leaves().end());
      results.insert(results.end(), x->results().begin(), x->results().end());
    }
    for (size_t i = 0; i < leaves.size(); ++i) {
      ASSERT_FALSE(leaves[i].state->game_over());
      for (size_t j = 0; j < i; ++j) EXPECT_NE(leaves[i].state, leaves[j].state);
    }
    eval.evaluate(leaves, results);
    evaluated += int(leaves.size());
    a.apply_results();
    b.apply_results();
  }
  EXPECT_GT(evaluated, 40 * 2 * 4);  // virtual loss spreads a batch over distinct leaves
  EXPECT_GE(a.iterations(), 40);
  EXPECT_TRUE(is_legal(s1, a.choose_move()));
  EXPECT_EQ(b.choose_move(), parse_action(s2, "purchase 0 2"));
}

// The root distribution reflects the iterations, and the chosen move is the most visited.
TEST(Search, RootVisitsCountTheIterations) {
  const State s = new_game(3, 2);
  search::RolloutEvaluator eval(1);
  Search search(with("iters=150"), WorldModel::kSampledWorlds, 1);
  search.start(s);
  search.run(eval);
  search::RootMove moves[kMaxLegalActions];
  const int n = search.root_moves(moves);
  int total = 0, most = 0;
  for (int i = 0; i < n; ++i) {
    total += moves[i].visits;
    if (moves[i].visits > moves[most].visits) most = i;
  }
  EXPECT_EQ(total, 149);  // the first iteration evaluates the root itself
  EXPECT_EQ(search.choose_move(), moves[most].action);
}

TEST(Search, RootValuesAreTheMeanOfTheBackedUpValues) {
  const State s = new_game(2, 4);
  const int first = to_move(s);
  LoyaltyTableEvaluator eval(first);
  Search search(with("iters=2000,c=0.5"), WorldModel::kTrueState, 1);
  search.start(s);
  const search::Values before = search.root_values();
  EXPECT_FLOAT_EQ(before[0], 0.5f);  // no iteration yet: equal shares
  search.run(eval);
  const search::Values v = search.root_values();
  // Most iterations follow the best loyalty and the reply best for the other player, valued
  // (0.6, 0.5) by the table (BacksUpMaxNValues).
  EXPECT_NEAR(v[first], 0.6f, 0.08f);
  EXPECT_NEAR(v[1 - first], 0.5f, 0.08f);
}

// Tree reuse: after the player's first action of a turn, the search for the second action
// starts from the matching node, with its statistics.
TEST(Search, ReusesTheSubtreeOfTheNextDecision) {
  State s = Scenario({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian}, 5).s;
  search::RolloutEvaluator eval(1);
  Search search(with("iters=400,reuse=1"), WorldModel::kSampledWorlds, 1);
  search.start(s);
  search.run(eval);
  const size_t before = search.num_nodes();
  search::RootMove moves[kMaxLegalActions];
  const int n = search.root_moves(moves);
  const core::Action chosen = search.choose_move();
  int chosen_visits = 0;
  for (int i = 0; i < n; ++i)
    if (moves[i].action == chosen) chosen_visits = moves[i].visits;
  apply(s, chosen);
  ASSERT_EQ(to_move(s), 0) << "the first action of the turn was " << action_name(s, chosen);
  search.start(s);
  EXPECT_GT(search.num_nodes(), 1u);
  EXPECT_LT(search.num_nodes(), before);
  int kept = 0;
  for (int i = 0, m = search.root_moves(moves); i < m; ++i) kept += moves[i].visits;
  EXPECT_EQ(kept + 1, chosen_visits);  // the child's own evaluation is not an edge visit
}

// A reused subtree was grown in many sampled worlds: after a turn ends, the market refills
// from the hidden deck, so the node the true game reaches holds edges for purchases that
// only other worlds' markets allowed. The root keeps only the actions legal in the true
// position, so the move chosen is always legal.
TEST(Search, AReusedRootHoldsOnlyLegalActions) {
  search::UniformEvaluator eval;
  long roots = 0, reused_roots = 0;
  for (core::u64 seed = 1; seed <= 60; ++seed) {
    State s = new_game(2, seed);
    std::vector<Search> searches;
    for (int p = 0; p < 2; ++p)
      searches.emplace_back(with("iters=48,reuse=1"), WorldModel::kSampledWorlds, seed * 7 + p);
    for (int decision = 0; decision < 400 && !s.game_over(); ++decision) {
      Search& search = searches[to_move(s)];
      search.start(s);
      search::RootMove moves[kMaxLegalActions];
      const int n = search.root_moves(moves);
      reused_roots += n > 0;
      ++roots;
      for (int i = 0; i < n; ++i)
        ASSERT_TRUE(is_legal(s, moves[i].action)) << action_name(s, moves[i].action);
      search.run(eval);
      const core::Action a = search.choose_move();
      ASSERT_TRUE(is_legal(s, a));
      apply(s, a);
    }
  }
  EXPECT_GT(reused_roots, roots / 4) << "the test needs roots that come from a reused subtree";
}

TEST(Search, NoAllocationInSteadyState) {
  const State s = new_game(3, 3);
  search::RolloutEvaluator rollout(1);
  search::HeuristicEvaluator heuristic;
  for (WorldModel model : {WorldModel::kSampledWorlds, WorldModel::kTrueState}) {
    Search search(with("iters=300,batch=4,noise=0.3,reuse=0"), model, 1);
    for (int warm = 0; warm < 6; ++warm) {  // the arenas grow to their working size
      search.start(s);
      search.run(warm % 2 ? static_cast<search::Evaluator&>(heuristic) : rollout);
    }
    const long n = allocations_during([&] {
      for (int k = 0; k < 2; ++k) {
        search.start(s);
        search.run(k ? static_cast<search::Evaluator&>(heuristic) : rollout);
        search.choose_move();
      }
    });
    EXPECT_EQ(n, 0);
  }
}

}  // namespace
}  // namespace pamir::testing
