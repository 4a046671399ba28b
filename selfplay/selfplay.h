#pragma once
// A generation's self-play: OpenMP workers (selfplay/worker_base.h: a game's workers, each
// with its own evaluator) play the generation's games; finished games go to the writer thread
// (selfplay/shard_writer.h). Resumable: games already in the generation's shards are not
// played again, so a run killed mid-generation loses at most the games in flight.

#include <functional>
#include <string>
#include <vector>

#include "nets/weights.h"
#include "selfplay/config.h"
#include "selfplay/worker_base.h"

namespace pamir::selfplay {

// Games finished (resumed ones included) out of the generation's total; called from the
// writer thread as shards are written.
using GameProgress = std::function<void(long done, long total)>;

struct SelfPlayResult {
  SelfPlayCounters counters;  // this call's games only
  GameCounters resumed;       // the games found in existing shards (resumed.games of them)
  int shards_written = 0;
  int threads = 0;
  double wall_seconds = 0;
};

// The generation's shards in dir, in order of their numbers. (run_selfplay renames a shard
// that fails to read to *.corrupt, with a warning, and plays its games again.)
std::vector<std::string> generation_shards(const std::string& dir, int generation);

// The OpenMP thread count config.threads asks for (0: every processor, omp_get_num_procs).
int thread_count(const TrainConfig& config);

// Where the generation's games this process does not play go (dist/: the ranks of an MPI
// job): run_selfplay hands the unplayed games over, keeps the share it is given back, and
// writes the others' finished games into the same shards as its own.
class RemoteSelfPlay {
 public:
  struct Totals {
    SelfPlayCounters counters;
    int threads = 0;
  };
  virtual ~RemoteSelfPlay() = default;
  // Starts the others on their share of `unplayed` (game indices) and returns this
  // process's share. Their finished games go to on_finished, from another thread, until
  // finish() returns.
  virtual std::vector<long> start(const TrainConfig& config, int generation,
                                  const std::vector<long>& unplayed,
                                  std::function<void(FinishedGame&&)> on_finished) = 0;
  // Waits until the others have finished; their counters and threads. Throws
  // std::runtime_error (one line) when one of them failed.
  virtual Totals finish() = 0;
  // Stops taking the others' games at once (this process failed).
  virtual void abandon() noexcept = 0;
};

// shape: the game's net shape (games::Game::net_shape), which the shards already in shard_dir
// must have. remote (may be null): other processes that play a share of the games; the shards
// are the same either way. on_game (if set) sees every game this process plays, from the
// thread that played it, before its rows go to the shards (training/game_records.h).
SelfPlayResult run_selfplay(const TrainConfig& config, int generation, const nets::NetShape& shape,
                            const std::string& shard_dir, const WorkerMaker& make_worker,
                            const GameProgress& progress = {}, RemoteSelfPlay* remote = nullptr,
                            const std::function<void(const FinishedGame&)>& on_game = {});

// Plays the games (indices of the generation) here, on the config's OpenMP threads (no more
// than there are games), each thread with its own worker; every finished game goes to
// on_finished, from the worker's thread. Returns the workers' counters; threads gets the
// thread count. The first worker error stops the games not yet started and is rethrown.
SelfPlayCounters play_selfplay_games(const TrainConfig& config, const std::vector<long>& games,
                                     const WorkerMaker& make_worker,
                                     const std::function<void(FinishedGame&&)>& on_finished, int& threads);

}  // namespace pamir::selfplay
