#include "cli/engine_session.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/game.h"
#include "core/world.h"
#include "io/observation.h"
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

TEST(EngineSession, DeepJsonIsAnErrorLine) {
  EngineSession e;
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const std::string& line : {"load " + deep, "position " + deep, "position {\"world\": " + deep + "}"}) {
    const Lines out = e.handle(line);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NE(out[0].find("nested deeper than 64 levels"), std::string::npos) << out[0];
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

TEST(EngineSession, GoAnswersAnActionWithoutMovingOn) {
  EngineSession e("random");
  e.handle("new players=3 seed=4");
  const Lines before = e.handle("state");
  const Lines go = e.handle("go");
  ASSERT_EQ(go.size(), 2u);
  EXPECT_EQ(go[0].rfind("action ", 0), 0u);
  EXPECT_EQ(go[1], "ok");
  EXPECT_EQ(e.handle("state"), before);
  // The action named is legal: do accepts its id.
  const std::string id = go[0].substr(7, go[0].find(' ', 7) - 7);
  EXPECT_EQ(e.handle("do " + id), Lines{"ok"});
}

TEST(EngineSession, GoReportsTheSearch) {
  EngineSession e("ismcts:eval=rollout");
  e.handle("new players=2 seed=8");
  e.handle("do loyalty afghan");
  e.handle("do loyalty british");
  const Lines go = e.handle("go iters=60");
  ASSERT_GE(go.size(), 5u);
  EXPECT_EQ(go[1], "iterations 60");
  ASSERT_EQ(go[2].rfind("values ", 0), 0u);
  std::istringstream values(go[2].substr(7));
  double v0, v1, extra;
  ASSERT_TRUE(values >> v0 >> v1);
  EXPECT_FALSE(values >> extra);
  EXPECT_NEAR(v0 + v1, 1.0, 0.01);
  // Move lines, most visited first; the action chosen is the first of them.
  const std::string chosen = go[0].substr(7, go[0].find(' ', 7) - 7);
  EXPECT_EQ(go[3].rfind("move " + chosen + " visits ", 0), 0u) << go[3];
  int last_visits = 1 << 30, total = 0;
  for (size_t i = 3; i + 1 < go.size(); ++i) {
    const int visits = std::stoi(go[i].substr(go[i].find("visits ") + 7));
    EXPECT_LE(visits, last_visits);
    last_visits = visits;
    total += visits;
  }
  EXPECT_LE(go.size(), 3u + 5u + 1u);
  EXPECT_LE(total, 60);
  EXPECT_EQ(go.back(), "ok");
  // The spec named by go wins over the default; time= bounds by time.
  EXPECT_EQ(e.handle("go random").size(), 2u);
  EXPECT_EQ(e.handle("go ismcts:eval=rollout time=20")[1].rfind("iterations ", 0), 0u);
}

TEST(EngineSession, GoRefusesBadRequests) {
  EngineSession e("random");
  EXPECT_TRUE(is_error(e.handle("go")));  // no game
  e.handle("new players=2 seed=1");
  for (const char* bad : {"go nosuch", "go random iters=5", "go iters=0", "go iters=5 time=5", "go random random",
                          "go ismcts:c=-1", "go iters=x", "go wakhan"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, ObserveHidesWhatNoPlayerHasSeen) {
  EngineSession e;
  e.handle("new players=3 seed=12");
  const Lines observed = e.handle("observe 1");
  ASSERT_EQ(observed.size(), 2u);
  const core::State s = *e.position();
  EXPECT_EQ(observed[0], io::observation_to_json(s, 1));
  EXPECT_NE(observed[0].find("\"format\":\"pamir-observation-1\""), std::string::npos);
  EXPECT_NE(observed[0].find("\"viewer\":1"), std::string::npos);
  EXPECT_EQ(observed[0].find("\"rng\""), std::string::npos);
  EXPECT_NE(observed[0].find("null"), std::string::npos);
  // A world re-dealt for that seat looks the same to it.
  core::u64 rng = 99;
  const core::State w = core::sample_world(s, 1, rng);
  ASSERT_NE(io::state_to_json(w), io::state_to_json(s));
  EXPECT_EQ(io::observation_to_json(w, 1), observed[0]);
  EXPECT_EQ(e.handle("observe")[0], io::observation_to_json(s, core::to_move(s)));
  for (const char* bad : {"observe 3", "observe x", "observe 1 2"}) EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, SampleLoadsAWorldTheSeatCannotTellApart) {
  EngineSession e;
  e.handle("new players=2 seed=6");
  const std::string seen = e.handle("observe 0")[0];
  const Lines legal = e.handle("legal");
  const Lines before = e.handle("state");
  EXPECT_EQ(e.handle("sample 0 seed=5"), Lines{"ok"});
  EXPECT_NE(e.handle("state"), before);
  EXPECT_EQ(e.handle("observe 0")[0], seen);
  EXPECT_EQ(e.handle("legal"), legal);
  EXPECT_TRUE(is_error(e.handle("undo")));
  for (const char* bad : {"sample 2", "sample seed=x", "sample 0 1"}) EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, PositionLoadsAnAgentMessagesWorld) {
  const core::State s = core::new_game(2, 21);
  core::u64 rng = 3, same = 3;
  const std::string message = io::agent_position_message(s, core::to_move(s), rng);
  const core::State world = core::sample_world(s, core::to_move(s), same);
  EngineSession e;
  EXPECT_EQ(e.handle("position " + message), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{io::state_to_json(world), "ok"}));
  for (const char* bad : {"position", "position {", "position {\"seat\":0}", "position {\"world\":{}}"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

}  // namespace
}  // namespace pamir::cli
