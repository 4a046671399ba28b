// The board view's session (web/board_session.h) without a server: replays of records and
// tournament files, games with a human seat, undo, and the refusals the page shows.

#include "web/board_session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "core/game.h"
#include "io/record.h"
#include "tests/cli_tool.h"

namespace pamir::web {
namespace {

using pamir::testing::run_tool;
using pamir::testing::temp_path;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

TEST(BoardSession, ReplaysARecordStepByStep) {
  const std::string path = temp_path("pamir_board_record.json");
  run_tool({"play", "--players", "3", "--seed", "4", "--record", path, "--quiet"});
  BoardSession session;
  EXPECT_EQ(session.view(0)["mode"], "none");
  session.open(path, -1);
  const Json last = session.view(-1);
  const int steps = last["steps"];
  ASSERT_GT(steps, 50);
  EXPECT_EQ(last["step"], steps);
  EXPECT_TRUE(last["over"].get<bool>());
  EXPECT_EQ(last["log"].size(), size_t(steps));
  EXPECT_TRUE(last["legal"].empty());
  // The start position is the record's setup; steps out of range are clamped.
  const Json first = session.view(0);
  EXPECT_EQ(first["state"]["phase"], "setup");
  EXPECT_EQ(first["legal"].size(), 3u);  // the three loyalties
  EXPECT_FALSE(first["your_move"].get<bool>());
  EXPECT_EQ(session.view(steps + 100)["step"], steps);
  // A replay takes no decisions.
  EXPECT_EQ(error_of([&] { session.act(first["legal"][0]["id"]); }), "no human seat is to move");
  EXPECT_EQ(error_of([&] { session.undo(); }), "undo is for a game being played, not a replay");
  std::filesystem::remove(path);
}

TEST(BoardSession, OpensEveryGameOfATournamentAndKeepsTheGameOnAFailedOpen) {
  const std::string dir = temp_path("pamir_board_tournament");
  run_tool({"tournament", "--agents", "random;heuristic", "--players", "2", "--games", "3", "--seed", "5", "--out", dir,
            "--quiet"});
  BoardSession session;
  session.open(dir + "/games.jsonl", 2);
  EXPECT_EQ(session.games().size(), 3u);
  const Json v = session.view(-1);
  EXPECT_EQ(v["title"], dir + "/games.jsonl, game 2");
  EXPECT_TRUE(v["over"].get<bool>());
  const std::string bad = temp_path("pamir_board_bad.json");
  std::ofstream(bad) << "{\"format\": \"pamir-record-1\"";
  EXPECT_NE(error_of([&] { session.open(bad, -1); }).find(bad + ": "), std::string::npos);
  EXPECT_EQ(error_of([&] { session.open(dir + "/games.jsonl", 7); }),
            dir + "/games.jsonl: no game 7 (it holds 3 games, numbered 0 to 2)");
  EXPECT_EQ(session.view(-1)["title"], dir + "/games.jsonl, game 2");  // still shown
  std::filesystem::remove(bad);
  std::filesystem::remove_all(dir);
}

TEST(BoardSession, AHumanSeatDecidesAgentsAnswerAndUndoTakesBothBack) {
  BoardSession session;
  session.start({2, 9, {"human", "random"}});
  Json v = session.view(-1);
  ASSERT_TRUE(v["your_move"].get<bool>());
  EXPECT_EQ(v["viewer"], 0);
  EXPECT_EQ(v["state"]["format"], "pamir-observation-1");  // what seat 0 knows, no more
  EXPECT_FALSE(v["state"].contains("rng"));
  EXPECT_FALSE(v["can_undo"].get<bool>());
  EXPECT_EQ(error_of([&] { session.undo(); }), "no human decision to take back");
  EXPECT_EQ(error_of([&] { session.act(99999); }), "action 99999 is not legal here");
  EXPECT_EQ(error_of([&] { session.act(-1); }), "action -1 is not legal here");

  // Seat 0 plays its first legal action each time; the agent answers in between.
  int decisions = 0;
  Json before_tenth;
  while (!v["over"].get<bool>() && v["stopped"].is_null()) {
    ASSERT_TRUE(v["your_move"].get<bool>());
    ASSERT_EQ(v["to_move"], 0);
    if (decisions == 10) before_tenth = v;
    session.act(v["legal"][v["legal"].size() - 1]["id"]);  // the last: "done" comes first
    v = session.view(-1);
    if (++decisions == 11) {
      session.undo();
      const Json back = session.view(-1);
      EXPECT_EQ(back["steps"], before_tenth["steps"]);
      EXPECT_EQ(back["legal"], before_tenth["legal"]);
      session.act(before_tenth["legal"][before_tenth["legal"].size() - 1]["id"]);
      v = session.view(-1);
      EXPECT_GT(v["steps"], back["steps"]);
      // The log up to the decision taken back is as it was.
      for (int i = 0; i < back["steps"].get<int>(); ++i) EXPECT_EQ(v["log"][i], before_tenth["log"][i]);
    }
  }
  EXPECT_GT(decisions, 20);
  EXPECT_EQ(v["state"]["format"], "pamir-state-1");  // the end shows the whole position
  EXPECT_TRUE(v["legal"].empty());
}

TEST(BoardSession, AgentsAlonePlayTheWholeGameAsPlayDoes) {
  BoardSession session;
  session.start({3, 7, {"random", "random", "random"}});
  const Json v = session.view(-1);
  EXPECT_TRUE(v["over"].get<bool>());
  // The same specs and seed give `pamir play`'s game, decision for decision.
  const std::string played = run_tool({"play", "--players", "3", "--seed", "7"});
  std::istringstream lines(played);
  size_t decision = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("setup", 0) != 0 && line.rfind("turn ", 0) != 0) continue;
    ASSERT_LT(decision, v["log"].size());
    EXPECT_EQ(v["log"][decision++]["text"], line);
  }
  EXPECT_EQ(decision, v["log"].size());
}

// Wakhan's seat is played by the engine: the human decides, her turns pass by themselves.
TEST(BoardSession, AGameAgainstWakhanShowsTheHumanSeatsView) {
  BoardSession session;
  session.start({2, 4, {"human", "wakhan"}});
  Json v = session.view(-1);
  for (int decisions = 0; !v["over"].get<bool>() && v["stopped"].is_null() && decisions < 400; ++decisions) {
    ASSERT_TRUE(v["your_move"].get<bool>());
    EXPECT_EQ(v["viewer"], 0);
    EXPECT_TRUE(v["state"].contains("wakhan"));
    session.act(v["legal"][v["legal"].size() - 1]["id"]);
    v = session.view(-1);
  }
  EXPECT_TRUE(v["over"].get<bool>() || !v["stopped"].is_null());
}

TEST(BoardSession, RefusesBadGames) {
  BoardSession session;
  EXPECT_EQ(error_of([&] { session.start({6, 1, {}}); }), "players must be 2 to 5, got 6");
  EXPECT_EQ(error_of([&] { session.start({2, 1, {"human"}}); }), "agents names 1 seats for 2 players");
  EXPECT_EQ(error_of([&] { session.start({4, 1, {"wakhan", "human", "random", "random"}}); }),
            "wakhan plays only in games of 2 or 3 seats");
  EXPECT_NE(error_of([&] { session.start({2, 1, {"human", "wizard"}}); }).find("unknown agent 'wizard'"),
            std::string::npos);
  EXPECT_EQ(session.view(-1)["mode"], "none");
}

TEST(BoardSession, TheRulesetNamesEveryCardRegionAndBorder) {
  const Json r = BoardSession::ruleset();
  EXPECT_EQ(r["regions"].size(), 6u);
  EXPECT_EQ(r["borders"].size(), 9u);
  EXPECT_EQ(r["cards"].size(), size_t(core::kNumCards + 1));
  EXPECT_EQ(r["cards"][1]["kind"], "court");
  EXPECT_EQ(r["cards"][core::kFirstDominanceCheck]["kind"], "dominance_check");
}

}  // namespace
}  // namespace pamir::web
