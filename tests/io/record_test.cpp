#include "io/record.h"

#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/hash.h"
#include "search/agent.h"

namespace pamir::io {
namespace {

using namespace core;

// Plays a game between random agents, recording it.
State play_recorded(int players, u64 seed, GameRecord* r) {
  r->num_players = players;
  r->seed = seed;
  r->agents.assign(players, "random");
  auto agent = search::make_agent("random", seed);
  State s = new_game(players, seed);
  while (!s.game_over()) {
    const Action a = agent->choose(s);
    r->actions.push_back(a);
    apply(s, a);
  }
  return s;
}

TEST(Record, ReplayThroughJsonReproducesTheGame) {
  for (int players = 2; players <= 5; ++players)
    for (u64 seed = 1; seed <= 10; ++seed) {
      GameRecord r;
      const State played = play_recorded(players, seed, &r);
      std::string error;
      const auto loaded = record_from_json(record_to_json(r, played), &error);
      ASSERT_TRUE(loaded) << error;
      EXPECT_EQ(loaded->agents, r.agents);
      ASSERT_EQ(loaded->actions, r.actions);
      const auto replayed = replay(*loaded, &error);
      ASSERT_TRUE(replayed) << error;
      EXPECT_EQ(std::memcmp(&*replayed, &played, sizeof(State)), 0)
          << "players " << players << " seed " << seed;
      EXPECT_EQ(full_key(*replayed), full_key(played));
    }
}

TEST(Record, WritesNamesAndResult) {
  GameRecord r;
  const State played = play_recorded(3, 4, &r);
  const auto j = nlohmann::json::parse(record_to_json(r, played));
  State s = new_game(3, 4);
  EXPECT_EQ(j["actions"][0]["name"], action_name(s, r.actions[0]));
  EXPECT_EQ(j["result"]["game_over"], true);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(j["result"]["vp"][p], played.vp[p]);
}

// The recorded result is checked: a record whose actions do not lead to it is refused.
TEST(Record, ReplayChecksTheRecordedResult) {
  GameRecord r;
  const State played = play_recorded(2, 6, &r);
  auto j = nlohmann::json::parse(record_to_json(r, played));
  std::string error;
  ASSERT_TRUE(replay(*record_from_json(j.dump(), &error), &error)) << error;
  const int vp0 = j["result"]["vp"][0];
  j["result"]["vp"][0] = vp0 + 1;
  const auto edited = record_from_json(j.dump(), &error);
  ASSERT_TRUE(edited) << error;
  EXPECT_FALSE(replay(*edited, &error));
  EXPECT_EQ(error.rfind("result: the record says game over, vp " + std::to_string(vp0 + 1) + " ", 0), 0u)
      << error;
  j["result"]["vp"] = {1, 2, 3};
  EXPECT_FALSE(record_from_json(j.dump(), &error));
  EXPECT_EQ(error.rfind("result: expected ", 0), 0u) << error;
}

TEST(Record, ReplayReportsTheFirstIllegalAction) {
  GameRecord r;
  play_recorded(2, 3, &r);
  r.actions.resize(20);
  // The action phase never offers a loyalty choice.
  r.actions[17] = Act::kLoyalty;
  std::string error;
  EXPECT_FALSE(replay(r, &error));
  EXPECT_EQ(error, "action 17 (id " + std::to_string(Act::kLoyalty) + ") is not legal at step 17");

  GameRecord finished;
  play_recorded(2, 3, &finished);
  finished.actions.push_back(Act::kDone);
  EXPECT_FALSE(replay(finished, &error));
  EXPECT_NE(error.find("the game is already over"), std::string::npos) << error;
}

TEST(Record, DeepValuesAreRefusedNotFollowed) {
  std::string error;
  EXPECT_FALSE(
      record_from_json("{\"format\": " + std::string(100000, '[') + std::string(100000, ']') + "}", &error));
  EXPECT_EQ(error, "invalid JSON: nested deeper than 64 levels at byte 75");
  EXPECT_FALSE(record_from_json("{\"game\": " + std::string(50, '[') + std::string(50, ']') + "}", &error));
  EXPECT_LE(error.size(), 80u) << error;
}

TEST(Record, RejectsMalformedRecords) {
  GameRecord r;
  const State played = play_recorded(2, 5, &r);
  auto error_after = [&](auto edit) {
    auto j = nlohmann::json::parse(record_to_json(r, played));
    edit(j);
    std::string error;
    EXPECT_FALSE(record_from_json(j.dump(), &error));
    return error;
  };
  EXPECT_EQ(error_after([](auto& j) { j["num_players"] = 7; }),
            "num_players: expected an integer 2 to 5, got 7");
  EXPECT_EQ(error_after([](auto& j) { j["agents"].push_back("random"); }),
            "agents: expected one spec per seat");
  EXPECT_EQ(error_after([](auto& j) { j["actions"][3]["id"] = 100000; }),
            "actions[3].id: expected an action id 0.." + std::to_string(kNumActions - 1) + ", got 100000");
  EXPECT_EQ(error_after([](auto& j) { j["moves"] = 1; }), "unknown key \"moves\"");
  EXPECT_EQ(error_after([](auto& j) { j.erase("seed"); }), "missing key \"seed\"");
  std::string error;
  EXPECT_FALSE(record_from_json("not json", &error));
  EXPECT_EQ(error.rfind("invalid JSON", 0), 0u) << error;
  EXPECT_EQ(error_after([](auto& j) { j["mo\nves"] = 1; }), "unknown key \"mo\\nves\"");  // stays on one line
  // A number beyond a double is a load error, not an escaping exception.
  std::string text = record_to_json(r, played);
  const auto at = text.find("\"seed\":");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, text.find(',', at) - at, "\"seed\": 1e400");
  EXPECT_FALSE(record_from_json(text, &error));
  EXPECT_EQ(error.rfind("invalid JSON: ", 0), 0u) << error;
}

}  // namespace
}  // namespace pamir::io
