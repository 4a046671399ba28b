// Drives `pamir play` in-process (tests/cli_tool.h).

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/registry.h"
#include "io/file_io.h"
#include "tests/cli_tool.h"

namespace pamir::cli {
namespace {

using pamir::testing::run_tool;
using pamir::testing::temp_path;

// The record in the file, read as the game's.
std::optional<io::GameRecord> read_record(const games::Game& game, const std::string& path,
                                          std::string* error) {
  return game.record_from_json(io::read_file(path), error);
}

TEST(CliPlay, RecordsAndReplaysTheSameGame) {
  const std::string path = temp_path("pamir_cli_test.json");
  const std::string played = run_tool(
      {"play", "--players", "3", "--agents", "random,random,random", "--seed", "7", "--record", path});
  EXPECT_EQ(played.rfind("game: 3 players, seed 7, agents random, random, random\n", 0), 0u) << played;
  EXPECT_NE(played.find("final standing:\n1. player "), std::string::npos);
  EXPECT_EQ(run_tool({"play", "--replay", path}), played);

  std::string error;
  const auto record = read_record(games::game("pamir"), path, &error);
  ASSERT_TRUE(record) << error;
  EXPECT_EQ(record->num_players, 3);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
  std::filesystem::remove(path);
}

// A tournament's games.jsonl replays like a record: --index picks the game, whose standing is
// the one its line gives; the log carries what the decisions caused.
TEST(CliPlay, ReplaysAGameOfATournamentResultsFile) {
  const std::string dir = temp_path("pamir_cli_tournament");
  run_tool({"tournament", "--agents", "random;heuristic", "--players", "2", "--games", "4", "--seed", "3",
            "--out", dir, "--quiet"});
  const std::string results = dir + "/games.jsonl";
  std::ifstream in(results);
  std::string header, line;
  std::getline(in, header);
  std::getline(in, line);  // the first game to finish
  const auto at = [&](const std::string& key) { return line.find("\"" + key + "\":"); };
  const long game = std::stol(line.substr(at("game") + 7));
  const std::string vp = line.substr(at("vp") + 6, line.find(']', at("vp")) - at("vp") - 6);  // "a,b"
  const std::string out = run_tool({"play", "--replay", results, "--index", std::to_string(game)});
  EXPECT_EQ(out.rfind("game: 2 players, seed ", 0), 0u) << out;
  EXPECT_NE(out.find("Dominance Check 1 scored: "), std::string::npos) << out;
  const std::string vp0 = vp.substr(0, vp.find(',')), vp1 = vp.substr(vp.find(',') + 1);
  const size_t standing = out.find("final standing:");
  ASSERT_NE(standing, std::string::npos) << out;
  for (const auto& [seat, points] : {std::pair{"0", vp0}, std::pair{"1", vp1}}) {
    const size_t l = out.find(std::string("player ") + seat + " (", standing);
    ASSERT_NE(l, std::string::npos);
    EXPECT_EQ(out.substr(out.find(": ", l) + 2, points.size() + 3), points + " VP") << out.substr(standing);
  }
  // Without --index, the first line's game.
  EXPECT_EQ(run_tool({"play", "--replay", results}), out);
  try {
    run_tool({"play", "--replay", results, "--index", "99"});
    ADD_FAILURE() << "game 99 replayed";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), results + ": no game 99 (it holds 4 games, numbered 0 to 3)");
  }
  std::filesystem::remove_all(dir);
}

TEST(CliPlay, QuietPrintsOnlyTheStanding) {
  const std::string out = run_tool({"play", "--players", "2", "--seed", "4", "--quiet"});
  std::istringstream lines(out);
  std::vector<std::string> all;
  for (std::string l; std::getline(lines, l);) all.push_back(l);
  ASSERT_EQ(all.size(), 4u) << out;  // header, "final standing:", two players
  EXPECT_EQ(all[1], "final standing:");
}

TEST(CliPlay, WakhanTakesTheSeatMarkedWakhanAndReplays) {
  const std::string path = temp_path("pamir_cli_wakhan.json");
  const std::string played = run_tool({"play", "--players", "3", "--agents", "random,random,wakhan", "--seed",
                                       "5", "--record", path, "--quiet"});
  EXPECT_NE(played.find("final standing:\n1. player "), std::string::npos) << played;
  EXPECT_EQ(run_tool({"play", "--replay", path, "--quiet"}), played);
  std::string error;
  const auto record = read_record(games::game("pamir"), path, &error);
  ASSERT_TRUE(record) << error;
  EXPECT_EQ(record->automaton_seat, 2);
  std::filesystem::remove(path);
  EXPECT_NE(
      run_tool({"play", "--players", "2", "--agents", "wakhan,random", "--quiet"}).find("final standing"),
      std::string::npos);
}

TEST(Cli, VersionNamesTheCommitAndEveryGamesBenchSignature) {
  try {
    run_tool({"--version"});
    FAIL() << "--version did not stop the parse";
  } catch (const CLI::CallForVersion& e) {
    const std::string line = e.what();
    EXPECT_EQ(line.rfind("pamir ", 0), 0u) << line;
    EXPECT_NE(line.find(", commit "), std::string::npos) << line;
    std::string signatures;
    for (const games::Game* game : games::all_games()) {
      char hex[17];
      std::snprintf(hex, sizeof hex, "%016" PRIx64, game->bench_signature());
      signatures += (signatures.empty() ? "" : ", ") + std::string(game->key()) + " " + hex;
    }
    EXPECT_NE(line.find(", bench signatures " + signatures), std::string::npos) << line;
  }
}

TEST(Cli, HelpShowsDefaults) {
  CLI::App app{"pamir"};
  const char* argv[] = {"pamir", "tournament", "--help"};
  EXPECT_THROW(cli::parse_command_line(app, 3, argv), CLI::CallForHelp);
  const std::string text = app.get_subcommand("tournament")->help();
  const auto threads = text.find("--threads");
  ASSERT_NE(threads, std::string::npos) << text;
  EXPECT_NE(text.substr(threads, text.find('\n', threads) - threads).find("INT=1"), std::string::npos)
      << text;
}

TEST(CliPlay, BadArgumentsGiveOneLineErrors) {
  auto error_of = [](std::vector<std::string> args) -> std::string {
    try {
      run_tool(args);
    } catch (const std::exception& e) {  // what main() reports
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of({"play", "--players", "3", "--agents", "random,random"}),
            "--agents names 2 agents for 3 players");
  EXPECT_EQ(error_of({"play", "--players", "6"}), "--players must be 2 to 5, got 6");
  EXPECT_EQ(error_of({"nosuch"}).rfind("unknown command 'nosuch' (commands: ", 0), 0u)
      << error_of({"nosuch"});
  // A negative seed is refused, not wrapped to 2^64 - 1; the largest seed is accepted.
  const std::string bad_seed = "--seed: must be a whole number from 0 to 18446744073709551615, got '-1'";
  for (const char* command : {"play", "perft", "train", "tournament", "match"})
    EXPECT_EQ(error_of({command, "--seed", "-1"}), bad_seed) << command;
  EXPECT_EQ(error_of({"perft", "--seed", "18446744073709551616"}),
            "--seed: must be a whole number from 0 to 18446744073709551615, got '18446744073709551616'");
  EXPECT_EQ(error_of({"play", "--players", "2", "--agents", "wakhan,wakhan"}),
            "--agents: wakhan can hold only one seat of a game");
  EXPECT_EQ(error_of({"play", "--players", "4", "--agents", "wakhan,random,random,random"}),
            "--agents: wakhan plays only in games of 2 or 3 seats");
  EXPECT_EQ(error_of({"play", "--players", "2", "--agents", "random,wizard"}),
            "--agents: unknown agent 'wizard' (known: best, external, heuristic, human, ismcts, mcts, pimc, "
            "random; the engine's own seat: wakhan)");
  // Each game's seats, agents and automaton.
  EXPECT_EQ(error_of({"play", "--game", "expanse", "--players", "5"}), "--players must be 3 to 4, got 5");
  EXPECT_EQ(error_of({"perft", "--game", "expanse", "--players", "2"}), "--players must be 3 to 4, got 2");
  EXPECT_EQ(error_of({"play", "--game", "expanse", "--agents", "wakhan,random,random"}),
            "--agents: wakhan plays Pax Pamir only, not Pax Expanse");
  EXPECT_EQ(error_of({"--game", "pamir", "play", "--game", "expanse"}),
            "--game: was given twice, for different games");
  const std::string missing = temp_path("pamir_no_such_record");
  EXPECT_EQ(error_of({"play", "--replay", missing}),
            "cannot read " + missing + ": No such file or directory");

  const std::string bad = temp_path("pamir_bad_record.json");
  std::ofstream(bad) << R"({"format":"pamir-record-1","num_players":2,"seed":1,"agents":["a","b"],)"
                     << R"("actions":[{"id":0,"name":"done"}]})";
  EXPECT_EQ(error_of({"play", "--replay", bad}), bad + ": action 0 (id 0) is not legal at step 0");
  std::filesystem::remove(bad);

  // A resumed run refuses a change it cannot honour, naming the key and the run's value.
  const std::string run = temp_path("pamir_resume_fixed");
  std::filesystem::create_directories(run);
  std::ofstream(run + "/config.cfg") << "players = 2\nnet_width = 16\n";
  EXPECT_EQ(error_of({"train", "--resume", "--out", run, "--set", "net_width=32", "--set", "seed=9"}),
            "--resume cannot change seed (run: 1), net_width (run: 16): the run's games, nets or evaluations "
            "depend "
            "on it; start a new run");
  std::filesystem::remove_all(run);
}

// Pax Expanse through the same commands: a game recorded and replayed, perft, the agents.
TEST(CliPlay, PlaysPaxExpanse) {
  const std::string path = temp_path("pamir_cli_expanse.json");
  const std::string played = run_tool({"play", "--game", "expanse", "--players", "4", "--agents",
                                       "random,heuristic,random,random", "--seed", "3", "--record", path});
  EXPECT_EQ(played.rfind("game: 4 players, seed 3, agents random, heuristic, random, random\n", 0), 0u)
      << played;
  EXPECT_NE(played.find("final standing:\n1. player "), std::string::npos);
  EXPECT_EQ(run_tool({"--game", "expanse", "play", "--replay", path}), played);
  std::string error;
  const auto record = read_record(games::game("expanse"), path, &error);
  ASSERT_TRUE(record) << error;
  EXPECT_EQ(record->num_players, 4);
  EXPECT_FALSE(read_record(games::game("pamir"), path, &error));
  std::filesystem::remove(path);

  const std::string perft = run_tool({"perft", "--game", "expanse", "--players", "3", "--depth", "2"});
  EXPECT_EQ(perft.rfind("perft(players 3, seed 1, depth 2) = ", 0), 0u) << perft;
  const std::string agents = run_tool({"agents", "--game", "expanse"});
  EXPECT_EQ(agents, games::game("expanse").agents_help());
  EXPECT_EQ(agents.find("wakhan"), std::string::npos) << agents;
  EXPECT_NE(run_tool({"agents"}).find("wakhan"), std::string::npos);
}

// Help is written before --game is read: it names every game's seat range.
TEST(Cli, HelpNamesEveryGamesSeats) {
  CLI::App app{"pamir"};
  const char* argv[] = {"pamir", "play", "--game", "expanse", "--help"};
  EXPECT_THROW(cli::parse_command_line(app, 5, argv), CLI::CallForHelp);
  const std::string text = app.get_subcommand("play")->help();
  EXPECT_NE(text.find("pamir 2 to 5, expanse 3 to 4"), std::string::npos) << text;
}

}  // namespace
}  // namespace pamir::cli
