#pragma once
// Tournaments between agents: a balanced schedule of seeded games (tournament/schedule.h),
// played in parallel with OpenMP (one agent instance per game), each finished game appended
// to a results file (tournament/results_log.h) so that an interrupted run can be resumed.
// Callable from C++ (self-play evaluates nets with it): a config in, the games out; standings
// and ratings come from tournament/standings.h.

#include <functional>
#include <string>
#include <vector>

#include "io/games.h"
#include "tournament/play.h"
#include "tournament/schedule.h"

namespace pamir::tournament {

class RemoteGames;

struct TournamentConfig {
  std::string game = std::string(io::kDefaultGame);  // the game's key (games/registry.h)
  std::vector<std::string> agents;                   // agent specs (games::Game::make_agent)
  // What the results header names the agents by, when not their specs: a caller whose specs
  // hold paths that may move (a training run's nets) gives names that stay valid, so that a
  // moved folder still resumes. Empty: the specs.
  std::vector<std::string> labels;
  int players = 3;  // seats per game, in the game's range
  long games = 0;
  u64 seed = 1;
  Seating seating = Seating::kDistinct;
  int threads = 1;                           // games played in parallel; 0: every core
  int max_decisions = kDefaultMaxDecisions;  // a game still going after this many is a draw
  // JSON-lines results file; empty keeps results in memory only. A fresh run refuses an
  // existing file; with resume, games already in it are kept and skipped.
  std::string results_path;
  bool resume = false;
  // Other processes that play a share of the games (dist/: the ranks of an MPI job); null:
  // every game is played here. The results are the same either way.
  RemoteGames* remote = nullptr;
  // A sequential stopping rule (a tournament's --sprt): called with every finished game in
  // game-index order (resumed games first, a game only once all before it are in), so that
  // where it stops does not depend on the thread count. Returning true stops the tournament:
  // no later game starts, and those already running finish and are kept. Empty: every game
  // is played. Not with remote games.
  std::function<bool(const GameResult&)> stop_rule;
};

struct Progress {
  long done = 0;  // games finished, resumed ones included
  long total = 0;
  long resumed = 0;      // games found in the results file at the start
  double elapsed_s = 0;  // since this run started
  double eta_s = 0;      // remaining, at this run's pace so far
};
// Called after every finished game, from one thread at a time.
using ProgressCallback = std::function<void(const Progress&)>;

struct TournamentResult {
  std::vector<GameResult> games;  // by game index
  long resumed = 0;
  bool dropped_partial_line = false;  // the results file ended in a line cut short (a kill)
  long stopped_after = -1;            // the game after which stop_rule stopped the run, or -1
};

// Where the games this process does not play go: run_tournament hands the unplayed games
// over, keeps the share it is given back, and takes the others' finished games as they come.
class RemoteGames {
 public:
  virtual ~RemoteGames() = default;
  // Starts the others on their share of `unplayed` and returns this process's share. Their
  // finished games go to on_finished, from another thread, until finish() returns.
  virtual std::vector<GameSpec> start(const TournamentConfig& config, const std::vector<GameSpec>& unplayed,
                                      std::function<void(GameResult&&)> on_finished) = 0;
  // Waits until the others have finished their share; throws std::runtime_error (one line)
  // when one of them failed.
  virtual void finish() = 0;
  // Stops taking the others' games at once (this process failed): on_finished is not called
  // again.
  virtual void abandon() noexcept = 0;
};

// Throws std::invalid_argument for a bad configuration (unknown game or agent, impossible seating)
// and std::runtime_error for results-file problems or an agent's illegal move, with a
// one-line reason.
TournamentResult run_tournament(const TournamentConfig& config, const ProgressCallback& progress = {});

}  // namespace pamir::tournament
