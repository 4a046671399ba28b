// `pamir ladder` and --ladder, run as a user runs them: a tournament and a match recorded as
// they end, an import that adds nothing the second time, the ratings, the page, a parent set
// by label, and one-line refusals.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "io/file_io.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

namespace fs = std::filesystem;

long ladder_lines(const std::string& text) { return long(std::count(text.begin(), text.end(), '\n')); }

TEST(LadderCommand, RecordsTournamentsAndMatchesAndRatesThem) {
  const std::string dir = temp_path("pamir_ladder_command");
  fs::remove_all(dir);
  const std::string db = dir + "/ladder.sqlite";
  ToolRun r = run_pamir("tournament --agents 'random;heuristic' --players 2 --games 4 --quiet --out " + dir +
                        "/t --ladder " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("ladder: 4 new games of 4 recorded in " + db), std::string::npos) << r.output;

  r = run_pamir("ladder import " + dir + " --db " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, dir + ": 4 games, 0 new (1 file)\n" + db + ": 0 new games, 4 in all\n");

  // The match's games go to matches/ beside the database; its exit status is its verdict.
  r = run_pamir("match random heuristic --max-games 4 --ladder " + db);
  ASSERT_TRUE(r.status == 0 || r.status == 3 || r.status == 4) << r.output;
  EXPECT_NE(r.output.find("ladder: 4 new games of 4 recorded in " + db), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("results: " + dir + "/matches/match-"), std::string::npos) << r.output;

  r = run_pamir("ladder show --db " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Pax Pamir, 2 players: 2 versions, 8 games"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  random\n"), std::string::npos) << r.output;
  r = run_pamir("ladder show --game expanse --db " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "no games\n");

  r = run_pamir("ladder parent heuristic random --db " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "#2 heuristic: parent #1 random\n");
  r = run_pamir("ladder report --out " + dir + "/ladder.html --db " + db);
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string page = io::read_file(dir + "/ladder.html");
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_NE(page.find("#1 random"), std::string::npos);

  // Refusals: one line each, and nothing of a bad file.
  fs::create_directories(dir + "/bad");
  io::write_file_atomically(dir + "/bad/games.jsonl", "{\"type\":\"header\"}\n");
  r = run_pamir("ladder import " + dir + "/bad --db " + db);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output.rfind("error: " + dir + "/bad/games.jsonl line 1: ", 0), 0u) << r.output;
  EXPECT_EQ(ladder_lines(r.output), 1);
  r = run_pamir("ladder parent nobody random --db " + db);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(ladder_lines(r.output), 1);
  EXPECT_NE(r.output.find("no version is named \"nobody\""), std::string::npos) << r.output;
  r = run_pamir("ladder parent random heuristic --db " + db);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("cannot descend from itself"), std::string::npos) << r.output;
  r = run_pamir("ladder show --db " + dir + "/none.sqlite");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("no ladder at " + dir + "/none.sqlite"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir + "/none.sqlite"));
  r = run_pamir("ladder show --anchor nobody --db " + db);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(ladder_lines(r.output), 1);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir::testing
