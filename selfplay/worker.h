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
#include "selfplay/shard.h"

namespace pamir::selfplay::inline PAMIR_RULESET {

// A finished game: its recorded rows (games = {index}, counters: what playing it took) and its winner shares in seat order,
// and every decision of it (forced ones too) with the seat that resigned, if one did, so
// that the game can be replayed from its seed (selfplay/game_records.h). The actions stay
// on the process that played the game: the ranks of an MPI job send back the rows alone.
struct FinishedGame {
  ShardRows rows;
  long index = 0;
  std::vector<core::Action> actions;
  int resigned = core::kNoPlayer;
};

// The seed of game `index` of generation `generation` in a run seeded `seed`.
core::u64 game_seed(core::u64 seed, int generation, long index);

// Wakhan's seat in that game, or kNoPlayer: a share wakhan_share of the games gives her a
// seat, chosen (like the game) by the seed alone.
int wakhan_seat(const TrainConfig& config, core::u64 game_seed);

// The move temperature at decision number `decision` of a game.
double move_temperature(const TrainConfig& config, int decision);

class SelfPlayWorker {
 public:
  // The evaluator is used for every leaf of every game of this worker; seed makes the
  // worker's choices (full or fast search, noise, move sampling) reproducible.
  // Every game's randomness comes from its seed (game_seed): a worker needs none of its own.
  SelfPlayWorker(const TrainConfig& config, int generation, search::Evaluator& evaluator);
  ~SelfPlayWorker();

  // Plays games until next_game() returns a negative index and every started game has
  // finished; each finished game goes to on_finished (from this thread). When stop() turns
  // true (checked once per evaluator call), returns at once, abandoning the games in play.
  void run(const std::function<long()>& next_game, const std::function<void(FinishedGame&&)>& on_finished,
           const std::function<bool()>& stop = {});

  // What the worker's games took so far: the finished ones and those in play.
  SelfPlayCounters counters() const;

 private:
  struct Slot;
  void start_game(Slot& slot, long index);
  // Plays forced moves and starts the next search; finishes the game if it ended.
  void begin_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);
  void finish_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);
  void finish_game(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished);

  TrainConfig config_;
  int generation_;
  search::Evaluator& evaluator_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<search::Leaf> leaves_;
  std::vector<search::LeafResult> results_;
  SelfPlayCounters counted_;  // the finished games' counts and every net call
};

}  // namespace pamir::selfplay
