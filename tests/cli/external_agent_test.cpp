// Outside agents (cli/external_agent.h): real programs started by /bin/sh, a well-behaved
// one and others that misbehave in each way that must end in a clean forfeit.

#include "cli/external_agent.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "games/registry.h"
#include "tournament/play.h"
#include "tournament/results_log.h"

namespace pamir::cli {
namespace {

const std::string kBot =
    std::string("/usr/bin/python3 ") + PAMIR_SOURCE_DIR + "/tests/cli/bots/first_legal.py";

// Every decision of the seat in the game was its first legal action; returns their number.
int first_legal_decisions(const games::Game& game, const tournament::GameResult& g, int seat) {
  games::Position s = game.new_game(int(g.seats.size()), g.seed);
  int own = 0;
  for (const games::Action a : g.actions) {
    if (game.to_move(s) == seat) {
      EXPECT_EQ(a, game.legal_actions(s).front());
      ++own;
    }
    game.apply(s, a);
  }
  EXPECT_TRUE(game.over(s));
  return own;
}

TEST(ExternalAgent, PlaysTheActionTheProgramAnswers) {
  const std::vector<std::string> specs = {"external:" + kBot, "random"};
  const auto g = tournament::play_game(games::game("pamir"), specs, {0, 1}, 0, 7);
  EXPECT_EQ(g.forfeit, -1);
  EXPECT_FALSE(g.capped);
  EXPECT_GT(first_legal_decisions(games::game("pamir"), g, 0), 10);
}

// Any game seats it: the program reads the legal actions of a Pax Expanse message alike.
TEST(ExternalAgent, PlaysPaxExpanse) {
  const games::Game& expanse = games::game("expanse");
  const std::vector<std::string> specs = {"random", "external:" + kBot};
  const auto g = tournament::play_game(expanse, specs, {0, 1, 0}, 0, 9);
  EXPECT_EQ(g.forfeit, -1) << g.forfeit_reason;
  EXPECT_GT(first_legal_decisions(expanse, g, 1), 10);
}

TEST(ExternalAgent, PamirEngineIsAnOutsideAgent) {
  for (const char* key : {"pamir", "expanse"}) {
    const games::Game& game = games::game(key);
    const std::vector<std::string> specs = {
        "external:" + std::string(PAMIR_BUILD_DIR) + "/pamir engine --game " + key + " --agent random",
        "random"};
    const auto g = tournament::play_game(game, specs, {1, 0, 1}, 0, 11);
    EXPECT_EQ(g.forfeit, -1) << key << ": " << g.forfeit_reason;
    std::string error;
    const auto end = game.replay(tournament::to_record(game, g, specs), &error);
    ASSERT_TRUE(end) << key << ": " << error;
    EXPECT_TRUE(game.over(*end)) << key;
  }
}

struct Misbehaviour {
  const char* mode;
  const char* reason;
  int timeout_ms;
};

TEST(ExternalAgent, MisbehaviourForfeitsWithOneLine) {
  // Only the bot that never answers meets its answer limit; the others get a limit no start-up
  // on a busy machine comes near, so that each forfeits for its own misbehaviour.
  for (const Misbehaviour m :
       {Misbehaviour{"sleep", "did not answer within 300 ms", 300}, Misbehaviour{"exit", "exited", 120000},
        Misbehaviour{"illegal", "not a legal action", 120000},
        Misbehaviour{"error", "answered \"error: no idea\" to go", 120000},
        Misbehaviour{"silent", "without an \"action\" line", 120000},
        Misbehaviour{"flood", "more than 1 MiB without a status line", 120000}}) {
    const std::vector<std::string> specs = {
        "random", "external:timeout=" + std::to_string(m.timeout_ms) + " " + kBot + " " + m.mode};
    const auto g = tournament::play_game(games::game("pamir"), specs, {0, 1}, 0, 5);
    EXPECT_EQ(g.forfeit, 1) << m.mode;
    EXPECT_NE(g.forfeit_reason.find(m.reason), std::string::npos) << m.mode << ": " << g.forfeit_reason;
    EXPECT_EQ(g.forfeit_reason.find('\n'), std::string::npos);
    EXPECT_EQ(g.ranks, (std::vector<int>{0, 1})) << m.mode;
    // The results file keeps the forfeit.
    const auto back = tournament::parse_game_line(tournament::game_line(g));
    EXPECT_EQ(back.forfeit, 1);
    EXPECT_EQ(back.forfeit_reason, g.forfeit_reason);
  }
}

// Whether the process has ended: killed processes are gone or zombies at once; the loop only
// allows for the signal's delivery.
bool ended(pid_t pid) {
  for (int i = 0; i < 500; ++i) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string id, name, state;
    if (!(stat >> id >> name >> state) || state == "Z") return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// A program's children end with it: it runs in a process group of its own, which is ended
// when its agent is (here, at the end of the game).
TEST(ExternalAgent, TheProgramsChildrenEndWithIt) {
  const std::string pid_file =
      std::string(::testing::TempDir()) + "pamir_bot_child." + std::to_string(getpid());
  std::remove(pid_file.c_str());
  const std::vector<std::string> specs = {"external:" + kBot + " child " + pid_file, "random"};
  const auto g = tournament::play_game(games::game("pamir"), specs, {0, 1}, 0, 7);
  EXPECT_EQ(g.forfeit, -1) << g.forfeit_reason;
  std::ifstream in(pid_file);
  pid_t child = 0;
  ASSERT_TRUE(in >> child) << "the bot's child wrote no pid";
  EXPECT_TRUE(ended(child)) << "the bot's child " << child << " outlived the game";
  std::remove(pid_file.c_str());
}

// pamir ended by a signal (a SIGTERM'd `pamir serve` or tournament, Ctrl-C) ends its outside
// programs and their children first; SIGKILL, which runs no handler, too (the guard process,
// issue #46 D5).
void expect_programs_end_when_pamir_gets(int signal_number) {
  const std::string pid_file = std::string(::testing::TempDir()) + "pamir_bot_signal" +
                               std::to_string(signal_number) + "." + std::to_string(getpid());
  std::remove(pid_file.c_str());
  const std::string agents = "external:timeout=600000 " + kBot + " child " + pid_file + " sleep,random";
  const pid_t pamir = fork();
  ASSERT_GE(pamir, 0);
  if (pamir == 0) {
    execl(PAMIR_BUILD_DIR "/pamir", "pamir", "play", "--players", "2", "--agents", agents.c_str(), "--quiet",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  pid_t child = 0;
  for (int i = 0; i < 6000 && !child; ++i) {  // the bot starts (python) and its child writes its pid
    std::ifstream in(pid_file);
    if (!(in >> child)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GT(child, 0) << "the bot's child wrote no pid";
  kill(pamir, signal_number);
  int status = 0;
  waitpid(pamir, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << status;
  EXPECT_TRUE(ended(child)) << "the bot's child " << child << " outlived pamir";
  std::remove(pid_file.c_str());
}

TEST(ExternalAgent, ProgramsEndWhenPamirIsTerminated) { expect_programs_end_when_pamir_gets(SIGTERM); }

TEST(ExternalAgent, ProgramsEndWhenPamirIsKilled) { expect_programs_end_when_pamir_gets(SIGKILL); }

TEST(ExternalAgent, AProgramThatCannotStartForfeits) {
  const std::vector<std::string> specs = {"external:/nonexistent/bot", "random"};
  const auto g = tournament::play_game(games::game("pamir"), specs, {0, 1}, 0, 5);
  EXPECT_EQ(g.forfeit, 0);
  EXPECT_NE(g.forfeit_reason.find("exited"), std::string::npos) << g.forfeit_reason;
}

TEST(ExternalAgent, BadSpecsAreRefused) {
  for (const char* bad :
       {"external", "external:", "external:timeout=0 bot", "external:timeout=x bot", "external:timeout=500"})
    for (const games::Game* game : games::all_games())
      EXPECT_THROW(game->make_agent(bad, 0), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace pamir::cli
