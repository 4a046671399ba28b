#pragma once
// `pamir train`: generations of self-play -> train -> evaluate, in a run folder that holds
// everything the run needs to continue after a kill at any moment:
//
//   config.cfg              the resolved configuration
//   shards/genNNN-MMMM.npz  training rows (docs/shards.md), written atomically per shard
//   nets/genNNN.weights     inference weights of generation NNN (0: the initial net)
//   nets/genNNN.ckpt        the trainer's checkpoint (model, AdamW state, step counter and
//                           this generation's loss curve); its presence marks training done
//   eval/*.jsonl            the tournament runner's results files (resumable game by game),
//                           the yardstick's among them (genNNN-yardstick-*.jsonl)
//   generations/genNNN.json the generation's record; its presence marks it complete
//   generations/genNNN-selfplay.json  what the process that played its self-play measured
//   metrics.csv, losses.csv, ratings.txt, report.html  made from the records
//   curve.csv               the learning curve (with a yardstick): Elo against processor hours
//
// Every file is written atomically, and every phase starts from what is on disk: self-play
// plays only the games missing from the shards, training restarts from the previous
// checkpoint (its batches are drawn from a seeded generator), evaluation replays only the
// games missing from the results files.

#include <functional>
#include <string>
#include <vector>

#include "dist/cluster.h"
#include "nets/weights.h"
#include "selfplay/config.h"
#include "training/run_record.h"

namespace pamir::selfplay {

struct TrainRunResult {
  std::vector<GenerationRecord> records;
  std::vector<RatingRow> ratings;  // every generation and the baseline, from every evaluation game
  // The last generation's final matches (final_eval_games each): against generation 0 and
  // against the baseline (ISMCTS with random rollouts at baseline_iters).
  std::vector<MatchScore> final_matches;
  // The yardstick (config yardstick_games > 0): every generation's rating against it
  // (heuristic ISMCTS at 0), its scores by generation, and the learning curve they make.
  std::vector<RatingRow> yardstick_ratings;
  std::vector<std::vector<MatchScore>> yardstick_scores;
  std::vector<CurvePoint> curve;
};

// How a run uses the ranks of an MPI job (dist/cluster.h). With more than one rank, the
// others play shares of every generation's self-play games (the job carries the new
// weights) and of its evaluation games; rank 0 trains, writes every file and plays a share
// too unless root_plays is false. The run's files are the same as a single process's.
struct RunRanks {
  dist::Cluster* cluster = nullptr;  // null or a cluster of one: everything here
  bool root_plays = true;
};

// A trained net as a new run's generation 0 in place of random weights (`pamir train
// --init-weights`): a recipe taken on from a shipped net when the run folder that made it is
// gone. Self-play starts from it; the optimizer starts fresh.
struct InitialNet {
  std::string path;  // recorded in generation 0's checkpoint metadata
  nets::NetWeights weights;
};
// Reads the file and checks it is a net of the config's game, width and depth; throws
// std::runtime_error with a one-line message naming the file.
InitialNet load_initial_net(const TrainConfig& config, const std::string& path);

// Called when new evaluation games are in the run's results files (eval/): after each
// generation this process completes, and after the final matches (`pamir train --ladder`
// records them in the ladder).
using EvaluatedCallback = std::function<void()>;

// Runs (or continues) the run in dir with config, a config of its game (config.game, checked
// with check_game_config); progress goes to stderr. initial, when given, becomes generation 0
// of a new run; a run folder that already has a generation 0 refuses it.
TrainRunResult run_training(const TrainConfig& config, const std::string& dir, const RunRanks& ranks = {},
                            const InitialNet* initial = nullptr, const EvaluatedCallback& evaluated = {});

// The agent spec of generation g's net in evaluation games, at iters iterations a decision.
std::string net_agent_spec(const TrainConfig& config, const std::string& dir, int generation, int iters);
std::string baseline_agent_spec(const TrainConfig& config);

}  // namespace pamir::selfplay
