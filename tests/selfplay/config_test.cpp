// The training config: parsing, range and type checks, unknown keys, overrides, the
// resolved file, and that the shipped configs document every key.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "games/registry.h"
#include "io/file_io.h"
#include "selfplay/config.h"

namespace pamir::selfplay {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(TrainConfig, ParsesKeysCommentsAndBlankLines) {
  const TrainConfig c =
      parse_config("# a run\n\nplayers = 3  # seats\n  learning_rate=0.01\nseed = 42\n", "t.cfg");
  EXPECT_EQ(c.players, 3);
  EXPECT_DOUBLE_EQ(c.learning_rate, 0.01);
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(c.generations, TrainConfig().generations);  // untouched keys keep their defaults
}

TEST(TrainConfig, UnknownKeyIsAOneLineErrorWithItsLine) {
  EXPECT_EQ(error_of([] { parse_config("players = 2\ngams = 4\n", "t.cfg"); }),
            "t.cfg:2: unknown key 'gams'");
}

TEST(TrainConfig, AFolderIsNotAConfig) {
  const std::string folder = std::string(PAMIR_SOURCE_DIR) + "/configs";
  try {
    load_config(folder);
    FAIL() << "a folder was read as a config";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), folder + ": is a folder, not a config file");
  }
}

TEST(TrainConfig, BadValuesAreRefused) {
  EXPECT_EQ(error_of([] { parse_config("players = 7\n", "t.cfg"); }),
            "t.cfg:1: players = 7 is out of range 1..5");
  EXPECT_EQ(error_of([] { parse_config("players = two\n", "t.cfg"); }),
            "t.cfg:1: players = 'two' is not an integer");
  EXPECT_EQ(error_of([] { parse_config("players = 2.5\n", "t.cfg"); }),
            "t.cfg:1: players = '2.5' is not an integer");
  EXPECT_EQ(error_of([] { parse_config("cpuct = 1x\n", "t.cfg"); }), "t.cfg:1: cpuct = '1x' is not a number");
  EXPECT_EQ(error_of([] { parse_config("cpuct = nan\n", "t.cfg"); }),
            "t.cfg:1: cpuct = 'nan' is not a number");
  EXPECT_EQ(error_of([] { parse_config("cpuct\n", "t.cfg"); }),
            "t.cfg:1: expected 'key = value', got 'cpuct'");
  EXPECT_EQ(error_of([] { parse_config("seed = 1\nseed = 2\n", "t.cfg"); }),
            "t.cfg:2: key 'seed' given twice");
  EXPECT_NE(error_of([] { parse_config("full_iters = 8\nfast_iters = 16\n", "t.cfg"); }).find("fast_iters"),
            std::string::npos);
  EXPECT_NE(
      error_of([] { parse_config("players = 3\nresign_threshold = 0.05\n", "t.cfg"); }).find("players = 2"),
      std::string::npos);
}

// The config names its game (the first game without a `game` line); the game's own rules are
// checked once it is known, naming where the offending key was set.
TEST(TrainConfig, TheGamesRulesAreCheckedAgainstItsFacts) {
  EXPECT_EQ(parse_config("seed = 1\n", "t.cfg").game, "pamir");
  EXPECT_EQ(parse_config("game = expanse\n", "t.cfg").game, "expanse");
  EXPECT_EQ(error_of([] { parse_config("game = chess\n", "t.cfg"); }),
            "t.cfg:1: unknown game chess (games: " + games::game_keys() + ")");
  const io::GameFacts expanse = games::game("expanse").facts();
  TrainConfig c = parse_config("game = expanse\n", "t.cfg");
  check_game_config(c, expanse);
  EXPECT_EQ(c.players, expanse.min_players);  // a config that sets no players takes the game's fewest
  c = parse_config("game = expanse\nplayers = 5\n", "t.cfg");
  EXPECT_EQ(error_of([&] { check_game_config(c, expanse); }), "t.cfg:2: players = 5 is out of range 3..4");
  c = parse_config("players = 3\nautomaton_share = 0.5\n", "t.cfg");
  EXPECT_NO_THROW(check_game_config(c, games::game("pamir").facts()));
  apply_overrides(c, {"players=4"});
  EXPECT_EQ(error_of([&] { check_game_config(c, games::game("pamir").facts()); }),
            "t.cfg:2: automaton_share > 0 needs players = 2 or 3 (wakhan plays in games of 2 or 3 seats)");
  c = parse_config("game = expanse\nautomaton_share = 0.5\n", "t.cfg");
  EXPECT_EQ(error_of([&] { check_game_config(c, expanse); }),
            "t.cfg:2: automaton_share > 0, but Pax Expanse has no automated opponent");
}

// wakhan_share, the key's name until 2026-12-06, still loads (the configs of older runs name
// it) as automaton_share, from a file or an override; the two names are one key.
TEST(TrainConfig, TheOldNameOfTheAutomatonsShareStillLoads) {
  EXPECT_EQ(parse_config("wakhan_share = 0.5\n", "t.cfg").automaton_share, 0.5);
  TrainConfig c;
  apply_overrides(c, {"wakhan_share=0.25"});
  EXPECT_EQ(c.automaton_share, 0.25);
  EXPECT_EQ(c.origin.at("automaton_share"), "--set");
  EXPECT_EQ(error_of([] { parse_config("wakhan_share = 0.5\nautomaton_share = 0.5\n", "t.cfg"); }),
            "t.cfg:2: key 'automaton_share' given twice");
  EXPECT_EQ(format_config(c).find("wakhan_share"), std::string::npos);  // written by its present name
}

TEST(TrainConfig, OverridesApplyInOrderAndAreChecked) {
  TrainConfig c = parse_config("players = 3\n", "t.cfg");
  apply_overrides(c, {"players=4", "threads = 2", "players=5"});
  EXPECT_EQ(c.players, 5);
  EXPECT_EQ(c.threads, 2);
  EXPECT_EQ(error_of([&] { apply_overrides(c, {"nope=1"}); }), "--set: unknown key 'nope'");
  EXPECT_EQ(error_of([&] { apply_overrides(c, {"players"}); }), "--set: expected key=value, got 'players'");
  EXPECT_EQ(error_of([&] { apply_overrides(c, {"batch_size=0"}); }),
            "--set: batch_size = 0 is out of range 1..65536");
}

TEST(TrainConfig, ResolvedFileReadsBackToTheSameValues) {
  TrainConfig c;
  apply_overrides(c, {"learning_rate=0.000123456789", "seed=18000000000000000000", "players=4"});
  const std::string text = format_config(c);
  const TrainConfig back = parse_config(text, "resolved");
  EXPECT_EQ(format_config(back), text);
  EXPECT_EQ(back.seed, 18000000000000000000ull);
  EXPECT_DOUBLE_EQ(back.learning_rate, 0.000123456789);
}

TEST(TrainConfig, ShippedConfigsParseAndDocumentEveryKey) {
  // Every file in configs/, so that a recipe added later is held to the same standard.
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(PAMIR_SOURCE_DIR) + "/configs"))
    if (entry.path().extension() == ".cfg") paths.push_back(entry.path().string());
  ASSERT_GE(paths.size(), 10u) << "the shipped configs are missing";
  for (const std::string& path : paths) {
    SCOPED_TRACE(path);
    EXPECT_NO_THROW({
      TrainConfig c = load_config(path);
      check_game_config(c, games::game(c.game).facts());
    });
    std::vector<std::string> lines;
    std::istringstream in(io::read_file(path));
    for (std::string line; std::getline(in, line);) lines.push_back(line.empty() ? " " : line);
    for (const auto& k : config_keys()) {
      const std::string key = k.name;
      // The key is set on its own line, under a comment that explains it (or its group:
      // only other settings between the comment and the key).
      const auto at = std::find_if(lines.begin(), lines.end(),
                                   [&](const std::string& l) { return l.rfind(key + " = ", 0) == 0; });
      ASSERT_NE(at, lines.end()) << key << " is not set";
      auto above = at;
      while (above != lines.begin() && above->find(" = ") != std::string::npos &&
             (above - 1)->find(" = ") != std::string::npos && (above - 1)->front() != '#')
        --above;
      ASSERT_NE(above, lines.begin()) << key;
      EXPECT_EQ((above - 1)->front(), '#') << key << " has no comment above it";
    }
  }
}

}  // namespace
}  // namespace pamir::selfplay

namespace pamir::selfplay {
namespace {

// A run adds a yardstick on --resume at any budget; once it has yardstick games, their
// results name the budget and it stays.
TEST(TrainConfig, TheYardsticksBudgetIsFixedOnceItHasGames) {
  TrainConfig saved, resumed;
  apply_overrides(resumed, {"yardstick_games=200", "yardstick_iters=400"});
  EXPECT_TRUE(fixed_keys_changed(saved, resumed).empty());
  apply_overrides(saved, {"yardstick_games=200"});
  EXPECT_EQ(fixed_keys_changed(saved, resumed), std::vector<std::string>{"yardstick_iters"});
  apply_overrides(resumed, {"yardstick_iters=200", "yardstick_games=400"});
  EXPECT_TRUE(fixed_keys_changed(saved, resumed).empty());
}

}  // namespace
}  // namespace pamir::selfplay
