// build/pamir's --game: every command plays the game it names (cli/command.h), and a file of
// one game is refused under the other with a one-line error that names the way out.
// The tool runs as a program here, as a user runs it; tests/tools/ drives Pax Expanse's
// commands in-process.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "games/registry.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

// The registry's game keys as the tool lists them: "pamir, expanse".
std::string game_keys() {
  std::string keys;
  for (const games::Game* g : games::all_games()) keys += (keys.empty() ? "" : ", ") + std::string(g->key());
  return keys;
}

TEST(GameFlag, UnknownGamesAreUsageErrorsAndEveryCommandPlaysEveryGame) {
  ToolRun r = run_pamir("play --game chess");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.output, "error: --game: unknown game 'chess' (games: " + game_keys() + ")\n");
  r = run_pamir("play --replay t.jsonl --game 3");  // the tournament game's index is now --index
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.output, "error: --game: unknown game '3' (games: " + game_keys() +
                          "); a tournament's game is chosen with --index N\n");
  // serve is no longer Pax Pamir's only: it gets as far as its own options (in a build with
  // the board; without it, to the one line that says so).
  r = run_pamir("serve --game expanse --root /nonexistent/pamir-root");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, PAMIR_WITH_WEB
                          ? "error: --root /nonexistent/pamir-root: not a folder\n"
                          : "error: this pamir was built without the board (PAMIR_WITH_WEB off, or no "
                            "libmicrohttpd-dev): cmake -DPAMIR_WITH_WEB=ON with libmicrohttpd-dev and "
                            "libcpp-httplib-dev installed\n");
  r = run_pamir("--game pamir play --game expanse");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.output, "error: --game: was given twice, for different games\n");
  r = run_pamir("--game=expanse play --players 2");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "error: --players must be 3 to 4, got 2\n");
  r = run_pamir("bench --game expanse --players 2");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "error: --players must be 3 to 4, got 2\n");
}

TEST(GameFlag, EveryCommandShowsIt) {
  for (const char* command :
       {"play", "engine", "perft", "bench", "agents", "tournament", "match", "selfplay", "train", "serve"})
    for (const games::Game* g : games::all_games()) {
      const std::string game(g->key());
      const ToolRun r = run_pamir(std::string(command) + " --game " + game + " --help");
      EXPECT_EQ(r.status, 0) << command << " " << game << ": " << r.output;
      EXPECT_NE(r.output.find("--game"), std::string::npos) << command;
    }
  EXPECT_NE(run_pamir("--help").output.find("--game"), std::string::npos);
}

// A record, and a tournament's results, of each game, replayed by the next game's tools.
TEST(GameFlag, FilesOfTheOtherGameAreRefusedByName) {
  const std::string dir = temp_path("pamir_game_flag");
  std::filesystem::create_directories(dir);
  const auto all = games::all_games();
  ASSERT_GE(all.size(), 2u);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::string game(all[i]->key()), other(all[(i + 1) % all.size()]->key()), name(all[i]->name());
    const std::string players = std::to_string(all[i]->min_players());
    const std::string record = dir + "/" + game + ".json";
    ToolRun r =
        run_pamir("play --game " + game + " --players " + players + " --seed 3 --quiet --record " + record);
    ASSERT_EQ(r.status, 0) << r.output;
    r = run_pamir(std::string("play --game ") + game + " --replay " + record + " --quiet");
    EXPECT_EQ(r.status, 0) << r.output;
    r = run_pamir(std::string("play --game ") + other + " --replay " + record);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.output, "error: " + record + ": is a " + name + " record; use --game " + game + "\n");

    const std::string out = dir + "/" + game + "-tournament";
    r = run_pamir("tournament --game " + game + " --agents 'random;random' --players " + players +
                  " --games 2 --threads 1 --quiet --seating repeats --out " + out);
    ASSERT_EQ(r.status, 0) << r.output;
    r = run_pamir(std::string("play --game ") + other + " --replay " + out + "/games.jsonl");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.output, "error: " + out + "/games.jsonl line 1: is a " + name +
                            " tournament results file; use --game " + game + "\n");
  }
  std::filesystem::remove_all(dir);
}

// `pamir train` runs its config's game; --game for the other game is refused by the config.
TEST(GameFlag, TrainTakesTheGameFromItsConfig) {
  const std::string dir = temp_path("pamir_game_flag_train");
  std::filesystem::create_directories(dir);
  const std::string config = dir + "/x.cfg";
  std::FILE* f = std::fopen(config.c_str(), "w");
  std::fputs("game = expanse\nplayers = 2\n", f);
  std::fclose(f);
  // The config's game picks Pax Expanse's tool, whose seat counts refuse 2 players.
  ToolRun r = run_pamir("train --config " + config + " --out " + dir + "/run");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "error: " + config + ":2: players = 2 is out of range 3..4\n");
  r = run_pamir("train --game pamir --config " + config + " --out " + dir + "/run");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "error: " + config + " is a Pax Expanse config; use --game expanse\n");
  // --resume reads the run's saved config, and so its game, with no --game.
  std::filesystem::create_directories(dir + "/run");
  std::filesystem::copy_file(config, dir + "/run/config.cfg");
  r = run_pamir("train --resume --out " + dir + "/run");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("players = 2 is out of range 3..4"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

// A config is read once, so a pipe serves (`--config <(...)` in a shell): its game and its
// keys both come from the one read (before, the game's lookup emptied the pipe and the run
// went on with the defaults).
TEST(GameFlag, AConfigFromAPipeIsReadOnce) {
  const ToolRun r = run_shell("printf 'game = expanse\\nplayers = 2\\n' | " + kPamir +
                              " train --config /dev/stdin --out " + temp_path("pamir_piped_config"));
  EXPECT_NE(r.output.find("error: /dev/stdin:2: players = 2 is out of range 3..4\n"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.status, 1) << r.output;
}

// A config that is a folder, a game key with a line break, a thread count past OpenMP's
// limits: one line of error and a usage status, never an abort.
TEST(GameFlag, BadConfigsGamesAndThreadsAreOneLineErrors) {
  const std::string dir = temp_path("pamir_bad_configs");
  std::filesystem::create_directories(dir + "/run/config.cfg");
  for (const std::string& args :
       {"train --config " + dir + " --out " + dir + "/x", "selfplay --config " + dir + " --out " + dir + "/x",
        "train --resume --out " + dir + "/run"}) {
    const ToolRun r = run_pamir(args);
    EXPECT_EQ(r.status, 1) << args << ": " << r.output;
    EXPECT_NE(r.output.find("is a folder, not a config file"), std::string::npos) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
  ToolRun r = run_pamir("play --game \"$(printf 'expanse\\nx')\" --players 3");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  r = run_pamir("tournament --agents 'random;random' --players 2 --games 2 --threads 100000 --out " + dir +
                "/t");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_EQ(r.output, "error: threads must be 0 (every core) to 1024, got 100000\n");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace pamir::testing
