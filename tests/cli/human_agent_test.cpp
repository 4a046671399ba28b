// The human seat (cli/human_agent.h): choices by number, id and name, bad input refused
// without losing the game, and a whole `pamir play` game played from a script of answers.

#include "cli/human_agent.h"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>

#include "core/actions.h"
#include "core/game.h"
#include "tests/cli_tool.h"

namespace pamir::cli {
namespace {

TEST(HumanAgent, TakesANumberAnIdOrANameAndRefusesTheRest) {
  const core::State s = core::new_game(2, 3);  // a loyalty choice: afghan, british, russian
  core::Action legal[core::kMaxLegalActions];
  ASSERT_EQ(core::legal_actions(s, legal), 3);
  struct Case {
    const char* input;
    core::Action expected;
    int refusals;
  };
  for (const Case c : {Case{"2\n", legal[1], 0}, Case{"loyalty russian\n", legal[2], 0},
                       Case{"0\n4\nnonsense\n\n1\n", legal[0], 3}}) {
    std::istringstream in(c.input);
    std::ostringstream out;
    HumanAgent human(in, out);
    EXPECT_EQ(human.choose(s), c.expected) << c.input;
    size_t refusals = 0;
    for (size_t at = 0; (at = out.str().find("not a legal choice", at)) != std::string::npos; ++at) ++refusals;
    EXPECT_EQ(int(refusals), c.refusals) << c.input;
    EXPECT_NE(out.str().find("1. loyalty afghan"), std::string::npos);
  }
  std::istringstream by_id("#" + std::to_string(legal[2]) + "\n");
  std::ostringstream out;
  EXPECT_EQ(HumanAgent(by_id, out).choose(s), legal[2]);
}

TEST(HumanAgent, ResigningOrEndOfInputForfeits) {
  const core::State s = core::new_game(2, 3);
  for (const char* input : {"resign\n", "", "7\n"}) {
    std::istringstream in(input);
    std::ostringstream out;
    HumanAgent human(in, out);
    EXPECT_THROW(human.choose(s), search::AgentForfeit) << input;
  }
}

TEST(HumanAgent, PlaysAWholeGameInPamirPlay) {
  // Always the first choice; it finishes this deal (the same as the first-legal outside agent).
  std::string answers;
  for (int i = 0; i < 3000; ++i) answers += "1\n";
  std::istringstream in(answers);
  auto* saved = std::cin.rdbuf(in.rdbuf());
  const std::string out = pamir::testing::run_tool({"play", "--players", "2", "--seed", "7", "--agents", "human,random"});
  std::cin.rdbuf(saved);
  EXPECT_NE(out.find("your choices:"), std::string::npos);
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out.substr(out.size() - 500);

  std::istringstream short_input("1\n1\n");
  saved = std::cin.rdbuf(short_input.rdbuf());
  const std::string cut = pamir::testing::run_tool({"play", "--players", "2", "--seed", "7", "--agents", "human,random"});
  std::cin.rdbuf(saved);
  EXPECT_NE(cut.find("player 0 forfeits: human: the input ended"), std::string::npos);
  EXPECT_NE(cut.find("ranks: 1 0"), std::string::npos);
}

}  // namespace
}  // namespace pamir::cli
