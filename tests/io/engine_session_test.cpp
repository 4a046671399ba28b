#include "cli/engine_session.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "games/registry.h"

namespace pamir::cli {
namespace {

using Lines = std::vector<std::string>;

bool is_error(const Lines& out) { return out.size() == 1 && out[0].rfind("error: ", 0) == 0; }

TEST(EngineSession, NeedsAGameFirst) {
  EngineSession e(games::game("pamir"));
  for (const char* cmd : {"state", "legal", "do done", "undo", "to_move", "result", "show"})
    EXPECT_TRUE(is_error(e.handle(cmd))) << cmd;
  EXPECT_EQ(e.handle(""), Lines{});
  EXPECT_EQ(e.handle("# a comment"), Lines{});
}

TEST(EngineSession, PlaysByIdAndName) {
  const games::Game& game = games::game("pamir");
  EngineSession e(game);
  EXPECT_EQ(e.handle("new players=2 seed=3"), Lines{"ok"});
  const games::Position start = game.new_game(2, 3);
  EXPECT_EQ(e.handle("to_move"), (Lines{"to_move " + std::to_string(game.to_move(start)), "ok"}));

  Lines expected;
  for (const games::Action a : game.legal_actions(start))
    expected.push_back(std::to_string(a) + " " + game.action_name(start, a));
  expected.push_back("ok");
  EXPECT_EQ(e.handle("legal"), expected);

  EXPECT_EQ(e.handle("do loyalty russian"), Lines{"ok"});
  games::Position s = start;
  const int russian = game.parse_action(start, "loyalty russian");
  ASSERT_GE(russian, 0);
  game.apply(s, games::Action(russian));
  EXPECT_EQ(e.handle("state"), (Lines{game.position_json(s), "ok"}));
  EXPECT_EQ(e.handle("do " + std::to_string(game.legal_actions(s).front())), Lines{"ok"});
  EXPECT_EQ(e.handle("undo"), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{game.position_json(s), "ok"}));
  EXPECT_EQ(e.handle("undo"), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{game.position_json(start), "ok"}));
  EXPECT_TRUE(is_error(e.handle("undo")));
}

TEST(EngineSession, ErrorsKeepTheState) {
  EngineSession e(games::game("pamir"));
  e.handle("new players=3 seed=1");
  const Lines before = e.handle("state");
  for (const char* bad :
       {"do", "do 99999", "do purchase 9 9", "do -1", "dance", "new players=1", "new players=x",
        "new colour=red", "state now", "load", "load {\"a\":1}", "load [1,2", "undo"}) {
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
    EXPECT_EQ(e.handle("state"), before) << bad;
  }
}

TEST(EngineSession, DeepJsonIsAnErrorLine) {
  EngineSession e(games::game("pamir"));
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const std::string& line : {"load " + deep, "position " + deep, "position {\"world\": " + deep + "}"}) {
    const Lines out = e.handle(line);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NE(out[0].find("nested deeper than 64 levels"), std::string::npos) << out[0];
  }
}

TEST(EngineSession, LoadsWhatStateWrites) {
  EngineSession a(games::game("pamir")), b(games::game("pamir"));
  a.handle("new players=4 seed=9");
  a.handle("do " + a.handle("legal")[0].substr(0, a.handle("legal")[0].find(' ')));
  const std::string json = a.handle("state")[0];
  EXPECT_EQ(b.handle("load " + json), Lines{"ok"});
  EXPECT_EQ(b.handle("state"), (Lines{json, "ok"}));
  EXPECT_TRUE(is_error(b.handle("undo")));  // load starts a fresh history
}

// Plays the session's game to its end, naming actions alternately by name and by id.
void play_to_the_end(EngineSession& e) {
  for (int steps = 0; e.handle("to_move")[0] != "to_move none"; ++steps) {
    ASSERT_LT(steps, 20000);
    const Lines legal = e.handle("legal");
    ASSERT_GE(legal.size(), 2u);
    // Alternate between naming actions by name and by id.
    const std::string& pick = legal[steps % (legal.size() - 1)];
    const std::string arg = steps % 2 ? pick.substr(pick.find(' ') + 1) : pick.substr(0, pick.find(' '));
    ASSERT_EQ(e.handle("do " + arg), Lines{"ok"}) << pick;
  }
}

TEST(EngineSession, PlaysAGameToTheEnd) {
  EngineSession e(games::game("pamir"));
  e.handle("new players=2 seed=11");
  play_to_the_end(e);
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
  EngineSession e(games::game("pamir"), "random");
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
  EngineSession e(games::game("pamir"), "ismcts:eval=rollout");
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

// go json: the whole search as one line (games/analysis.h), the same decision as the text form.
TEST(EngineSession, GoJsonGivesEveryRootMoveAndTheLine) {
  const games::Game& game = games::game("pamir");
  EngineSession e(game, "ismcts:eval=rollout");
  e.handle("new players=3 seed=8");
  const Lines go = e.handle("go iters=200 json");
  ASSERT_EQ(go.size(), 2u);
  EXPECT_EQ(go[1], "ok");
  const nlohmann::json j = nlohmann::json::parse(go[0]);
  const games::Position p = game.new_game(3, 8);
  const std::vector<games::Action> legal = game.legal_actions(p);
  EXPECT_EQ(j.at("turn"), game.turn(p));
  EXPECT_EQ(j.at("to_move"), game.to_move(p));
  EXPECT_EQ(j.at("iterations"), 200);
  ASSERT_EQ(j.at("values").size(), 3u);
  EXPECT_NEAR(
      j.at("values")[0].get<double>() + j.at("values")[1].get<double>() + j.at("values")[2].get<double>(),
      1.0, 0.01);
  // Every legal action, most visited first; the chosen one leads and opens the line.
  const auto& moves = j.at("moves");
  ASSERT_EQ(moves.size(), legal.size());
  int visits = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), moves[i].at("action").get<int>()), legal.end());
    EXPECT_EQ(moves[i].at("name"), game.action_name(p, moves[i].at("action").get<games::Action>()));
    if (i > 0) {
      EXPECT_LE(moves[i].at("visits").get<int>(), moves[i - 1].at("visits").get<int>());
    }
    visits += moves[i].at("visits").get<int>();
  }
  EXPECT_GE(visits, 199);  // each iteration visits one root move (the last may stop at the root)
  EXPECT_LE(visits, 200);
  EXPECT_EQ(j.at("action"), moves[0].at("action"));
  EXPECT_EQ(j.at("action_name"), moves[0].at("name"));
  ASSERT_FALSE(j.at("pv").empty());
  EXPECT_EQ(j.at("pv")[0], j.at("action"));
  // The line's names are those of its actions played in turn from the position.
  games::Position line = p;
  ASSERT_GE(j.at("pv_names").size(), 1u);
  for (size_t i = 0; i < j.at("pv_names").size(); ++i) {
    const games::Action a = j.at("pv")[i];
    ASSERT_TRUE(game.is_legal(line, a));
    EXPECT_EQ(j.at("pv_names")[i], game.action_name(line, a));
    game.apply(line, a);
  }
  // An agent that does not search gives its decision alone.
  const nlohmann::json plain = nlohmann::json::parse(e.handle("go random json")[0]);
  EXPECT_EQ(plain.size(), 4u);
  EXPECT_TRUE(plain.contains("action_name"));
}

// One iteration evaluates the root and visits no move: the search plays its evaluator's prior
// choice, so best:iters=1 is the net alone (docs/history/models.md's ablation).
TEST(EngineSession, ASearchOfOneIterationPlaysThePriorsChoice) {
  EngineSession e(games::game("pamir"), "best");
  e.handle("new players=2 seed=9");
  e.handle("do loyalty russian");
  e.handle("do loyalty afghan");
  for (int turn = 0; turn < 3; ++turn) {
    const nlohmann::json j = nlohmann::json::parse(e.handle("go iters=1 json")[0]);
    double best_prior = -1;
    for (const auto& m : j.at("moves")) {
      EXPECT_EQ(m.at("visits"), 0);
      best_prior = std::max(best_prior, m.at("prior").get<double>());
    }
    const auto chosen =
        std::find_if(j.at("moves").begin(), j.at("moves").end(),
                     [&](const nlohmann::json& m) { return m.at("action") == j.at("action"); });
    ASSERT_NE(chosen, j.at("moves").end());
    EXPECT_EQ(chosen->at("prior").get<double>(), best_prior);
    e.handle("do " + std::to_string(j.at("action").get<int>()));
  }
}

// Every answer is lines without line breaks of their own (the protocol's framing; the fuzz
// target engine_protocol found a help entry that broke it).
TEST(EngineSession, HelpIsOneLinePerCommand) {
  EngineSession e(games::game("pamir"));
  for (const std::string& line : e.handle("help")) EXPECT_EQ(line.find('\n'), std::string::npos) << line;
}

TEST(EngineSession, GoRefusesBadRequests) {
  EngineSession e(games::game("pamir"), "random");
  EXPECT_TRUE(is_error(e.handle("go")));  // no game
  e.handle("new players=2 seed=1");
  for (const char* bad : {"go nosuch", "go random iters=5", "go iters=0", "go iters=5 time=5",
                          "go random random", "go ismcts:c=-1", "go iters=x", "go wakhan"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, ObserveHidesWhatNoPlayerHasSeen) {
  const games::Game& game = games::game("pamir");
  EngineSession e(game);
  e.handle("new players=3 seed=12");
  const Lines observed = e.handle("observe 1");
  ASSERT_EQ(observed.size(), 2u);
  const games::Position s = *e.position();
  EXPECT_EQ(observed[0], game.observation_json(s, 1));
  EXPECT_NE(observed[0].find("\"format\":\"pamir-observation-1\""), std::string::npos);
  EXPECT_NE(observed[0].find("\"viewer\":1"), std::string::npos);
  EXPECT_EQ(observed[0].find("\"rng\""), std::string::npos);
  EXPECT_NE(observed[0].find("null"), std::string::npos);
  // A world re-dealt for that seat looks the same to it.
  games::u64 rng = 99;
  const games::Position w = game.sample_world(s, 1, rng);
  ASSERT_NE(game.position_json(w), game.position_json(s));
  EXPECT_EQ(game.observation_json(w, 1), observed[0]);
  EXPECT_EQ(e.handle("observe")[0], game.observation_json(s, game.to_move(s)));
  for (const char* bad : {"observe 3", "observe x", "observe 1 2"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, SampleLoadsAWorldTheSeatCannotTellApart) {
  EngineSession e(games::game("pamir"));
  e.handle("new players=2 seed=6");
  const std::string seen = e.handle("observe 0")[0];
  const Lines legal = e.handle("legal");
  const Lines before = e.handle("state");
  EXPECT_EQ(e.handle("sample 0 seed=5"), Lines{"ok"});
  EXPECT_NE(e.handle("state"), before);
  EXPECT_EQ(e.handle("observe 0")[0], seen);
  EXPECT_EQ(e.handle("legal"), legal);
  EXPECT_TRUE(is_error(e.handle("undo")));
  for (const char* bad : {"sample 2", "sample seed=x", "sample 0 1"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

TEST(EngineSession, PositionLoadsAnAgentMessagesWorld) {
  const games::Game& game = games::game("pamir");
  const games::Position s = game.new_game(2, 21);
  games::u64 rng = 3, same = 3;
  const std::string message = game.agent_message(s, game.to_move(s), rng);
  const games::Position world = game.sample_world(s, game.to_move(s), same);
  EngineSession e(game);
  EXPECT_EQ(e.handle("position " + message), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{game.position_json(world), "ok"}));
  for (const char* bad : {"position", "position {", "position {\"seat\":0}", "position {\"world\":{}}"})
    EXPECT_TRUE(is_error(e.handle(bad))) << bad;
}

// The session plays the game it was made for: Pax Expanse's seat counts, positions and agents.
TEST(EngineSession, PlaysPaxExpanse) {
  const games::Game& game = games::game("expanse");
  EngineSession e(game, "random");
  EXPECT_EQ(e.handle("new players=2"), Lines{"error: new: players must be 3 to 4, got 2"});
  EXPECT_EQ(e.handle("new players=4 seed=5"), Lines{"ok"});
  EXPECT_EQ(e.handle("state"), (Lines{game.position_json(game.new_game(4, 5)), "ok"}));
  const Lines go = e.handle("go");
  ASSERT_EQ(go.size(), 2u);
  EXPECT_EQ(go[0].rfind("action ", 0), 0u);
  EXPECT_TRUE(is_error(e.handle("go wakhan")));  // Pax Pamir's automaton only
  // A Pax Pamir position is another game's.
  EngineSession pamir(games::game("pamir"));
  pamir.handle("new players=3 seed=5");
  const Lines refused = e.handle("load " + pamir.handle("state")[0]);
  ASSERT_TRUE(is_error(refused));
  EXPECT_NE(refused[0].find("is a Pax Pamir position; use --game pamir"), std::string::npos) << refused[0];
  const std::string json = e.handle("state")[0];
  EngineSession again(game);
  EXPECT_EQ(again.handle("load " + json), Lines{"ok"});
  EXPECT_EQ(again.handle("observe 2")[0], game.observation_json(*e.position(), 2));
  play_to_the_end(e);
  const Lines result = e.handle("result");
  ASSERT_EQ(result.size(), 4u);
  EXPECT_EQ(result[0], "over yes");
}

}  // namespace
}  // namespace pamir::cli
