// The board view's session (web/board_session.h) without a server: replays of records and
// tournament files, games with a human seat, undo, and the refusals the page shows, for each
// game; and the API (web/board_api.h) over a session of Pax Expanse.

#include "web/board_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>

#include "games/agent.h"
#include "games/registry.h"
#include "nets/shipped_models.h"
#include "tests/cli_tool.h"
#include "web/board_api.h"

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

// The log of `pamir play` for these arguments: its decision lines, as the session's log has them.
std::vector<std::string> play_log(std::vector<std::string> args) {
  args.insert(args.begin(), "play");
  std::istringstream lines(run_tool(args));
  std::vector<std::string> out;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("setup", 0) == 0 || line.rfind("turn ", 0) == 0) out.push_back(line);
  return out;
}

TEST(BoardSession, ReplaysARecordStepByStep) {
  const std::string path = temp_path("pamir_board_record.json");
  run_tool({"play", "--players", "3", "--seed", "4", "--record", path, "--quiet"});
  BoardSession session(games::game("pamir"));
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
  run_tool({"tournament", "--agents", "random;heuristic", "--players", "2", "--games", "3", "--seed", "5",
            "--out", dir, "--quiet"});
  BoardSession session(games::game("pamir"));
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
  BoardSession session(games::game("pamir"));
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
      // Another decision this time (the first listed), which the log must show, not the one
      // taken back (the log's entries are kept from view to view).
      const Json& other = before_tenth["legal"][0];
      session.act(other["id"]);
      v = session.view(-1);
      EXPECT_GT(v["steps"], back["steps"]);
      // The log up to the decision taken back is as it was, then the new decision.
      const int at = back["steps"].get<int>();
      for (int i = 0; i < at; ++i) EXPECT_EQ(v["log"][i], before_tenth["log"][i]);
      const std::string text = v["log"][at]["text"], name = other["name"];
      EXPECT_EQ(text.substr(text.size() - std::min(text.size(), name.size())), name);
    }
  }
  EXPECT_GT(decisions, 20);
  EXPECT_EQ(v["state"]["format"], "pamir-state-1");  // the end shows the whole position
  EXPECT_TRUE(v["legal"].empty());
}

TEST(BoardSession, AgentsAlonePlayTheWholeGameAsPlayDoes) {
  for (const games::Game* game : games::all_games()) {
    SCOPED_TRACE(std::string(game->key()));
    BoardSession session(*game);
    session.start({3, 7, {"random", "random", "random"}});
    const Json v = session.view(-1);
    EXPECT_TRUE(v["over"].get<bool>());
    // The same specs and seed give `pamir play`'s game, decision for decision.
    const auto played = play_log({"--game", std::string(game->key()), "--players", "3", "--seed", "7"});
    ASSERT_EQ(played.size(), v["log"].size());
    for (size_t i = 0; i < played.size(); ++i) EXPECT_EQ(v["log"][i]["text"], played[i]);
  }
}

// Wakhan's seat is played by the engine: the human decides, her turns pass by themselves.
TEST(BoardSession, AGameAgainstWakhanShowsTheHumanSeatsView) {
  BoardSession session(games::game("pamir"));
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
  BoardSession session(games::game("pamir"));
  EXPECT_EQ(error_of([&] { session.start({6, 1, {}}); }), "players must be 2 to 5, got 6");
  EXPECT_EQ(error_of([&] { session.start({2, 1, {"human"}}); }), "agents names 1 seats for 2 players");
  EXPECT_EQ(error_of([&] {
              session.start({4, 1, {"wakhan", "human", "random", "random"}});
            }),
            "wakhan plays only in games of 2 or 3 seats");
  EXPECT_NE(error_of([&] {
              session.start({2, 1, {"human", "wizard"}});
            }).find("unknown agent 'wizard'"),
            std::string::npos);
  // Found by fuzz_board_api: a spec's line break made its refusal two lines.
  EXPECT_EQ(error_of([&] {
              session.start({2, 1, {"human", "r\ndom"}});
            }),
            "agent spec \"r\\ndom\" holds a control character");
  EXPECT_EQ(session.view(-1)["mode"], "none");

  BoardSession expanse(games::game("expanse"));
  EXPECT_EQ(error_of([&] { expanse.start({2, 1, {"human", "random"}}); }), "players must be 3 to 4, got 2");
  EXPECT_EQ(error_of([&] {
              expanse.start({3, 1, {"human", "wakhan", "random"}});
            }),
            "wakhan plays Pax Pamir only, not Pax Expanse");
  EXPECT_EQ(expanse.view(-1)["mode"], "none");
}

// A net the page seats comes from the models folder or a --root, and no other path is
// touched: not /dev/zero, not a file elsewhere (issue #46 D3).
TEST(BoardSession, SeatsNetsOnlyFromTheModelsFolderOrARoot) {
  const std::string shipped = nets::models_dir() + "/pamir-2p.weights";
  for (const std::string& path :
       {std::string("/dev/zero"), std::string("/etc/passwd"), std::string("/nonexistent.weights")}) {
    BoardSession session(games::game("pamir"));
    EXPECT_EQ(error_of([&] {
                session.start({2, 1, {"human", "ismcts:iters=2,eval=net:" + path}});
              }),
              "the page may seat nets only from the models folder or under --root")
        << path;
  }
  BoardSession models(games::game("pamir"));
  EXPECT_EQ(error_of([&] {
              models.start({2, 1, {"human", "ismcts:iters=2,eval=net:" + shipped}});
            }),
            "no error");
  PageAccess etc;
  etc.roots = {"/etc"};
  BoardSession rooted(games::game("pamir"), etc);
  EXPECT_NE(error_of([&] {
              rooted.start({2, 1, {"human", "ismcts:iters=2,eval=net:/etc/passwd"}});
            }),
            "the page may seat nets only from the models folder or under --root")
      << "under a root the path passes this check (the net loader then judges the file)";
}

// The agents every game seats that answer at the terminal are not the page's to seat.
TEST(BoardSession, SeatsNoAgentOfTheTerminal) {
  for (const std::string& name : games::registered_agent_names()) {
    if (name == "external") continue;  // the page's with --allow-external (board_server_test)
    BoardSession session(games::game("pamir"));
    EXPECT_NE(error_of([&] {
                session.start({2, 1, {"human", name + ":x"}});
              }).find("the page cannot seat"),
              std::string::npos)
        << name;
    const Json listed = session.ruleset()["agents"];
    EXPECT_EQ(std::find(listed.begin(), listed.end(), name), listed.end()) << name;
  }
}

TEST(BoardSession, TheRulesetNamesEveryCardRegionAndBorderInTheGamesWords) {
  for (const games::Game* game : games::all_games()) {
    SCOPED_TRACE(std::string(game->key()));
    const Json r = BoardSession(*game).ruleset();
    EXPECT_EQ(r["game"], game->key());
    EXPECT_EQ(r["name"], game->name());
    EXPECT_EQ(r["min_players"], game->min_players());
    EXPECT_EQ(r["max_players"], game->max_players());
    EXPECT_EQ(r["words"]["money"], game->words().money);
    EXPECT_EQ(r["regions"].size(), 6u);
    EXPECT_EQ(r["borders"].size(), 9u);
    // Numbered as printed from 1: 100 court cards, 4 Dominance Checks, 12 events.
    ASSERT_EQ(r["cards"].size(), 117u);
    EXPECT_EQ(r["cards"][1]["kind"], "court");
    EXPECT_EQ(r["cards"][101]["kind"], "dominance_check");
    EXPECT_EQ(r["cards"][116]["kind"], "event");
    EXPECT_NE(std::find(r["suits"].begin(), r["suits"].end(), r["military_suit"]), r["suits"].end());
    EXPECT_EQ(r["automaton"], game->automaton().empty() ? Json() : Json(game->automaton()));
    const std::vector<std::string> agents = r["agents"];
    EXPECT_NE(std::find(agents.begin(), agents.end(), "random"), agents.end());
    EXPECT_EQ(std::find(agents.begin(), agents.end(), "external"),
              agents.end());  // not without --allow-external
  }
  EXPECT_EQ(BoardSession(games::game("pamir")).ruleset()["military_suit"], "military");
  EXPECT_EQ(BoardSession(games::game("expanse")).ruleset()["military_suit"], "war");
}

// What the board prints on a card's face: its impact icons and actions by mechanism, its
// ability's and its event halves' printed texts (from the game's data files), in each game.
TEST(BoardSession, TheRulesetGivesEachCardsFace) {
  const Json pamir = BoardSession(games::game("pamir")).ruleset();
  const Json& mohan_lal = pamir["cards"][1];  // spy, spy, spy; move; Indispensable Advisors
  EXPECT_EQ(mohan_lal["icons"], Json::parse(R"([{"icon":"spy"},{"icon":"spy"},{"icon":"spy"}])"));
  EXPECT_EQ(mohan_lal["actions"], Json({"move"}));
  EXPECT_EQ(mohan_lal["prize"], "russian");
  EXPECT_EQ(mohan_lal["ability_text"]["name"], "Indispensable Advisors");
  EXPECT_EQ(mohan_lal["ability_text"]["text"],
            "Other players cannot remove your spies when battling on a court card.");
  EXPECT_EQ(pamir["cards"][2]["icons"][3], Json::parse(R"({"icon":"favor","suit":"military"})"));
  EXPECT_EQ(pamir["cards"][2]["ability_text"], Json());
  EXPECT_EQ(pamir["cards"][105]["discard"]["name"], "Favor Military");
  EXPECT_EQ(pamir["cards"][105]["purchase"]["name"], "New Tactics");
  EXPECT_NE(pamir["cards"][105]["purchase"]["text"].get<std::string>().find("military card"),
            std::string::npos);
  EXPECT_EQ(pamir["card_actions"][0], Json::parse(R"({"name":"tax","mechanic":"tax"})"));

  const Json expanse = BoardSession(games::game("expanse")).ruleset();
  EXPECT_EQ(expanse["cards"][1]["ability_text"]["name"], "Deep Cover");
  EXPECT_EQ(expanse["cards"][2]["icons"][3], Json::parse(R"({"icon":"climate_war"})"));
  EXPECT_EQ(expanse["card_actions"][0], Json::parse(R"({"name":"extort","mechanic":"tax"})"));
  for (const Json* r : {&pamir, &expanse})
    for (int c = 1; c < int((*r)["cards"].size()); ++c) {
      const Json& card = (*r)["cards"][c];
      if (card["kind"] == "court") {
        EXPECT_EQ(card["ability"].is_null(), card["ability_text"].is_null()) << card.dump();
      } else {
        EXPECT_FALSE(card["discard"].is_null() || card["purchase"].is_null()) << card.dump();
      }
    }
}

// The legal actions say what a click on an element may choose: a market card's purchase, a
// hand card's play, a court card's action (by mechanism), or a pass.
TEST(BoardSession, LegalActionsNameTheirKind) {
  BoardSession session(games::game("pamir"));
  session.start({2, 3, {"human", "random"}});
  for (int turn = 0; turn < 30 && session.view(-1)["your_move"].get<bool>(); ++turn) {
    const Json v = session.view(-1);
    std::set<std::string> kinds;
    for (const Json& a : v["legal"]) {
      kinds.insert(a["kind"].get<std::string>());
      EXPECT_EQ(a["card_action"].is_null(), a["kind"] != "card_action") << a.dump();
      if (a["kind"] == "purchase" || a["kind"] == "play" || a["kind"] == "card_action") {
        EXPECT_GT(a["card"].get<int>(), 0) << a.dump();
      }
    }
    // Each main-phase decision of a turn offers to pass.
    if (kinds.count("purchase")) {
      EXPECT_TRUE(kinds.count("pass")) << v["legal"].dump();
    }
    session.act(v["legal"].back()["id"].get<long>());
  }
}

TEST(BoardSession, ReplaysAPaxExpanseRecordAndRefusesOneOfTheOtherGame) {
  const std::string expanse_record = temp_path("pamir_board_expanse.json");
  const std::string pamir_record = temp_path("pamir_board_pamir.json");
  run_tool(
      {"play", "--game", "expanse", "--players", "3", "--seed", "4", "--record", expanse_record, "--quiet"});
  run_tool({"play", "--players", "3", "--seed", "4", "--record", pamir_record, "--quiet"});
  BoardSession session(games::game("expanse"));
  session.open(expanse_record, -1);
  const Json last = session.view(-1);
  EXPECT_TRUE(last["over"].get<bool>());
  EXPECT_EQ(last["state"]["game"], "expanse");
  EXPECT_EQ(last["log"].size(), size_t(last["steps"].get<int>()));
  EXPECT_EQ(error_of([&] { session.open(pamir_record, -1); }),
            pamir_record + ": is a Pax Pamir record; use --game pamir");
  EXPECT_EQ(session.view(-1)["file"], expanse_record);  // still shown
  BoardSession pamir(games::game("pamir"));
  EXPECT_EQ(error_of([&] { pamir.open(expanse_record, -1); }),
            expanse_record + ": is a Pax Expanse record; use --game expanse");
  std::filesystem::remove(expanse_record);
  std::filesystem::remove(pamir_record);
}

// A game of Pax Expanse through the page's API: it starts, lists the human's legal actions,
// takes one, and shows the game's own facts (the political climate, the Rocinante and the
// objective, faction control) and the standing in its money.
TEST(BoardApi, PlaysAPaxExpanseGameAndShowsItsFacts) {
  BoardSession session(games::game("expanse"));
  const ApiReply ruleset = answer(session, {"GET", "/api/ruleset", {}, ""});
  ASSERT_EQ(ruleset.status, 200) << ruleset.body.dump();
  EXPECT_EQ(ruleset.body["name"], "Pax Expanse");
  EXPECT_EQ(ruleset.body["words"]["money"], "influence");
  // The page's words for a player's loyalty points, the factions and the favoured suit.
  EXPECT_EQ(ruleset.body["words"]["loyalty_points"], "reputation");
  EXPECT_EQ(ruleset.body["words"]["coalition"], "faction");
  EXPECT_EQ(ruleset.body["words"]["favored_suit"], "favoured suit");
  EXPECT_EQ(ruleset.body["automaton"], Json());
  const std::set<std::string> regions(ruleset.body["regions"].begin(), ruleset.body["regions"].end());
  EXPECT_TRUE(regions.count("earth") && regions.count("mars") && regions.count("belt"));

  const ApiReply started =
      answer(session, {"POST", "/api/new", {}, R"({"agents":["human","random","random"],"seed":5})"});
  ASSERT_EQ(started.status, 200) << started.body.dump();
  const Json& v = started.body;
  EXPECT_EQ(v["mode"], "play");
  ASSERT_TRUE(v["your_move"].get<bool>());
  EXPECT_EQ(v["viewer"], 0);
  EXPECT_EQ(v["state"]["format"], "pamir-observation-1");
  EXPECT_EQ(v["state"]["game"], "expanse");
  ASSERT_FALSE(v["legal"].empty());
  for (const Json& a : v["legal"])
    for (const char* key : {"id", "name", "card", "region", "border"})
      EXPECT_TRUE(a.contains(key)) << a.dump();

  // The facts: the climate track, the two tokens on regions, faction control of every region.
  const Json& facts = v["facts"];
  ASSERT_EQ(facts["tracks"].size(), 1u);
  EXPECT_EQ(facts["tracks"][0]["name"], "climate");
  EXPECT_EQ(facts["tracks"][0]["spaces"], Json({"prosperity", "peace", "cold_war", "war"}));
  EXPECT_GE(facts["tracks"][0]["at"].get<int>(), 0);
  EXPECT_LT(facts["tracks"][0]["at"].get<int>(), 4);
  EXPECT_EQ(session.view(0)["facts"]["tracks"][0]["at"], 1);  // the climate starts at Peace
  std::set<std::string> tokens;
  for (const Json& t : facts["tokens"]) {
    tokens.insert(t["name"].get<std::string>());
    EXPECT_TRUE(regions.count(t["region"].get<std::string>())) << t.dump();
  }
  EXPECT_EQ(tokens, (std::set<std::string>{"rocinante", "objective"}));
  ASSERT_TRUE(facts["owners"].contains("faction control"));
  EXPECT_EQ(facts["owners"]["faction control"].size(), regions.size());
  ASSERT_EQ(v["standing"].size(), 3u);
  for (const Json& s : v["standing"])
    for (const char* key : {"seat", "rank", "vp", "military_stars", "money"})
      EXPECT_TRUE(s.contains(key)) << s.dump();
  EXPECT_EQ(v["rulers"].size(), regions.size());
  EXPECT_EQ(v["influence"].size(), 3u);

  // The human takes a legal action; the agents answer up to the human's next decision.
  const int steps = v["steps"];
  const Json id = v["legal"][0]["id"];
  const ApiReply acted = answer(session, {"POST", "/api/act", {}, Json{{"id", id}}.dump()});
  ASSERT_EQ(acted.status, 200) << acted.body.dump();
  EXPECT_GT(acted.body["steps"].get<int>(), steps);
  EXPECT_FALSE(acted.body["log"][steps]["text"].get<std::string>().empty());
  EXPECT_EQ(acted.body["log"][steps]["player"], 0);
  EXPECT_TRUE(acted.body["your_move"].get<bool>() || acted.body["over"].get<bool>());
  EXPECT_TRUE(acted.body["can_undo"].get<bool>());
  const ApiReply undone = answer(session, {"POST", "/api/undo", {}, "{}"});
  ASSERT_EQ(undone.status, 200) << undone.body.dump();
  EXPECT_EQ(undone.body["steps"], steps);
  EXPECT_EQ(undone.body["legal"], v["legal"]);
  // Pax Pamir's automaton has no seat here, and Pax Expanse's seat counts hold.
  EXPECT_EQ(answer(session, {"POST", "/api/new", {}, R"({"agents":["human","random"]})"}).status, 400);
}

}  // namespace
}  // namespace pamir::web
