// One game per browser tab (web/board_sessions.h): sessions by unguessable id, each its own
// game, at most kMaxSessions kept with the least recently used evicted; and the API's routing
// of a request to the session it names (web/board_api.h).

#include "web/board_sessions.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "games/registry.h"
#include "tests/cli_tool.h"
#include "web/board_api.h"

namespace pamir::web {
namespace {

// A request of the page in session `session`, answered.
ApiReply call(BoardSessions& sessions, const std::string& method, const std::string& path,
              const std::string& session, const std::string& body = "") {
  return answer(sessions, {method, path, {}, body}, session);
}

TEST(BoardSessions, EachTabKeepsItsOwnGame) {
  BoardSessions sessions(games::game("pamir"), {});
  const std::string first = sessions.create(), second = sessions.create();
  EXPECT_NE(first, second);
  EXPECT_EQ(first.size(), 32u);  // 128 random bits
  EXPECT_EQ(sessions.size(), 2);
  ASSERT_EQ(call(sessions, "POST", "/api/new", first, R"({"agents":["human","random"],"seed":1})").status,
            200);
  ASSERT_EQ(
      call(sessions, "POST", "/api/new", second, R"({"agents":["human","random","random"],"seed":2})").status,
      200);
  const ApiReply a = call(sessions, "GET", "/api/view", first);
  const ApiReply b = call(sessions, "GET", "/api/view", second);
  ASSERT_EQ(a.status, 200);
  EXPECT_EQ(a.body["title"], "seed 1");
  EXPECT_EQ(a.body["agents"].size(), 2u);
  EXPECT_EQ(b.body["title"], "seed 2");
  EXPECT_EQ(b.body["agents"].size(), 3u);
  // A decision in one tab leaves the other's game as it was.
  const Json id = a.body["legal"][0]["id"];
  ASSERT_EQ(call(sessions, "POST", "/api/act", first, Json{{"id", id}}.dump()).status, 200);
  EXPECT_EQ(call(sessions, "GET", "/api/view", second).body, b.body);
}

TEST(BoardSessions, ANewSessionComesFromTheApiAndTheRulesetNeedsNone) {
  BoardSessions sessions(games::game("pamir"), {});
  const ApiReply made = call(sessions, "POST", "/api/session", "", "{}");
  ASSERT_EQ(made.status, 200);
  const std::string id = made.body["session"];
  EXPECT_EQ(call(sessions, "GET", "/api/view", id).body["mode"], "none");
  EXPECT_EQ(call(sessions, "GET", "/api/ruleset", "").body["name"], "Pax Pamir");
  // No session, or one the server does not keep: a 404 with a one-line reason.
  for (const std::string& unknown : {std::string(), std::string(32, '0'), id + "x"}) {
    const ApiReply r = call(sessions, "GET", "/api/view", unknown);
    EXPECT_EQ(r.status, 404) << unknown;
    EXPECT_NE(r.body["error"].get<std::string>().find("session"), std::string::npos) << r.body.dump();
  }
}

TEST(BoardSessions, TheLeastRecentlyUsedIsEvictedPastTheBound) {
  BoardSessions sessions(games::game("pamir"), {});
  std::vector<std::string> ids;
  for (int i = 0; i < BoardSessions::kMaxSessions; ++i) ids.push_back(sessions.create());
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  sessions.find(ids[0]);  // the first tab is still in use; the second is now the least recent
  const std::string newest = sessions.create();
  EXPECT_EQ(sessions.size(), BoardSessions::kMaxSessions);
  EXPECT_NO_THROW(sessions.find(ids[0]));
  EXPECT_THROW(sessions.find(ids[1]), UnknownSession);
  EXPECT_NO_THROW(sessions.find(newest));
}

TEST(BoardSessions, EveryNewSessionShowsTheFileServeOpened) {
  const std::string record = pamir::testing::temp_path("pamir_sessions_game.json");
  pamir::testing::run_tool({"play", "--players", "2", "--seed", "3", "--record", record, "--quiet"});
  BoardSessions sessions(games::game("pamir"), {}, record, -1);
  const std::string first = sessions.create(), second = sessions.create();
  ASSERT_EQ(call(sessions, "POST", "/api/new", first, R"({"agents":["human","random"]})").status, 200);
  const Json shown = call(sessions, "GET", "/api/view", second).body;
  EXPECT_EQ(shown["mode"], "replay");
  EXPECT_EQ(shown["file"], record);
  // The page may reopen that file in any session, without --root.
  EXPECT_EQ(call(sessions, "POST", "/api/open", first, Json{{"path", record}}.dump()).status, 200);
  std::filesystem::remove(record);
  EXPECT_THROW(BoardSessions(games::game("pamir"), {}, record, -1), std::runtime_error);
}

}  // namespace
}  // namespace pamir::web
