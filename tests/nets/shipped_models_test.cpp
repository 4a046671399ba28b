// The shipped nets: the agent spec "best" finds the net for the game's player count without
// a path, refuses a player count without one in one line, and the repository's nets load.

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>

#include "core/game.h"
#include "nets/encoder.h"
#include "nets/net_evaluator.h"
#include "nets/shipped_models.h"
#include "nets/weights.h"
#include "search/agent.h"
#include "search/mcts.h"

namespace pamir::nets {
namespace {

namespace fs = std::filesystem;

// Points PAMIR_MODELS at a scratch folder for one test.
class ScratchModels {
 public:
  ScratchModels() : dir_(fs::temp_directory_path() / ("pamir_models_" + std::to_string(::getpid()))) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ::setenv("PAMIR_MODELS", dir_.c_str(), 1);
  }
  ~ScratchModels() {
    ::unsetenv("PAMIR_MODELS");
    fs::remove_all(dir_);
  }
  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
};

TEST(ShippedModels, BestPlaysWithTheNetForThePlayerCount) {
  ScratchModels models;
  EXPECT_EQ(models_dir(), models.dir().string());
  save_weights(shipped_model_path(core::kGameKey, 2), random_weights(net_shape(), {16, 1}, 3));
  EXPECT_EQ(shipped_model_path(core::kGameKey, 2), (models.dir() / "pamir-2p.weights").string());
  auto agent = search::make_agent("best:iters=8", 1);
  EXPECT_EQ(agent->name(), "best");
  core::State s = core::new_game(2, 5);
  for (int i = 0; i < 10 && !s.game_over(); ++i) {
    const core::Action a = agent->choose(s);
    ASSERT_TRUE(core::is_legal(s, a));
    core::apply(s, a);
  }
  // No 3-player net in the folder: a one-line error naming the file.
  auto three = search::make_agent("best:iters=8", 1);
  try {
    three->choose(core::new_game(3, 5));
    FAIL() << "a 3-player game without a 3-player net was accepted";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("no shipped net for 3 players"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

// The net is loaded when the agent prepares its evaluator, before the search's clock starts:
// once prepared, the search needs no file.
TEST(ShippedModels, BestLoadsItsNetBeforeTheSearch) {
  ScratchModels models;
  const std::string path = shipped_model_path(core::kGameKey, 2);
  save_weights(path, random_weights(net_shape(), {16, 1}, 5));
  ShippedNetEvaluator evaluator;
  const core::State s = core::new_game(2, 7);
  evaluator.prepare(s);
  fs::remove(path);
  search::SearchOptions options;
  options.iters = 8;
  search::Search search(options, search::WorldModel::kSampledWorlds, 1);
  search.start(s);
  EXPECT_NO_THROW(search.run(evaluator));
  EXPECT_GT(search.iterations(), 0);
}

// Every net in the repository's models/ folder loads with this build's encoder.
TEST(ShippedModels, TheRepositorysNetsLoad) {
  int found = 0;
  for (int players = 2; players <= 5; ++players) {
    const std::string path =
        std::string(PAMIR_SOURCE_DIR) + "/models/pamir-" + std::to_string(players) + "p.weights";
    if (!fs::exists(path)) continue;
    EXPECT_NO_THROW(load_weights(path, net_shape())) << path;
    ++found;
  }
  EXPECT_GE(found, 1) << "models/ ships no net";
}

}  // namespace
}  // namespace pamir::nets
