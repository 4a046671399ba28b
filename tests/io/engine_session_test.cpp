#include "cli/engine_session.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/actions.h"
#include "core/game.h"
#include "io/state_json.h"

namespace pamir::cli {
namespace {

using Lines = std::vector<std::string>;

bool is_error(const Lines& out) { return out.size() == 1 && out[0].rfind("error: ", 0) == 0; }

TEST(EngineSession, NeedsAGameFirst) {
  EngineSession e;
  for (const char* cmd : {"state", "legal", "do done", "undo", "to_move", "result", "show"})
    EXPECT_TRUE(is_error(e.handle(cmd))) << cmd;
  EXPECT_EQ(e.handle(""), Lines{});
  EXPECT_EQ(e.handle("# a comment"), Lines{});
}

TEST(EngineSession, PlaysByIdAndName) {
  EngineSession e;
  EXPECT_EQ(e.handle("new players=2 seed=3"), Lines{"ok"});
  const core::State start = core::new_game(2, 3);
  EXPECT_EQ(e.handle("to_move"), (Lines{"to_move " + std::to_string(core::to_move(start)), "ok"}));

  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(start, legal);
  Lines expected;
  for (int i = 0; i < n; ++i) expected.push_back(std::to_string(legal[i]) + " " + core::action_name(start, legal[i]));
  expected.push_back("ok");
  EXPECT_EQ(e.handle("legal"), expected);

  EXPECT_EQ(e.handle("do loyalty russian"), Lines{"ok"});
  core::State s = start;
  core::apply(s, core::Act::loyalty(core::Coalition::kRussian));
  EXPECT_EQ(e.handle("state"), (Lines{io::state_to_json(s), "ok"}));
  EXPECT_EQ(e.handle("do " + std::to_string(core::Act::kLoyalty)), Lines{"ok"});
  EXPECT_EQ(e.handle("undo"), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{io::state_to_json(s), "ok"}));
  EXPECT_EQ(e.handle("undo"), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{io::state_to_json(start), "ok"}));
  EXPECT_TRUE(is_error(e.handle("undo")));
}

TEST(EngineSession, ErrorsKeepTheState) {
  EngineSession e;
  e.handle("new players=3 seed=1");
  const Lines before = e.handle("state");
  for (const char* bad : {"do", "do 99999", "do purchase 9 9", "do -1", "dance", "new players=1", "new players=x",
                          "new colour=red", "state now", "load", "load {\"a\":1}", "load [1,2", "undo"}) {
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
    EXPECT_EQ(e.handle("state"), before) << bad;
  }
}

TEST(EngineSession, LoadsWhatStateWrites) {
  EngineSession a, b;
  a.handle("new players=4 seed=9");
  a.handle("do " + a.handle("legal")[0].substr(0, a.handle("legal")[0].find(' ')));
  const std::string json = a.handle("state")[0];
  EXPECT_EQ(b.handle("load " + json), Lines{"ok"});
  EXPECT_EQ(b.handle("state"), (Lines{json, "ok"}));
  EXPECT_TRUE(is_error(b.handle("undo")));  // load starts a fresh history
}

TEST(EngineSession, PlaysAGameToTheEnd) {
  EngineSession e;
  e.handle("new players=2 seed=11");
  for (int steps = 0; e.handle("to_move")[0] != "to_move none"; ++steps) {
    ASSERT_LT(steps, 20000);
    const Lines legal = e.handle("legal");
    ASSERT_GE(legal.size(), 2u);
    // Alternate between naming actions by name and by id.
    const std::string& pick = legal[steps % (legal.size() - 1)];
    const std::string arg = steps % 2 ? pick.substr(pick.find(' ') + 1) : pick.substr(0, pick.find(' '));
    ASSERT_EQ(e.handle("do " + arg), Lines{"ok"}) << pick;
  }
  const Lines result = e.handle("result");
  ASSERT_EQ(result.size(), 4u);
  EXPECT_EQ(result[0], "over yes");
  EXPECT_EQ(result[3], "ok");
  EXPECT_EQ(e.handle("legal"), Lines{"ok"});
  EXPECT_TRUE(is_error(e.handle("do done")));
  EXPECT_EQ(e.handle("quit"), Lines{"ok"});
  EXPECT_TRUE(e.finished());
}

}  // namespace
}  // namespace pamir::cli
