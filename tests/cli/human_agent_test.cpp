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

// A choice copied as listed, card name and all, is accepted; `card` and `help` answer
// without choosing (issue #46).
TEST(HumanAgent, TakesAChoiceAsListedAndAnswersCardAndHelp) {
  const games::Game& game = games::game("pamir");
  games::Position s = game.new_game(2, 1);
  const auto random = game.make_agent("random", 2);
  while (!game.over(s) &&
         game.describe_action(s, game.legal_actions(s).back()).find(" (") == std::string::npos)
    game.apply(s, random->choose(s));
  ASSERT_FALSE(game.over(s));
  const games::Action listed = game.legal_actions(s).back();
  std::istringstream in("help\ncard 25\ncard josiah\ncard no such card\n" + game.describe_action(s, listed) +
                        "\n");
  std::ostringstream out;
  EXPECT_EQ(HumanAgent(game, in, out).choose(s), listed);
  EXPECT_NE(out.str().find("card <number or name>"), std::string::npos);
  EXPECT_NE(
      out.str().find(
          "Josiah Harlan (25): punjab, political, rank 1; patriot afghan; prize british; impacts tribe"),
      std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("no card is named \"no such card\""), std::string::npos);
  EXPECT_EQ(out.str().find("not a legal choice"), std::string::npos);
}

// A choice that changes the player's loyalty says so before it is taken, and does what it
// says: playing a patriot of another coalition.
TEST(HumanAgent, ChoicesThatChangeLoyaltySaySo) {
  const games::Game& game = games::game("pamir");
  for (games::u64 seed = 1; seed < 200; ++seed) {
    games::Position s = game.new_game(2, seed);
    const auto random = game.make_agent("random", seed);
    for (int step = 0; step < 400 && !game.over(s); ++step) {
      for (const games::Action a : game.legal_actions(s)) {
        const std::string text = game.describe_action(s, a);
        const auto at = text.find("; you will become loyal to the ");
        if (at == std::string::npos) continue;
        const std::string coalition = text.substr(at + 31, text.find(':', at) - at - 31);
        games::Position after = s;
        game.apply(after, a);
        bool said = false;
        for (const std::string& line : game.describe_consequences(s, after))
          said |= line.find("is now loyal to the " + coalition) != std::string::npos;
        EXPECT_TRUE(said) << text;
        return;
      }
      game.apply(s, random->choose(s));
    }
  }
  FAIL() << "no random game offered a choice that changes loyalty";
}

}  // namespace
}  // namespace pamir::cli
