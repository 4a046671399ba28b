// Outside agents (cli/external_agent.h): real programs started by /bin/sh, a well-behaved
// one and others that misbehave in each way that must end in a clean forfeit.

#include "cli/external_agent.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/actions.h"
#include "core/game.h"
#include "io/record.h"
#include "tournament/play.h"
#include "tournament/results_log.h"

namespace pamir::cli {
namespace {

const std::string kBot = std::string("/usr/bin/python3 ") + PAMIR_SOURCE_DIR + "/tests/cli/bots/first_legal.py";

TEST(ExternalAgent, PlaysTheActionTheProgramAnswers) {
  const std::vector<std::string> specs = {"external:" + kBot, "random"};
  const auto g = tournament::play_game(specs, {0, 1}, 0, 7);
  EXPECT_EQ(g.forfeit, core::kNoPlayer);
  EXPECT_FALSE(g.capped);
  // Replayed: every decision of seat 0 was its first legal action.
  core::State s = core::new_game(2, 7);
  int own = 0;
  for (const core::Action a : g.actions) {
    if (core::to_move(s) == 0) {
      core::Action legal[core::kMaxLegalActions];
      core::legal_actions(s, legal);
      EXPECT_EQ(a, legal[0]);
      ++own;
    }
    core::apply(s, a);
  }
  EXPECT_TRUE(s.game_over());
  EXPECT_GT(own, 10);
}

TEST(ExternalAgent, PamirEngineIsAnOutsideAgent) {
  const std::vector<std::string> specs = {"external:" + std::string(PAMIR_BUILD_DIR) + "/pamir engine --agent random",
                                          "random"};
  const auto g = tournament::play_game(specs, {1, 0}, 0, 11);
  EXPECT_EQ(g.forfeit, core::kNoPlayer);
  std::string error;
  const auto end = io::replay(tournament::to_record(g, specs), &error);
  ASSERT_TRUE(end) << error;
  EXPECT_TRUE(end->game_over());
}

struct Misbehaviour {
  const char* mode;
  const char* reason;
};

TEST(ExternalAgent, MisbehaviourForfeitsWithOneLine) {
  for (const Misbehaviour m : {Misbehaviour{"sleep", "did not answer within 300 ms"},
                               Misbehaviour{"exit", "exited"},
                               Misbehaviour{"illegal", "not a legal action"},
                               Misbehaviour{"error", "answered \"error: no idea\" to go"},
                               Misbehaviour{"silent", "without an \"action\" line"}}) {
    const std::vector<std::string> specs = {"random", "external:timeout=300 " + kBot + " " + m.mode};
    const auto g = tournament::play_game(specs, {0, 1}, 0, 5);
    EXPECT_EQ(g.forfeit, 1) << m.mode;
    EXPECT_NE(g.forfeit_reason.find(m.reason), std::string::npos) << m.mode << ": " << g.forfeit_reason;
    EXPECT_EQ(g.forfeit_reason.find('\n'), std::string::npos);
    EXPECT_EQ(g.ranks, (std::vector<int>{0, 1})) << m.mode;
    // The results file keeps the forfeit.
    const auto back = tournament::parse_game_line(tournament::game_line(g));
    EXPECT_EQ(back.forfeit, 1);
    EXPECT_EQ(back.forfeit_reason, g.forfeit_reason);
  }
}

TEST(ExternalAgent, AProgramThatCannotStartForfeits) {
  const std::vector<std::string> specs = {"external:/nonexistent/bot", "random"};
  const auto g = tournament::play_game(specs, {0, 1}, 0, 5);
  EXPECT_EQ(g.forfeit, 0);
  EXPECT_NE(g.forfeit_reason.find("exited"), std::string::npos) << g.forfeit_reason;
}

TEST(ExternalAgent, BadSpecsAreRefused) {
  for (const char* bad : {"external", "external:", "external:timeout=0 bot", "external:timeout=x bot",
                          "external:timeout=500"})
    EXPECT_THROW(search::make_agent(bad, 0), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace pamir::cli
