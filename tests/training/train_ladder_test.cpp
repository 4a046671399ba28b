// `pamir train --ladder DB`: each generation's evaluation games recorded in the ladder as the
// generation ends, each generation's net the child of the one before.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include <fmt/format.h>

#include "io/file_io.h"
#include "ladder/database.h"
#include "tests/cli_tool.h"
#include "tests/selfplay/run_fixtures.h"

namespace pamir::selfplay {
namespace {

namespace fs = std::filesystem;

TEST(TrainLadder, EveryGenerationsEvaluationGamesAreRecorded) {
  const fs::path dir = fresh_dir("train_ladder");
  const std::string run = (dir / "run").string(), db = (dir / "ladder.sqlite").string();
  const testing::ToolRun r = testing::run_pamir(
      "train --config " PAMIR_SOURCE_DIR "/configs/tiny.cfg --out " + run + " --ladder " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  // After each of the two generations and after the final matches.
  long recorded = 0;
  for (std::size_t at = 0; (at = r.output.find("ladder: ", at)) != std::string::npos; ++at) ++recorded;
  EXPECT_EQ(recorded, tiny().generations + 1) << r.output;

  long games = 0;  // every game line of the run's results files
  for (const auto& entry : fs::directory_iterator(run + "/eval")) {
    const std::string text = io::read_file(entry.path().string());
    games += long(std::count(text.begin(), text.end(), '\n')) - 1;
  }
  ladder::Database ladder(db, false);
  EXPECT_GT(games, 0);
  EXPECT_EQ(ladder.game_count(), games);
  // Each generation's version descends from the previous generation's.
  const std::vector<ladder::VersionRow> versions = ladder.versions();
  std::map<long, std::string> net_of;  // version id -> its net's file name
  for (const ladder::VersionRow& v : versions)
    if (v.version.spec.find("eval=net:") != std::string::npos)
      net_of[v.id] = fs::path(v.version.spec).filename().string();
  long children = 0;
  for (const ladder::VersionRow& v : versions)
    if (net_of.count(v.id) && net_of[v.id] != "gen000.weights") {
      ASSERT_TRUE(net_of.count(v.parent)) << v.version.label;
      const int generation = std::stoi(net_of[v.id].substr(3, 3));
      EXPECT_EQ(net_of[v.parent], fmt::format("gen{:03}.weights", generation - 1)) << v.version.label;
      ++children;
    }
  EXPECT_EQ(children, tiny().generations);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir::selfplay
