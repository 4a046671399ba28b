// pamir under mpirun (two and three ranks on this one machine, --oversubscribe): tournaments
// and training runs write what a single process writes, and a run whose worker rank or whose
// mpirun is killed resumes, with any number of ranks, to the same result.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "io/file_io.h"
#include "tests/selfplay/run_fixtures.h"

namespace pamir {
namespace {

namespace fs = std::filesystem;

const std::string kPamir = std::string(PAMIR_BUILD_DIR) + "/pamir";

// mpirun as the CI runs it: as root in a container, more ranks than cores allowed, ranks not
// pinned (each rank's OpenMP threads may use any core).
std::string mpirun(int ranks) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return "mpirun -np " + std::to_string(ranks) + " --oversubscribe --bind-to none ";
}

// Runs a shell command, its output into log; returns its exit status.
int run(const std::string& command, const fs::path& log) {
  const int status = std::system((command + " >" + log.string() + " 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string contents(const fs::path& path) { return io::read_file(path.string()); }

// The lines of a results file after its header, sorted: ranks finish games in another
// order than one process's threads do.
std::vector<std::string> sorted_game_lines(const fs::path& path) {
  std::istringstream in(contents(path));
  std::vector<std::string> lines;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Two run folders hold the same run: shards and weights byte for byte, the same evaluation
// games, the same ratings. (A torch checkpoint records its own path; generation records
// hold timings.)
void expect_same_run(const fs::path& a, const fs::path& b) {
  int compared = 0;
  for (const char* sub : {"shards", "nets"})
    for (const auto& entry : fs::directory_iterator(a / sub)) {
      if (entry.path().extension() == ".ckpt") continue;
      const fs::path other = b / sub / entry.path().filename();
      ASSERT_TRUE(fs::exists(other)) << other;
      EXPECT_EQ(contents(entry.path()), contents(other)) << entry.path();
      ++compared;
    }
  EXPECT_GE(compared, 5);
  for (const auto& entry : fs::directory_iterator(a / "eval")) {
    EXPECT_EQ(sorted_game_lines(entry.path()), sorted_game_lines(b / "eval" / entry.path().filename()))
        << entry.path().filename();
    ++compared;
  }
  EXPECT_EQ(contents(a / "ratings.txt"), contents(b / "ratings.txt"));
}

TEST(MpiRun, TournamentOverRanksWritesTheGamesOfOneProcess) {
  const fs::path dir = selfplay::fresh_dir("mpi_tournament");
  fs::create_directories(dir);  // the logs go in it, and go with it
  const std::string args =
      " tournament --players 3 --games 12 --threads 1 --seed 5 --agents 'random;ismcts:iters=40;heuristic' "
      "--quiet";
  ASSERT_EQ(run(kPamir + args + " --out " + (dir / "one").string(), dir / "one.log"), 0);
  ASSERT_EQ(run(mpirun(2) + kPamir + args + " --out " + (dir / "two").string(), dir / "two.log"), 0)
      << contents(dir / "two.log");
  ASSERT_EQ(run(mpirun(3) + kPamir + args + " --coordinator-only --out " + (dir / "coord").string(),
                dir / "coord.log"),
            0)
      << contents(dir / "coord.log");
  const auto games = sorted_game_lines(dir / "one" / "games.jsonl");
  EXPECT_EQ(games.size(), 12u);
  for (const char* run : {"two", "coord"}) {
    EXPECT_EQ(sorted_game_lines(dir / run / "games.jsonl"), games) << run;
    EXPECT_EQ(contents(dir / run / "standings.json"), contents(dir / "one" / "standings.json")) << run;
  }
  fs::remove_all(dir);
}

// A job names its game: the worker ranks play Pax Expanse for a Pax Expanse tournament.
TEST(MpiRun, AnotherGamesTournamentOverRanksWritesTheGamesOfOneProcess) {
  const fs::path dir = selfplay::fresh_dir("mpi_expanse");
  fs::create_directories(dir);  // the logs go in it, and go with it
  const std::string args =
      " tournament --game expanse --players 3 --games 6 --threads 1 --seed 2 --agents "
      "'random;heuristic;random:seed=3' --quiet";
  ASSERT_EQ(run(kPamir + args + " --out " + (dir / "one").string(), dir / "one.log"), 0)
      << contents(dir / "one.log");
  ASSERT_EQ(
      run(mpirun(2) + kPamir + args + " --coordinator-only --out " + (dir / "two").string(), dir / "two.log"),
      0)
      << contents(dir / "two.log");
  EXPECT_EQ(sorted_game_lines(dir / "two" / "games.jsonl"), sorted_game_lines(dir / "one" / "games.jsonl"));
  EXPECT_NE(contents(dir / "two" / "games.jsonl").find("\"game\":\"expanse\""), std::string::npos);
  fs::remove_all(dir);
}

TEST(MpiRun, TrainingOverTwoRanksWritesTheRunOfOneProcess) {
  const fs::path dir = selfplay::fresh_dir("mpi_train");
  fs::create_directories(dir);  // the logs go in it, and go with it
  const std::string args = " train --config " + std::string(PAMIR_SOURCE_DIR) +
                           "/configs/tiny.cfg --set games_per_generation=8 --generations 2 --threads 1";
  ASSERT_EQ(run(kPamir + args + " --out " + (dir / "one").string(), dir / "one.log"), 0);
  ASSERT_EQ(run(mpirun(2) + kPamir + args + " --out " + (dir / "two").string(), dir / "two.log"), 0)
      << contents(dir / "two.log");
  expect_same_run(dir / "one", dir / "two");
  // Rank 0 reports what coordinating the other rank cost, generation by generation.
  EXPECT_NE(contents(dir / "two.log").find("ranks: 2; rank 0 sent"), std::string::npos);
  fs::remove_all(dir);
}

TEST(MpiRun, CommandErrorsEndEveryRank) {
  const fs::path dir = selfplay::fresh_dir("mpi_error");
  fs::create_directories(dir);  // the logs go in it, and go with it
  // A bad flag on rank 0: the job ends (it does not hang with the worker waiting for work).
  EXPECT_NE(run(mpirun(2) + kPamir + " tournament --games 2 --agents 'random;nosuchagent' --out " +
                    (dir / "out").string(),
                dir / "run.log"),
            0);
  EXPECT_NE(contents(dir / "run.log").find("error:"), std::string::npos);
  // Without other ranks, --coordinator-only has nobody to play the games.
  EXPECT_EQ(
      run(kPamir + " tournament --games 2 --agents 'random;random' --players 2 --coordinator-only --out " +
              (dir / "out").string(),
          dir / "run.log"),
      1);
  fs::remove_all(dir);
}

// Starts a shell command without waiting; its output into log.
pid_t start(const std::string& command, const fs::path& log) {
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + command + " >" + log.string() + " 2>&1").c_str(), nullptr);
    _exit(127);
  }
  return pid;
}

// The process of rank `rank` whose command line names `marker`, or 0.
pid_t find_rank(int rank, const std::string& marker) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline, environ;
    try {
      cmdline = contents(entry.path() / "cmdline"), environ = contents(entry.path() / "environ");
    } catch (...) {
      continue;  // gone, or not ours to read
    }
    if (cmdline.find(marker) != std::string::npos &&
        environ.find("OMPI_COMM_WORLD_RANK=" + std::to_string(rank) + '\0') != std::string::npos)
      return pid_t(std::stol(name));
  }
  return 0;
}

// Waits until the run folder holds at least n shards (or 60 s).
void wait_for_shards(const fs::path& dir, int n) {
  for (int i = 0; i < 600; ++i) {
    int found = 0;
    if (fs::exists(dir / "shards"))
      for (const auto& e : fs::directory_iterator(dir / "shards")) found += e.path().extension() == ".npz";
    if (found >= n) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  FAIL() << "no " << n << " shards in " << dir;
}

int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

TEST(MpiRun, KilledRankOrMpirunResumesWithAnyRankCount) {
  const fs::path dir = selfplay::fresh_dir("mpi_kill");
  fs::create_directories(dir);  // the logs go in it, and go with it
  const std::string config = " --config " + std::string(PAMIR_SOURCE_DIR) +
                             "/configs/tiny.cfg --set games_per_generation=48 --generations 2 --threads 1";
  ASSERT_EQ(run(kPamir + " train" + config + " --out " + (dir / "one").string(), dir / "one.log"), 0);

  const fs::path killed = dir / "killed";
  // Killed ranks leave their scratch folders (dist/worker.cpp): in dir, which the test removes.
  fs::create_directories(dir / "tmp");
  const std::string tmpdir = "env TMPDIR=" + (dir / "tmp").string() + " ";
  // A worker rank dies (SIGKILL): mpirun ends the job.
  pid_t job =
      start(tmpdir + mpirun(2) + kPamir + " train" + config + " --out " + killed.string(), (dir / "a.log"));
  wait_for_shards(killed, 2);
  const pid_t worker = find_rank(1, killed.string());
  ASSERT_GT(worker, 0);
  kill(worker, SIGKILL);
  EXPECT_NE(wait_exit(job), 0);
  ASSERT_FALSE(fs::exists(killed / "generations" / "gen002.json")) << "the run ended before the kill";

  // Resumed on three ranks, then mpirun itself is killed (SIGKILL: no rank gets to clean up).
  job = start(tmpdir + mpirun(3) + kPamir + " train --resume --out " + killed.string(), (dir / "b.log"));
  wait_for_shards(killed, 30);
  kill(job, SIGKILL);
  wait_exit(job);
  ASSERT_FALSE(fs::exists(killed / "generations" / "gen002.json")) << "the run ended before the kill";
  for (int i = 0; i < 100 && find_rank(0, killed.string()); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(find_rank(0, killed.string()), 0) << "a rank outlived its mpirun";

  // Finished by one process.
  ASSERT_EQ(run(kPamir + " train --resume --out " + killed.string(), dir / "c.log"), 0)
      << contents(dir / "c.log");
  expect_same_run(dir / "one", killed);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir
