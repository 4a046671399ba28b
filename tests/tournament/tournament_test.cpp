// Tournaments: results appended as games finish; an interrupted run resumed gives the same
// games and standings as an uninterrupted one; bad results files give one-line errors.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "games/registry.h"
#include "io/file_io.h"
#include "tests/cli_tool.h"
#include "tournament/game_file.h"
#include "tournament/play.h"
#include "tournament/report.h"
#include "tournament/results_log.h"
#include "tournament/standings.h"
#include "tournament/svg_chart.h"
#include "tournament/tournament.h"

namespace pamir::tournament {
namespace {

using pamir::testing::temp_path;

TournamentConfig small_config(const std::string& path) {
  TournamentConfig c;
  c.agents = {"random", "random:seed=2", "random:seed=3", "random:seed=4"};
  c.players = 3;
  c.games = 16;
  c.seed = 5;
  c.threads = 2;
  c.results_path = path;
  return c;
}

std::string standings_of(const TournamentConfig& c, const TournamentResult& r) {
  return standings_text(compute_standings(c.agents, c.players, r.games, std::nullopt, 0));
}

std::string error_of(const TournamentConfig& c) {
  try {
    run_tournament(c);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

struct TournamentFiles : ::testing::Test {
  std::string path = temp_path("pamir_tournament_test.jsonl");
  void TearDown() override { std::filesystem::remove(path); }
};

// A tournament refused at its first game (here: `best` with no net for the table, from an
// empty models folder) leaves no header-only results file to block the corrected rerun.
TEST_F(TournamentFiles, ARunRefusedBeforeItsFirstGameLeavesNoFile) {
  const std::string models = temp_path("pamir_no_models");
  std::filesystem::create_directories(models);
  ::setenv("PAMIR_MODELS", models.c_str(), 1);
  TournamentConfig c = small_config(path);
  c.agents = {"best:iters=4", "random", "random:seed=2"};
  const std::string error = error_of(c);
  ::unsetenv("PAMIR_MODELS");
  std::filesystem::remove_all(models);
  EXPECT_NE(error.find("no shipped net for 3 players"), std::string::npos) << error;
  EXPECT_FALSE(std::filesystem::exists(path));
  c.agents = {"heuristic", "random", "random:seed=2"};
  EXPECT_EQ(run_tournament(c).games.size(), 16u);
}

TEST_F(TournamentFiles, ResumeAfterAKillGivesTheUninterruptedResult) {
  TournamentConfig c = small_config("");  // in memory
  const TournamentResult whole = run_tournament(c);
  ASSERT_EQ(whole.games.size(), 16u);

  // The run is killed after 6 games have been written, in the middle of writing a 7th line.
  // It plays on one thread: with two, the other thread's game in flight may finish and be
  // written (kept, as it should be) before the kill stops the run, and 7 would be resumed.
  c.results_path = path;
  c.threads = 1;
  long seen = 0;
  EXPECT_THROW(run_tournament(c,
                              [&](const Progress&) {
                                if (++seen == 6) throw std::runtime_error("killed");
                              }),
               std::runtime_error);
  c.threads = 2;
  const std::string written = io::read_file(path);
  const std::string cut = game_line(whole.games[15]).substr(0, 40);
  std::ofstream(path, std::ios::app) << cut;

  c.resume = true;
  std::vector<long> progress_done;
  const TournamentResult resumed =
      run_tournament(c, [&](const Progress& p) { progress_done.push_back(p.done); });
  EXPECT_TRUE(resumed.dropped_partial_line);
  EXPECT_EQ(resumed.resumed, 6);
  EXPECT_EQ(progress_done.front(), 7);
  EXPECT_EQ(progress_done.back(), 16);
  ASSERT_EQ(resumed.games.size(), 16u);
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(game_line(resumed.games[i]), game_line(whole.games[i]));
  EXPECT_EQ(standings_of(c, resumed), standings_of(c, whole));

  // The file now holds every game once and nothing cut short: resuming again plays nothing.
  const std::string text = io::read_file(path);
  EXPECT_EQ(text.rfind(written, 0), 0u);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 17);
  const TournamentResult again = run_tournament(c, [](const Progress&) { FAIL() << "no game left to play"; });
  EXPECT_EQ(again.resumed, 16);
  EXPECT_FALSE(again.dropped_partial_line);
}

TEST_F(TournamentFiles, ExtendingATournamentKeepsItsGames) {
  TournamentConfig c = small_config(path);
  c.games = 8;
  const TournamentResult first = run_tournament(c);
  c.games = 16;
  c.resume = true;
  const TournamentResult more = run_tournament(c);
  EXPECT_EQ(more.resumed, 8);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(game_line(more.games[i]), game_line(first.games[i]));
}

// A stop rule (a tournament's --sprt) sees the games in index order whatever the thread
// count, stops the run where it says, and on --resume is fed the kept games first. The
// stopping run plays at one thread, where it ends with the game the rule stopped at: at more,
// the games in flight at the stop finish and are kept too, and how many that is depends on
// the machine's timing (on a busy machine, all of them).
TEST_F(TournamentFiles, AStopRuleSeesGamesInOrderAndEndsTheRun) {
  TournamentConfig c = small_config(path);
  c.threads = 1;
  std::vector<long> seen;
  c.stop_rule = [&](const GameResult& g) {
    seen.push_back(g.game);
    return g.game == 5;
  };
  const TournamentResult stopped = run_tournament(c);
  const std::vector<long> first_six = {0, 1, 2, 3, 4, 5};
  EXPECT_EQ(stopped.stopped_after, 5);
  EXPECT_EQ(seen, first_six);
  ASSERT_EQ(stopped.games.size(), 6u);
  for (long i = 0; i < 6; ++i) EXPECT_EQ(stopped.games[i].game, i);

  seen.clear();
  c.threads = 2;
  c.resume = true;
  const TournamentResult again = run_tournament(c, [](const Progress&) { FAIL() << "the test had stopped"; });
  EXPECT_EQ(again.stopped_after, 5);
  EXPECT_EQ(seen, first_six);

  seen.clear();
  c.stop_rule = [&](const GameResult& g) {
    seen.push_back(g.game);
    return false;
  };
  const TournamentResult rest = run_tournament(c);
  EXPECT_EQ(rest.stopped_after, -1);
  EXPECT_EQ(rest.games.size(), 16u);
  EXPECT_EQ(seen.size(), 16u);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
}

TEST_F(TournamentFiles, GamesAtTheDecisionCapAreDrawsThatResume) {
  TournamentConfig c = small_config(path);
  c.games = 4;
  c.max_decisions = 10;  // far below any real game: every game stops there
  const TournamentResult first = run_tournament(c);
  ASSERT_EQ(first.games.size(), 4u);
  for (const GameResult& g : first.games) {
    EXPECT_TRUE(g.capped);
    EXPECT_EQ(g.actions.size(), 10u);
    EXPECT_EQ(g.ranks, std::vector<int>(3, 0));
    EXPECT_DOUBLE_EQ(win_share(g, 0), 1.0 / 3);
  }
  // The standings say so wherever they are read.
  const Standings st = compute_standings(c.agents, c.players, first.games, std::nullopt, 0);
  EXPECT_EQ(st.capped, 4);
  EXPECT_NE(standings_text(st).find("4 games, 3 seats each (4 stopped at the decision cap, scored as draws)"),
            std::string::npos)
      << standings_text(st);
  EXPECT_EQ(nlohmann::json::parse(standings_json(c, st))["capped_games"], 4);
  EXPECT_NE(html_report(c, st).find("4 stopped at the decision cap"), std::string::npos);
  c.resume = true;  // capped games replay and check like finished ones
  const TournamentResult resumed = run_tournament(c);
  EXPECT_EQ(resumed.resumed, 4);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(game_line(resumed.games[i]), game_line(first.games[i]));

  TournamentConfig other = c;  // the cap is part of the configuration
  other.max_decisions = 11;
  EXPECT_NE(error_of(other).find("different tournament configuration"), std::string::npos);

  const TournamentResult uncapped = run_tournament(small_config(""));
  for (const GameResult& g : uncapped.games) EXPECT_FALSE(g.capped);
  EXPECT_EQ(game_line(uncapped.games[0]).find("capped"), std::string::npos);
}

TEST_F(TournamentFiles, BadResultsFilesAreRefusedWithOneLine) {
  TournamentConfig c = small_config(path);
  c.games = 4;
  run_tournament(c);
  EXPECT_EQ(error_of(c), path + " already exists: pass --resume to continue it, or choose another output");

  c.resume = true;
  TournamentConfig other = c;
  other.agents[3] = "random:seed=9";
  const std::string mismatch = error_of(other);
  EXPECT_EQ(mismatch.rfind(path + " line 1: written by a different tournament configuration", 0), 0u)
      << mismatch;
  other = c;
  other.players = 2;
  EXPECT_NE(error_of(other).find("different tournament configuration"), std::string::npos);

  const std::string good = io::read_file(path);
  std::istringstream in(good);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 5u);
  auto rewrite = [&](int line, const std::string& text) {
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) out += (int(i) == line ? text : lines[i]) + "\n";
    io::write_file_atomically(path, out);
  };
  rewrite(2, lines[2].substr(0, 30));  // a cut line that is not the last one is corruption
  EXPECT_EQ(error_of(c).rfind(path + " line 3: ", 0), 0u) << error_of(c);
  std::string wrong_vp = lines[2];
  wrong_vp.replace(wrong_vp.find("\"vp\":[") + 6, 1, "9");
  wrong_vp.replace(wrong_vp.find("\"vp\":[") + 7, 0, "9");
  rewrite(2, wrong_vp);
  EXPECT_NE(error_of(c).find("its VP do not match its actions"), std::string::npos) << error_of(c);
  std::string wrong_seed = lines[3];
  const size_t seed_at = wrong_seed.find("\"seed\":\"") + 8;  // another valid number, not the game's seed
  wrong_seed.replace(seed_at, wrong_seed.find_first_not_of("0123456789", seed_at) - seed_at, "12345");
  rewrite(3, wrong_seed);
  EXPECT_NE(error_of(c).find("its seating or seed is not this tournament's"), std::string::npos)
      << error_of(c);
  // A file of the first format (numeric seeds, no line types) is named as such.
  std::string v1 = lines[0];
  v1.replace(v1.find("results-2"), 9, "results-1");
  rewrite(0, v1);
  EXPECT_NE(error_of(c).find("written in format pamir-tournament-results-1 by an older pamir"),
            std::string::npos)
      << error_of(c);
  io::write_file_atomically(path, "");
  EXPECT_EQ(error_of(c), path + ": empty results file (no header line)");
}

// Every line says what it is, and seeds are strings: they exceed 2^53, which JSON readers in
// JavaScript and jq round.
TEST_F(TournamentFiles, LinesAreTypedAndSeedsAreStrings) {
  run_tournament(small_config(path));
  std::istringstream in(io::read_file(path));
  std::string line;
  for (int i = 0; std::getline(in, line); ++i) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["type"], i == 0 ? "header" : "game") << line;
    EXPECT_TRUE(j["seed"].is_string()) << line;
  }
}

TEST(Tournament, BadConfigurationsThrowInvalidArgument) {
  TournamentConfig c = small_config("");
  c.agents[1] = "wizard";
  EXPECT_THROW(run_tournament(c), std::invalid_argument);
  c = small_config("");
  c.agents.resize(2);
  EXPECT_THROW(run_tournament(c), std::invalid_argument);  // 2 distinct agents cannot fill 3 seats
  c.seating = Seating::kRepeats;
  EXPECT_EQ(run_tournament(c).games.size(), 16u);
  // The game's own rules: its seat range, and whether it has Wakhan.
  c = small_config("");
  c.game = "expanse";
  c.players = 2;
  EXPECT_EQ(error_of(c), "players must be 3 to 4, got 2");
  c.players = 3;
  c.agents[3] = "wakhan";
  EXPECT_EQ(error_of(c), "wakhan plays Pax Pamir only, not Pax Expanse");
  c.game = "chess";
  EXPECT_EQ(error_of(c), "unknown game 'chess' (games: " + games::game_keys() + ")");
}

// A results file names its game (the first game's name none, as before there were two), and
// another game's tournament or replay refuses it by name.
TEST_F(TournamentFiles, ResultsFilesNameTheirGame) {
  TournamentConfig c = small_config(path);
  c.games = 2;
  const auto header = [&] {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return nlohmann::json::parse(line);
  };
  run_tournament(c);
  EXPECT_FALSE(header().contains("game"));
  std::filesystem::remove(path);
  c.game = "expanse";
  run_tournament(c);
  EXPECT_EQ(header()["game"], "expanse");
  EXPECT_EQ(read_games(games::game("expanse"), path).size(), 2u);

  const std::string refused = path + " line 1: is a Pax Expanse tournament results file; use --game expanse";
  TournamentConfig pamir = c;
  pamir.game = "pamir";
  pamir.resume = true;
  EXPECT_EQ(error_of(pamir), refused);
  try {
    read_games(games::game("pamir"), path);
    ADD_FAILURE() << "a Pax Expanse results file read as Pax Pamir's";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), refused);
  }
}

// threads = 0 means every core, as in self-play; the games do not depend on the count.
TEST(Tournament, ZeroThreadsMeansEveryCore) {
  EXPECT_EQ(io::resolve_threads(3), 3);
  EXPECT_GE(io::resolve_threads(0), 1);
  TournamentConfig c = small_config("");
  const TournamentResult two = run_tournament(c);
  c.threads = 0;
  const TournamentResult every = run_tournament(c);
  ASSERT_EQ(every.games.size(), two.games.size());
  for (std::size_t i = 0; i < two.games.size(); ++i)
    EXPECT_EQ(every.games[i].actions, two.games[i].actions) << i;
  c.threads = -1;
  EXPECT_THROW(run_tournament(c), std::invalid_argument);
}

TEST_F(TournamentFiles, WakhanSitsInAsABuiltInOpponent) {
  TournamentConfig c = small_config(path);
  c.agents = {"random", "random:seed=2", "wakhan"};
  c.games = 6;  // one cycle: Wakhan in every seat twice
  const TournamentResult r = run_tournament(c);
  ASSERT_EQ(r.games.size(), 6u);
  const games::Game& pamir = games::game(c.game);
  for (const GameResult& g : r.games) {
    const auto end = pamir.replay(to_record(pamir, g, c.agents), nullptr);  // the record names her seat
    ASSERT_TRUE(end && pamir.over(*end));
  }
  c.resume = true;  // resuming replays every recorded game, Wakhan's turns included
  EXPECT_EQ(run_tournament(c).resumed, 6);
  c.seating = Seating::kRepeats;
  c.results_path.clear();
  EXPECT_THROW(run_tournament(c), std::invalid_argument);  // she cannot hold two seats
  c.seating = Seating::kDistinct;
  c.players = 4;
  c.agents.push_back("random:seed=3");
  EXPECT_THROW(run_tournament(c), std::invalid_argument);  // nor play a 4-seat game
}

TEST(Tournament, StandingsCountEverySeat) {
  TournamentConfig c = small_config("");
  c.agents = {"random", "random:seed=7"};
  c.seating = Seating::kRepeats;
  c.games = 12;
  const auto r = run_tournament(c);
  const Standings st = compute_standings(c.agents, c.players, r.games, 0, 1000);
  EXPECT_EQ(st.agents[0].seats + st.agents[1].seats, 12 * 3);
  EXPECT_EQ(st.duel_games[0][1], 12);  // every game is a two-agent game
  EXPECT_NEAR(st.duel_wins[0][1] + st.duel_wins[1][0], 12, 1e-9);
  EXPECT_DOUBLE_EQ(st.agents[0].rating.elo, 1000);
  double shares = 0;
  for (const double s : st.agents[1].rank_share) shares += s;
  EXPECT_NEAR(shares, 1, 1e-9);
  EXPECT_EQ(st.meetings[0][1], st.meetings[1][0]);
  EXPECT_NEAR(st.above[0][1] + st.above[1][0], double(st.meetings[0][1]), 1e-9);
}

// A long agent spec keeps its start and end around an ellipsis, the whole spec as its tooltip,
// instead of running off the chart's left edge (issue #46).
TEST(SvgChart, LongRowLabelsAreShortenedWithTheWholeLabelAsTooltip) {
  const std::string spec =
      "ismcts:iters=0,time=0.02,c=1.5,batch=4,hmix=0.5,eval=net:runs/a/nets/gen012.weights";
  const std::string svg = svg_interval_chart({{spec, 10, 0, 20}, {"heuristic", -10, -20, 0}}, "Elo");
  EXPECT_NE(svg.find("<title>" + spec + "</title>ismcts:iters=0,t\u2026s/gen012.weights</text>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">heuristic</text>"), std::string::npos);
}

TEST(TournamentCli, WritesReportsAndResumes) {
  const std::string out = temp_path("pamir_tournament_cli");
  const std::vector<std::string> args = {"tournament", "--agents", "random;random:seed=2",
                                         "--players",  "2",        "--games",
                                         "6",          "--seed",   "3",
                                         "--out",      out,        "--quiet"};
  const std::string printed = pamir::testing::run_tool(args);
  EXPECT_NE(printed.find("6 games, 2 seats each"), std::string::npos) << printed;
  for (const char* f : {"games.jsonl", "agents.csv", "head_to_head.csv", "standings.json", "report.html"})
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(out) / f)) << f;
  const std::string html = io::read_file(out + "/report.html");
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // nothing fetched
  EXPECT_NE(html.find("<h1>pamir tournament: Pax Pamir</h1>"), std::string::npos) << "the game is named";
  try {
    pamir::testing::run_tool(args);
    ADD_FAILURE() << "a second run without --resume must be refused";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("pass --resume"), std::string::npos);
  }
  auto resumed = args;
  resumed.push_back("--resume");
  EXPECT_EQ(pamir::testing::run_tool(resumed), printed);
  std::filesystem::remove_all(out);
}

}  // namespace
}  // namespace pamir::tournament
