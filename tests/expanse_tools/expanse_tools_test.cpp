// The tools on Pax Expanse: this program links the layers above the rules compiled for Pax
// Expanse (pamir_commands_expanse and below), and drives the commands in-process as
// build/pamir does after `--game expanse`. Each tool plays Expanse to the end; its files name
// their game, round-trip, and are refused by the other game's tools (the tool binary itself
// checks the Pax Pamir side in ExpanseToolBinary).

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/engine_session.h"
#include "expanse.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "io/file_io.h"
#include "io/observation.h"
#include "io/record.h"
#include "io/state_json.h"
#include "nets/encoder.h"
#include "nets/weights.h"
#include "selfplay/config.h"
#include "selfplay/npz.h"
#include "selfplay/shard.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

using core::State;
using core::u64;
namespace fs = std::filesystem;

static_assert(core::kHooks.neutral_piece, "this program tests Pax Expanse's tools");

std::string error_of(const std::vector<std::string>& args) {
  try {
    run_tool(args);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

// The positions of a seeded random game, the final one included.
std::vector<State> random_game(int players, u64 seed) {
  std::vector<State> out{core::new_game(players, seed)};
  u64 rng = seed * 31 + players;
  core::Action legal[core::kMaxLegalActions];
  while (!out.back().game_over()) {
    State next = out.back();
    core::apply(next, legal[core::random_below(rng, core::legal_actions(next, legal))]);
    out.push_back(next);
  }
  return out;
}

// tiny.cfg's run of seconds, as a Pax Expanse config of 3 seats.
std::string tiny_expanse_config(const std::string& dir) {
  std::string text = io::read_file(std::string(PAMIR_SOURCE_DIR) + "/configs/tiny.cfg");
  const auto at = text.find("players = 2");
  EXPECT_NE(at, std::string::npos);
  text.replace(at, std::strlen("players = 2"), "players = 3");
  const std::string path = dir + "/expanse.cfg";
  fs::create_directories(dir);
  io::write_file_atomically(path, "game = expanse\n" + text);
  return path;
}

TEST(ExpanseFiles, PositionsRoundTripAndNameTheirGame) {
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players)
    for (u64 seed = 1; seed <= 3; ++seed)
      for (const State& s : random_game(players, seed)) {
        const std::string json = io::state_to_json(s);
        ASSERT_NE(json.find("\"game\":\"expanse\""), std::string::npos);
        std::string error;
        const auto back = io::state_from_json(json, &error);
        ASSERT_TRUE(back) << "players " << players << " seed " << seed << ": " << error;
        ASSERT_EQ(std::memcmp(&*back, &s, sizeof s), 0) << "players " << players << " seed " << seed;
      }
}

TEST(ExpanseFiles, PositionsOfAnotherGameAreRefusedByName) {
  nlohmann::json j = nlohmann::json::parse(io::state_to_json(core::new_game(3, 5)));
  std::string error;
  j.erase("game");  // a position from before there were two games: Pax Pamir's
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "is a Pax Pamir position; use --game pamir");
  j["game"] = "chess";
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "names an unknown game \"chess\"");
  j["game"] = "expanse";
  j["wakhan"] = {{"seat", 0}, {"ai_deck", nlohmann::json::array()}, {"ai_drawn", 0}};
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "position: unknown key \"wakhan\"");
}

TEST(ExpanseFiles, RecordsReplayAndRefuseAnotherGame) {
  const std::vector<State> game = random_game(4, 9);
  io::GameRecord r{4, 9, {"random", "random", "random", "random"}, {}, core::kNoPlayer, {}};
  // The actions back from the positions: the one legal action that leads from each to the next.
  core::Action legal[core::kMaxLegalActions];
  for (size_t i = 0; i + 1 < game.size(); ++i) {
    const int n = core::legal_actions(game[i], legal);
    for (int k = 0; k < n; ++k) {
      State next = game[i];
      core::apply(next, legal[k]);
      if (std::memcmp(&next, &game[i + 1], sizeof next) == 0) {
        r.actions.push_back(legal[k]);
        break;
      }
    }
  }
  ASSERT_EQ(r.actions.size() + 1, game.size());
  const std::string json = io::record_to_json(r, game.back());
  EXPECT_NE(json.find("\"game\": \"expanse\""), std::string::npos);
  std::string error;
  const auto back = io::record_from_json(json, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->actions, r.actions);
  const auto final_state = io::replay(*back, &error);
  ASSERT_TRUE(final_state) << error;
  EXPECT_EQ(std::memcmp(&*final_state, &game.back(), sizeof(State)), 0);

  nlohmann::json j = nlohmann::json::parse(json);
  j.erase("game");
  EXPECT_FALSE(io::record_from_json(j.dump(), &error));
  EXPECT_EQ(error, "is a Pax Pamir record; use --game pamir");
  j["game"] = "expanse";
  j["wakhan_seat"] = 0;
  EXPECT_FALSE(io::record_from_json(j.dump(), &error));
  EXPECT_EQ(error, "wakhan_seat: this game has no automated opponent");
}

TEST(ExpanseFiles, NetsAndShardsNameTheirGame) {
  const nets::NetWeights w = nets::random_weights({8, 1}, 3);
  EXPECT_EQ(nets::parse_weights(nets::serialize_weights(w), "fresh").data, w.data);
  // A shipped Pax Pamir net.
  const std::string pamir_net = std::string(PAMIR_SOURCE_DIR) + "/models/pamir-2p.weights";
  try {
    nets::load_weights(pamir_net);
    ADD_FAILURE() << "a Pax Pamir net loaded";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "bad weight file " + pamir_net + ": is a Pax Pamir net; use --game pamir");
  }

  selfplay::ShardRows rows;
  rows.num_features = nets::kNumFeatures;
  const std::string bytes = selfplay::shard_bytes(rows);
  EXPECT_EQ(selfplay::parse_shard(bytes, "s.npz").num_features, nets::kNumFeatures);
  // The same shard said to be Pax Pamir's: its arrays without "game".
  std::vector<selfplay::NpyArray> arrays = selfplay::read_npz(bytes, "s.npz");
  std::erase_if(arrays, [](const selfplay::NpyArray& a) { return a.name == "game"; });
  try {
    selfplay::parse_shard(selfplay::write_npz(arrays), "p.npz");
    ADD_FAILURE() << "a Pax Pamir shard loaded";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "p.npz is a Pax Pamir self-play shard; use --game pamir");
  }
}

// A seat's observation hides the Rocinante's AI deck below its face-up card.
TEST(ExpanseFiles, ObservationsHideTheRocinantesDeck) {
  const State s = random_game(3, 4)[30];
  const nlohmann::json j = nlohmann::json::parse(io::observation_to_json(s, 0));
  const nlohmann::json& deck = j.at("expanse").at("ai_deck");
  ASSERT_EQ(deck.size(), size_t(core::kWakhanCards));
  for (int i = 0; i < core::kWakhanCards; ++i)
    EXPECT_EQ(deck[i].is_null(), i >= s.ai_drawn) << i;
}

// Seed "Starting Loyalty": while loyalty is chosen, a seat's observation does not show the
// choices other seats made, only its own.
TEST(ExpanseFiles, ObservationsHideOtherSeatsLoyaltyChoicesDuringSetup) {
  State s = core::new_game(3, 6);
  const int first = s.top().player;
  core::apply(s, core::Act::loyalty(core::Coalition::kMars));
  const int next = s.top().player;
  const std::string theirs = io::observation_to_json(s, next), own = io::observation_to_json(s, first);
  State unchosen = core::new_game(3, 6);
  EXPECT_EQ(nlohmann::json::parse(theirs).at("players").at(first).at("loyalty"),
            nlohmann::json::parse(io::observation_to_json(unchosen, next)).at("players").at(first).at("loyalty"));
  EXPECT_NE(nlohmann::json::parse(own).at("players").at(first).at("loyalty"),
            nlohmann::json::parse(theirs).at("players").at(first).at("loyalty"));
}

// The encoder reads what the seat knows and no more: another seat's secret loyalty choice is
// not in its row (the nets' cache is keyed by what the seat knows, core::infoset_key, so a row
// that saw more made self-play depend on which positions shared a worker).
TEST(ExpanseEncoder, DoesNotSeeOtherSeatsSecretLoyaltyChoices) {
  State chosen = core::new_game(3, 6);
  core::apply(chosen, core::Act::loyalty(core::Coalition::kMars));
  State other = core::new_game(3, 6);
  core::apply(other, core::Act::loyalty(core::Coalition::kEarth));
  ASSERT_EQ(core::to_move(chosen), core::to_move(other));
  ASSERT_EQ(core::infoset_key(chosen, core::to_move(chosen)), core::infoset_key(other, core::to_move(other)));
  std::vector<float> a(nets::kNumFeatures), b(nets::kNumFeatures);
  nets::encode_dense(chosen, a.data());
  nets::encode_dense(other, b.data());
  EXPECT_EQ(a, b);
  // The chooser still sees its own choice.
  const int first = core::new_game(3, 6).top().player;
  nets::encode_dense(chosen, first, a.data());
  nets::encode_dense(other, first, b.data());
  EXPECT_NE(a, b);
}

// Pax Expanse's own state is in the encoding, in slots Wakhan's take in Pax Pamir.
TEST(ExpanseEncoder, SeesTheRocinanteAndTheObjective) {
  const State s = random_game(3, 2)[40];
  std::vector<float> row(nets::kNumFeatures);
  nets::encode_dense(s, row.data());
  const int at = nets::Enc::kGlobal + 31;
  for (int r = 0; r < core::Region::kCount; ++r) {
    EXPECT_EQ(row[at + r], r == s.rocinante_region ? 1.0f : 0.0f) << r;
    EXPECT_EQ(row[at + core::Region::kCount + r], r == s.objective_region ? 1.0f : 0.0f) << r;
  }
  State moved = s;
  moved.rocinante_region = core::u8((s.rocinante_region + 1) % core::Region::kCount);
  std::vector<float> other(nets::kNumFeatures);
  nets::encode_dense(moved, other.data());
  EXPECT_NE(row, other);
}

// What the Rocinante will do next is public (its AI card lies face up) and in the encoding:
// the card's two actions, whether both are performed, where the ship goes, the cards drawn.
TEST(ExpanseEncoder, SeesTheRocinantesFaceUpCard) {
  constexpr int kActions = core::RocinanteAction::kCount - 1;
  const int top = nets::Enc::kGlobal + 44, bottom = top + kActions, both = bottom + kActions,
            location = both + 1, drawn = location + core::Region::kCount;
  for (const State& s : random_game(4, 3)) {
    if (s.game_over()) continue;
    std::vector<float> row(nets::kNumFeatures);
    nets::encode_dense(s, row.data());
    const core::RocinanteCardDef& card = core::rocinante_card_def(core::rocinante_card(s));
    for (int a = 1; a <= kActions; ++a) {
      ASSERT_EQ(row[top + a - 1], card.top == a ? 1.0f : 0.0f) << a;
      ASSERT_EQ(row[bottom + a - 1], card.bottom == a ? 1.0f : 0.0f) << a;
    }
    ASSERT_EQ(row[both], card.both ? 1.0f : 0.0f);
    for (int r = 0; r < core::Region::kCount; ++r) ASSERT_EQ(row[location + r], card.location == r ? 1.0f : 0.0f) << r;
    ASSERT_FLOAT_EQ(row[drawn], s.ai_drawn / 24.0f);
  }
  // Another face-up card with other actions encodes differently.
  State s = random_game(4, 3)[30], other = s;
  const int next = s.ai_drawn < 24 ? s.ai_drawn : s.ai_drawn - 2;
  std::swap(other.ai_deck[s.ai_drawn - 1], other.ai_deck[next]);
  std::vector<float> a(nets::kNumFeatures), b(nets::kNumFeatures);
  nets::encode_dense(s, a.data());
  nets::encode_dense(other, b.data());
  const core::RocinanteCardDef &x = core::rocinante_card_def(core::rocinante_card(s)),
                               &y = core::rocinante_card_def(core::rocinante_card(other));
  EXPECT_EQ(a == b, x.top == y.top && x.bottom == y.bottom && x.both == y.both && x.location == y.location);
}

TEST(ExpanseTools, PlayPlaysAGameToTheEndAndRecordsIt) {
  const std::string record = temp_path("expanse_play") + ".json";
  const std::string out = run_tool({"play", "--game", "expanse", "--players", "3", "--agents", "random,random,random",
                                    "--seed", "7", "--record", record, "--quiet"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
  const std::string replayed = run_tool({"play", "--game=expanse", "--replay", record, "--quiet"});
  EXPECT_NE(replayed.find("final standing:"), std::string::npos) << replayed;
  fs::remove(record);
}

TEST(ExpanseTools, PlayRefusesWhatExpanseHasNot) {
  EXPECT_EQ(error_of({"play", "--game", "expanse", "--players", "2"}), "--players must be 3 to 4, got 2");
  EXPECT_EQ(error_of({"play", "--players", "3", "--agents", "random,wakhan,random"}), "wakhan plays Pax Pamir only");
  EXPECT_NE(error_of({"play", "--players", "4", "--agents", "best,random,random,random"}).find("no shipped net for 4 players"),
            std::string::npos);
  EXPECT_EQ(error_of({"play", "--game", "pamir"}), "--game: was given twice, for different games");
}

TEST(ExpanseTools, SearchAgentsPlay) {
  const std::string out = run_tool({"play", "--players", "3", "--seed", "2", "--quiet", "--agents",
                                    "ismcts:iters=8,mcts:iters=8,heuristic"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
}

// models/expanse-3p.weights: the shipped 3-player net plays, and the standing speaks Expanse.
TEST(ExpanseTools, TheShippedNetPlaysThreePlayers) {
  const std::string out = run_tool({"play", "--players", "3", "--seed", "5", "--quiet", "--agents",
                                    "best:iters=8,random,random"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
  EXPECT_NE(out.find(" war stars, "), std::string::npos) << out;
  EXPECT_NE(out.find(" influence\n"), std::string::npos) << out;
}

TEST(ExpanseTools, PerftCountsFromTheStart) {
  const std::string out = run_tool({"perft", "--game", "expanse", "--players", "3", "--seed", "1", "--depth", "3"});
  EXPECT_EQ(out.rfind("perft(players 3, seed 1, depth 3) = ", 0), 0u) << out;
}

TEST(ExpanseTools, TournamentPlaysAndWritesItsGame) {
  const std::string dir = temp_path("expanse_tournament");
  fs::remove_all(dir);
  run_tool({"tournament", "--game", "expanse", "--agents", "random;heuristic", "--players", "3", "--games", "3",
            "--threads", "1", "--seed", "4", "--out", dir, "--quiet"});
  std::ifstream in(dir + "/games.jsonl");
  std::string header;
  std::getline(in, header);
  EXPECT_NE(header.find("\"game\":\"expanse\""), std::string::npos) << header;
  const std::string replayed = run_tool({"play", "--replay", dir + "/games.jsonl", "--index", "0", "--quiet"});
  EXPECT_NE(replayed.find("final standing:"), std::string::npos) << replayed;
  fs::remove_all(dir);
}

TEST(ExpanseTools, EngineProtocolPlaysAGame) {
  cli::EngineSession e("random");
  EXPECT_EQ(e.handle("new players=3 seed=2"), std::vector<std::string>{"ok"});
  EXPECT_EQ(e.handle("new players=2 seed=2"), std::vector<std::string>{"error: new: players must be 3 to 4, got 2"});
  for (int i = 0; i < 5000; ++i) {
    if (e.handle("result").at(0) == "over yes") return;
    const auto go = e.handle("go");  // "action <id> <name>", "ok"
    ASSERT_EQ(go.back(), "ok") << go[0];
    ASSERT_EQ(go[0].rfind("action ", 0), 0u) << go[0];
    const std::string id = go[0].substr(7, go[0].find(' ', 7) - 7);
    ASSERT_EQ(e.handle("do " + id), std::vector<std::string>{"ok"}) << go[0];
  }
  ADD_FAILURE() << "the game did not end";
}

TEST(ExpanseTools, SelfPlayAndTrainRunTheConfigsGame) {
  const std::string dir = temp_path("expanse_train");
  fs::remove_all(dir);
  const std::string config = tiny_expanse_config(dir);
  run_tool({"selfplay", "--config", config, "--out", dir + "/shards", "--set", "games_per_generation=2"});
  bool shard = false;
  for (const auto& f : fs::directory_iterator(dir + "/shards")) shard |= f.path().extension() == ".npz";
  EXPECT_TRUE(shard);
  run_tool({"train", "--config", config, "--out", dir + "/run", "--generations", "1", "--set", "eval_games=0", "--set",
            "final_eval_games=0", "--set", "games_per_generation=2"});
  EXPECT_NE(io::read_file(dir + "/run/config.cfg").find("game = expanse"), std::string::npos);
  fs::remove_all(dir);
}

// Self-play on two threads gives the same shards and nets run after run, as for Pax Pamir
// (TrainLoop.TwoRunsWithOneSeedAreByteIdentical).
TEST(ExpanseTools, TrainingOnTwoThreadsIsByteIdentical) {
  const std::string dir = temp_path("expanse_same");
  fs::remove_all(dir);
  const std::string config = tiny_expanse_config(dir);
  // Searches deep enough, and games enough per worker, that the nets' position cache is
  // shared by several games and overwritten (what made the rows depend on the threads).
  for (const char* run : {"/a", "/b"})
    run_tool({"train", "--config", config, "--out", dir + run, "--generations", "2", "--threads", "2", "--set",
              "games_per_generation=48", "--set", "games_per_worker=8", "--set", "games_per_shard=4", "--set",
              "full_iters=48", "--set", "fast_iters=12", "--set", "value_target_mix=1", "--set", "eval_games=0",
              "--set", "final_eval_games=0"});
  int compared = 0;
  for (const char* sub : {"/shards", "/nets"})
    for (const auto& entry : fs::directory_iterator(dir + "/a" + sub)) {
      if (entry.path().extension() == ".ckpt") continue;  // a torch archive records its own file name
      const std::string other = dir + "/b" + sub + "/" + entry.path().filename().string();
      ASSERT_TRUE(fs::exists(other)) << other;
      EXPECT_TRUE(io::read_file(entry.path().string()) == io::read_file(other)) << entry.path() << " differs";
      ++compared;
    }
  EXPECT_GE(compared, 6 + 3);  // shards of two generations and three weight files
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir::testing
