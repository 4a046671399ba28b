#pragma once
// A generation's self-play: OpenMP workers (selfplay/worker.h), each with its own
// evaluator, play the generation's games; finished games go to the writer thread
// (selfplay/shard_writer.h). Resumable: games already in the generation's shards are not
// played again, so a run killed mid-generation loses at most the games in flight.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "search/evaluator.h"
#include "selfplay/config.h"
#include "selfplay/worker.h"

namespace pamir::selfplay {

// Makes worker w's evaluator (called once per worker, from that worker's thread).
using EvaluatorMaker = std::function<std::unique_ptr<search::Evaluator>(int worker)>;
// Games finished (resumed ones included) out of the generation's total; called from the
// writer thread as shards are written.
using GameProgress = std::function<void(long done, long total)>;

struct SelfPlayResult {
  SelfPlayCounters counters;  // this call's games only
  long resumed_games = 0;     // found in existing shards
  long resumed_rows = 0;      // their rows
  int shards_written = 0;
  int threads = 0;
  double wall_seconds = 0;
};

// The generation's shards in dir, in order of their numbers. (run_selfplay renames a shard
// that fails to read to *.corrupt, with a warning, and plays its games again.)
std::vector<std::string> generation_shards(const std::string& dir, int generation);

// The OpenMP thread count config.threads asks for (0: every processor, omp_get_num_procs).
int thread_count(const TrainConfig& config);

SelfPlayResult run_selfplay(const TrainConfig& config, int generation, const std::string& shard_dir,
                            const EvaluatorMaker& make_evaluator, const GameProgress& progress = {});

}  // namespace pamir::selfplay
