#pragma once
// One self-play worker (one thread): it plays several games at once, each with its own
// ISMCTS search, and steps all the searches together so that every evaluator call carries
// the leaves of all its games (a network's cost per call dominates at small batches).
//
// Per decision (KataGo's playout-cap randomization): with probability full_fraction the
// move gets a full search (full_iters, Dirichlet noise at the root) and becomes a training
// row whose policy target is the search's visit shares; otherwise a fast search (fast_iters,
// no noise) that is not recorded. Moves are chosen in proportion to visits^(1/T) with the
// temperature schedule. Forced moves (one legal action) are played without a search.

#include <functional>
#include <memory>
#include <vector>

#include "core/state.h"
#include "search/evaluator.h"
#include "search/mcts.h"
#include "selfplay/config.h"
#include "selfplay/worker_base.h"

namespace pamir::selfplay::inline PAMIR_RULESET {

class SelfPlayWorker final : public SelfPlayWorkerBase {
 public:
  // The evaluator is used for every leaf of every game of this worker (the worker owns it).
  // Every game's randomness comes from its seed (game_seed): a worker needs none of its own.
  SelfPlayWorker(const TrainConfig& config, int generation, std::unique_ptr<search::Evaluator> evaluator);
  ~SelfPlayWorker() override;

  void run(const std::function<long()>& next_game, const std::function<void(FinishedGame&&)>& on_finished,
           const std::function<bool()>& stop = {}) override;
  SelfPlayCounters counters() const override;

 private:
  struct Slot;
  void start_game(Slot& slot, long index);
  // Plays forced moves and starts the next search; finishes the game if it ended.
  void begin_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);
  void finish_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);
  void finish_game(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);

  TrainConfig config_;
  int generation_;
  std::unique_ptr<search::Evaluator> evaluator_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<search::Leaf> leaves_;
  std::vector<search::LeafResult> results_;
  SelfPlayCounters counted_;  // the finished games' counts and every net call
};

}  // namespace pamir::selfplay::inline PAMIR_RULESET
