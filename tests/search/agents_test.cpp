// The built-in agents: every name builds from a spec, plays legal moves to the end of a
// game, and is reproducible from its seed; bad specs give one-line errors.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "games/agent.h"
#include "search/agent.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;
using search::make_agent;

// Plays a whole game between the given specs; returns the actions chosen.
std::vector<Action> play(const std::vector<std::string>& specs, u64 seed) {
  std::vector<std::unique_ptr<search::Agent>> agents;
  for (size_t p = 0; p < specs.size(); ++p) agents.push_back(make_agent(specs[p], seed * 8 + p));
  State s = new_game(int(specs.size()), seed);
  std::vector<Action> actions;
  while (!s.game_over()) {
    const Action a = agents[to_move(s)]->choose(s);
    EXPECT_TRUE(is_legal(s, a)) << specs[to_move(s)] << " chose " << a;
    if (!is_legal(s, a)) break;
    apply(s, a);
    actions.push_back(a);
  }
  return actions;
}

TEST(Agents, EveryAgentPlaysAWholeGame) {
  const auto actions = play({"ismcts:iters=20", "pimc:iters=20,worlds=2", "mcts:iters=20,eval=heuristic"}, 5);
  EXPECT_GT(actions.size(), 50u);
  EXPECT_GT(play({"heuristic", "random"}, 6).size(), 50u);
}

TEST(Agents, SameSeedSameGame) {
  const std::vector<std::string> specs = {"ismcts:iters=16,batch=4", "heuristic", "pimc:iters=16,worlds=4"};
  EXPECT_EQ(play(specs, 9), play(specs, 9));
}

TEST(Agents, TheSpecSeedChangesTheStream) {
  EXPECT_NE(play({"random", "random"}, 3), play({"random:seed=1", "random"}, 3));
}

TEST(Agents, BadSpecsGiveOneLineErrors) {
  auto error_of = [](const std::string& spec) -> std::string {
    try {
      make_agent(spec, 1);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string unknown = error_of("wizard");
  EXPECT_EQ(unknown.rfind("unknown agent 'wizard' (known: best, ", 0), 0u) << unknown;
  for (const char* name : {"heuristic", "ismcts", "mcts", "pimc", "random"})
    EXPECT_NE(unknown.find(name), std::string::npos) << name;
  EXPECT_EQ(error_of("ismcts:c=-1"), "option 'c' must be a number in 0..100, got '-1'");
  EXPECT_EQ(error_of("ismcts:iters=2.5"), "option 'iters' must be an integer in 0..1e+08, got '2.5'");
  EXPECT_EQ(error_of("ismcts:batch=0"), "option 'batch' must be an integer in 1..256, got '0'");
  EXPECT_EQ(error_of("ismcts:worlds=4"), "option 'worlds' applies only to pimc");
  EXPECT_EQ(error_of("ismcts:iters"), "option 'iters' of ismcts needs a value (name=value)");
  EXPECT_EQ(error_of("random:iters=3"), "option 'iters' does not apply to random (only seed)");
  EXPECT_EQ(error_of("mcts:eval=wizard")
                .rfind("unknown evaluator 'wizard' (known: best, heuristic, net, rollout,", 0),
            0u);
  EXPECT_EQ(error_of("mcts:eval=net"), "evaluator 'net' needs a weight file: net:<path>");
  EXPECT_EQ(error_of("mcts:eval=rollout:3"), "evaluator 'rollout' takes no argument, got '3'");
  EXPECT_EQ(error_of("pimc:speed=3").rfind("unknown option 'speed' of pimc (known: iters, time, c,", 0), 0u);
}

// An agent registered from outside the library, as a program built on pamir registers its own.
class FirstLegalAgent final : public search::Agent {
 public:
  explicit FirstLegalAgent(std::string tag) : tag_(std::move(tag)) {}
  Action choose(const State& s) override {
    Action legal[kMaxLegalActions];
    legal_actions(s, legal);
    return legal[0];
  }
  std::string name() const override { return "first-legal:" + tag_; }

 private:
  std::string tag_;
};

TEST(Agents, RegisteredAgentsAreBuiltBySpec) {
  EXPECT_TRUE(search::register_agent("first-legal", [](const std::string& argument, u64) {
    if (argument == "bad") throw std::invalid_argument("first-legal: bad argument");
    return std::make_unique<FirstLegalAgent>(argument);
  }));
  const auto names = search::agent_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "first-legal"), names.end());
  EXPECT_EQ(make_agent("first-legal:x", 1)->name(), "first-legal:x");
  EXPECT_THROW(make_agent("first-legal:bad", 1), std::invalid_argument);
  EXPECT_GT(play({"first-legal", "random"}, 7).size(), 50u);
}

TEST(Agents, SpecListsSplitAtAgentNames) {
  using V = std::vector<std::string>;
  EXPECT_EQ(games::split_agent_specs("ismcts:iters=100,c=1.4,random,heuristic"),
            (V{"ismcts:iters=100,c=1.4", "random", "heuristic"}));
  EXPECT_EQ(games::split_agent_specs("mcts:eval=net:a.pt,batch=8,pimc:worlds=2"),
            (V{"mcts:eval=net:a.pt,batch=8", "pimc:worlds=2"}));
}

}  // namespace
}  // namespace pamir::testing
