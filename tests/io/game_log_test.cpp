#include "io/game_log.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/dominance.h"
#include "core/game.h"
#include "core/random.h"

namespace pamir::io {
namespace {

using namespace core;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(GameLog, DescribesDecisionsWithWhoAndWhichCard) {
  State s = new_game(3, 7);
  const int first = to_move(s);
  const Action british = Act::loyalty(Coalition::kBritish);
  EXPECT_EQ(describe_decision(s, british), "setup, player " + std::to_string(first) + ": loyalty british");
  while (s.phase == Phase::kSetup) apply(s, british);

  const int p = to_move(s);
  const Action buy = Act::purchase(0, 0);  // the leftmost card of the top row costs nothing
  ASSERT_TRUE(is_legal(s, buy));
  const int card = s.market[0][0];
  EXPECT_EQ(describe_decision(s, buy), "turn 1, player " + std::to_string(p) + " (british): purchase 0 0 (" +
                                           std::string(card_name(card)) + ")");
  EXPECT_EQ(describe_decision(s, Act::kDone), "turn 1, player " + std::to_string(p) + " (british): done");
}

TEST(GameLog, SummarizesAPosition) {
  const State s = new_game(4, 2);
  const auto lines = lines_of(describe_position(s));
  ASSERT_EQ(lines.size(), 1u + 1u + 4u + 2u);  // header, rulers, players, market rows
  EXPECT_EQ(lines[1], "rulers: none");
  EXPECT_EQ(lines[2], "player 0: 4 rupees, 0 VP, influence 1, hand 0, prizes 0, court: -");
  EXPECT_NE(lines[6].find(card_name(s.market[0][0])), std::string::npos);
}

TEST(GameLog, RanksTheFinalStanding) {
  State s = new_game(3, 12);
  u64 rng = 4;
  Action legal[kMaxLegalActions];
  while (!s.game_over()) apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  const auto lines = lines_of(describe_result(s));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "final standing:");
  const auto rank = final_ranks(s);
  for (int i = 1; i <= 3; ++i) {
    const int p = lines[i][lines[i].find("player ") + 7] - '0';
    EXPECT_EQ(lines[i].rfind(std::to_string(rank[p] + 1) + ". player ", 0), 0u) << lines[i];
    EXPECT_NE(lines[i].find(": " + std::to_string(s.vp[p]) + " VP, "), std::string::npos) << lines[i];
  }
}

}  // namespace
}  // namespace pamir::io
