// The tools on Pax Expanse, as `pamir --game expanse` runs them (the commands driven
// in-process, tests/cli_tool.h): each plays Pax Expanse to the end, its files name their game,
// and what Pax Expanse has not (two seats, Wakhan) is refused in one line.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/engine_session.h"
#include "games/registry.h"
#include "io/file_io.h"
#include "nets/weights.h"
#include "selfplay/npz.h"
#include "selfplay/shard.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

namespace fs = std::filesystem;

const games::Game& expanse() { return games::game("expanse"); }

std::string error_of(const std::vector<std::string>& args) {
  try {
    run_tool(args);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
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

TEST(ExpanseFiles, NetsAndShardsNameTheirGame) {
  const nets::NetShape& shape = expanse().net_shape();
  const nets::NetWeights w = nets::random_weights(shape, {8, 1}, 3);
  EXPECT_EQ(nets::parse_weights(nets::serialize_weights(w), "fresh", shape).data, w.data);
  // A shipped Pax Pamir net.
  const std::string pamir_net = std::string(PAMIR_SOURCE_DIR) + "/models/pamir-2p.weights";
  try {
    nets::load_weights(pamir_net, shape);
    ADD_FAILURE() << "a Pax Pamir net loaded";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()),
              "bad weight file " + pamir_net + ": is a Pax Pamir net; use --game pamir");
  }

  selfplay::ShardRows rows;
  rows.shape = shape;
  const std::string bytes = selfplay::shard_bytes(rows);
  EXPECT_EQ(selfplay::parse_shard(bytes, "s.npz", shape).shape.num_features, shape.num_features);
  // The same shard said to be Pax Pamir's: its arrays without "game".
  std::vector<selfplay::NpyArray> arrays = selfplay::read_npz(bytes, "s.npz");
  std::erase_if(arrays, [](const selfplay::NpyArray& a) { return a.name == "game"; });
  try {
    selfplay::parse_shard(selfplay::write_npz(arrays), "p.npz", shape);
    ADD_FAILURE() << "a Pax Pamir shard loaded";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "p.npz is a Pax Pamir self-play shard; use --game pamir");
  }
}

TEST(ExpanseTools, PlayPlaysAGameToTheEndAndRecordsIt) {
  const std::string record = temp_path("expanse_play") + ".json";
  const std::string out = run_tool({"play", "--game", "expanse", "--players", "3", "--agents",
                                    "random,random,random", "--seed", "7", "--record", record, "--quiet"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
  const std::string replayed = run_tool({"play", "--game=expanse", "--replay", record, "--quiet"});
  EXPECT_NE(replayed.find("final standing:"), std::string::npos) << replayed;
  fs::remove(record);
}

TEST(ExpanseTools, PlayRefusesWhatExpanseHasNot) {
  EXPECT_EQ(error_of({"play", "--game", "expanse", "--players", "2"}), "--players must be 3 to 4, got 2");
  EXPECT_EQ(error_of({"play", "--game", "expanse", "--players", "3", "--agents", "random,wakhan,random"}),
            "--agents: wakhan plays Pax Pamir only, not Pax Expanse");
}

TEST(ExpanseTools, SearchAgentsPlay) {
  const std::string out = run_tool({"play", "--game", "expanse", "--players", "3", "--seed", "2", "--quiet",
                                    "--agents", "ismcts:iters=8,mcts:iters=8,heuristic"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
}

// models/expanse-3p.weights: the shipped 3-player net plays, and the standing speaks Expanse.
TEST(ExpanseTools, TheShippedNetPlaysThreePlayers) {
  const std::string out = run_tool({"play", "--game", "expanse", "--players", "3", "--seed", "5", "--quiet",
                                    "--agents", "best:iters=8,random,random"});
  EXPECT_NE(out.find("final standing:"), std::string::npos) << out;
  EXPECT_NE(out.find(" war stars, "), std::string::npos) << out;
  EXPECT_NE(out.find(" influence\n"), std::string::npos) << out;
}

TEST(ExpanseTools, PerftCountsFromTheStart) {
  const std::string out =
      run_tool({"perft", "--game", "expanse", "--players", "3", "--seed", "1", "--depth", "3"});
  EXPECT_EQ(out.rfind("perft(players 3, seed 1, depth 3) = ", 0), 0u) << out;
}

TEST(ExpanseTools, TournamentPlaysAndWritesItsGame) {
  const std::string dir = temp_path("expanse_tournament");
  fs::remove_all(dir);
  run_tool({"tournament", "--game", "expanse", "--agents", "random;heuristic", "--players", "3", "--games",
            "3", "--threads", "1", "--seed", "4", "--out", dir, "--quiet"});
  std::ifstream in(dir + "/games.jsonl");
  std::string header;
  std::getline(in, header);
  EXPECT_NE(header.find("\"game\":\"expanse\""), std::string::npos) << header;
  const std::string replayed =
      run_tool({"play", "--game", "expanse", "--replay", dir + "/games.jsonl", "--index", "0", "--quiet"});
  EXPECT_NE(replayed.find("final standing:"), std::string::npos) << replayed;
  fs::remove_all(dir);
}

TEST(ExpanseTools, EngineProtocolPlaysAGame) {
  cli::EngineSession e(expanse(), "random");
  EXPECT_EQ(e.handle("new players=3 seed=2"), std::vector<std::string>{"ok"});
  EXPECT_EQ(e.handle("new players=2 seed=2"),
            std::vector<std::string>{"error: new: players must be 3 to 4, got 2"});
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
  if (!PAMIR_WITH_TORCH) GTEST_SKIP() << "this build has no libtorch: it cannot train";
  const std::string dir = temp_path("expanse_train");
  fs::remove_all(dir);
  const std::string config = tiny_expanse_config(dir);
  run_tool({"selfplay", "--config", config, "--out", dir + "/shards", "--set", "games_per_generation=2"});
  bool shard = false;
  for (const auto& f : fs::directory_iterator(dir + "/shards")) shard |= f.path().extension() == ".npz";
  EXPECT_TRUE(shard);
  run_tool({"train", "--config", config, "--out", dir + "/run", "--generations", "1", "--set", "eval_games=0",
            "--set", "final_eval_games=0", "--set", "games_per_generation=2"});
  EXPECT_NE(io::read_file(dir + "/run/config.cfg").find("game = expanse"), std::string::npos);
  fs::remove_all(dir);
}

// Self-play on two threads gives the same shards and nets run after run, as for Pax Pamir
// (TrainLoop.TwoRunsWithOneSeedAreByteIdentical).
TEST(ExpanseTools, TrainingOnTwoThreadsIsByteIdentical) {
  if (!PAMIR_WITH_TORCH) GTEST_SKIP() << "this build has no libtorch: it cannot train";
  const std::string dir = temp_path("expanse_same");
  fs::remove_all(dir);
  const std::string config = tiny_expanse_config(dir);
  // Searches deep enough, and games enough per worker, that the nets' position cache is
  // shared by several games and overwritten (what made the rows depend on the threads).
  for (const char* run : {"/a", "/b"})
    run_tool({"train",
              "--config",
              config,
              "--out",
              dir + run,
              "--generations",
              "2",
              "--threads",
              "2",
              "--set",
              "games_per_generation=48",
              "--set",
              "games_per_worker=8",
              "--set",
              "games_per_shard=4",
              "--set",
              "full_iters=48",
              "--set",
              "fast_iters=12",
              "--set",
              "value_target_mix=1",
              "--set",
              "eval_games=0",
              "--set",
              "final_eval_games=0"});
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
