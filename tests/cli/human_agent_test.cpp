// The human seat (cli/human_agent.h): choices by number, id and name, bad input refused
// without losing the game, and a whole `pamir play` game played from a script of answers.

#include "cli/human_agent.h"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>

#include "games/agent.h"
#include "games/registry.h"
#include "tests/cli_tool.h"

namespace pamir::cli {
namespace {

TEST(HumanAgent, TakesANumberAnIdOrANameAndRefusesTheRest) {
  const games::Game& game = games::game("pamir");
  const games::Position s = game.new_game(2, 3);  // a loyalty choice: afghan, british, russian
  const std::vector<games::Action> legal = game.legal_actions(s);
  ASSERT_EQ(legal.size(), 3u);
  struct Case {
    const char* input;
    games::Action expected;
    int refusals;
  };
  for (const Case c : {Case{"2\n", legal[1], 0}, Case{"loyalty russian\n", legal[2], 0},
                       Case{"0\n4\nnonsense\n\n1\n", legal[0], 3}}) {
    std::istringstream in(c.input);
    std::ostringstream out;
    HumanAgent human(game, in, out);
    EXPECT_EQ(human.choose(s), c.expected) << c.input;
    size_t refusals = 0;
    for (size_t at = 0; (at = out.str().find("not a legal choice", at)) != std::string::npos; ++at)
      ++refusals;
    EXPECT_EQ(int(refusals), c.refusals) << c.input;
    EXPECT_NE(out.str().find("1. loyalty afghan"), std::string::npos);
  }
  std::istringstream by_id("#" + std::to_string(legal[2]) + "\n");
  std::ostringstream out;
  EXPECT_EQ(HumanAgent(game, by_id, out).choose(s), legal[2]);
}

// The hand shown is the seat's, in the game's own cards.
TEST(HumanAgent, ShowsTheSeatsHand) {
  for (const games::Game* game : games::all_games()) {
    // Random moves until the seat to move holds a card.
    games::Position s = game->new_game(3, 4);
    const auto random = game->make_agent("random", 1);
    for (int step = 0; step < 2000 && !game->over(s) && game->describe_hand(s, game->to_move(s)).empty();
         ++step)
      game->apply(s, random->choose(s));
    ASSERT_FALSE(game->over(s)) << game->key();
    ASSERT_FALSE(game->describe_hand(s, game->to_move(s)).empty()) << game->key();
    const int seat = game->to_move(s);
    std::istringstream in("resign\n");
    std::ostringstream out;
    EXPECT_THROW(HumanAgent(*game, in, out).choose(s), games::AgentForfeit);
    EXPECT_NE(out.str().find("your hand (player " + std::to_string(seat) +
                             "): " + game->describe_hand(s, seat) + "\n"),
              std::string::npos)
        << out.str();
  }
}

TEST(HumanAgent, ResigningOrEndOfInputForfeits) {
  const games::Game& game = games::game("pamir");
  const games::Position s = game.new_game(2, 3);
  for (const char* input : {"resign\n", "", "7\n"}) {
    std::istringstream in(input);
    std::ostringstream out;
    HumanAgent human(game, in, out);
    EXPECT_THROW(human.choose(s), games::AgentForfeit) << input;
  }
}

TEST(HumanAgent, PlaysAWholeGameInPamirPlay) {
  // Always the first choice; it finishes this deal (the same as the first-legal outside agent).
  std::string answers;
  for (int i = 0; i < 3000; ++i) answers += "1\n";
  std::istringstream in(answers);
  auto* saved = std::cin.rdbuf(in.rdbuf());
  const std::string out =
      pamir::testing::run_tool({"play", "--players", "2", "--seed", "7", "--agents", "human,random"});
  std::cin.rdbuf(saved);
  EXPECT_NE(out.find("your choices:"), std::string::npos);
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out.substr(out.size() - 500);

  std::istringstream short_input("1\n1\n");
  saved = std::cin.rdbuf(short_input.rdbuf());
  const std::string cut =
      pamir::testing::run_tool({"play", "--players", "2", "--seed", "7", "--agents", "human,random"});
  std::cin.rdbuf(saved);
  EXPECT_NE(cut.find("player 0 forfeits: human: the input ended"), std::string::npos);
  EXPECT_NE(cut.find("ranks: 1 0"), std::string::npos);
}

}  // namespace
}  // namespace pamir::cli
