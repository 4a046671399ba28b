#pragma once
// A self-play worker as the orchestration sees it (selfplay/selfplay.h, dist/): one
// thread's worker of some game (games::Game::make_selfplay_worker makes them; each game's is
// selfplay/worker.h compiled for it), and the finished games it hands back.

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "selfplay/counters.h"
#include "selfplay/shard.h"

namespace pamir::selfplay {

// A finished game: its recorded rows (games = {index}, counters: what playing it took) and
// its winner shares in seat order, and every decision of it (forced ones too) with the seat
// that resigned, if one did, so that the game can be replayed from its seed
// (training/game_records.h). The actions stay on the process that played the game: the ranks
// of an MPI job send back the rows alone.
struct FinishedGame {
  ShardRows rows;
  long index = 0;
  std::vector<std::uint16_t> actions;
  int resigned = -1;
};

class SelfPlayWorkerBase {
 public:
  virtual ~SelfPlayWorkerBase() = default;
  // Plays games until next_game() returns a negative index and every started game has
  // finished; each finished game goes to on_finished (from this thread). When stop() turns
  // true (checked once per evaluator call), returns at once, abandoning the games in play.
  virtual void run(const std::function<long()>& next_game,
                   const std::function<void(FinishedGame&&)>& on_finished,
                   const std::function<bool()>& stop = {}) = 0;
  // What the worker's games took so far: the finished ones and those in play.
  virtual SelfPlayCounters counters() const = 0;
};

// Makes worker w of a generation's self-play (called once per worker, from that worker's
// thread): games::Game::make_selfplay_worker with the generation's net.
using WorkerMaker = std::function<std::unique_ptr<SelfPlayWorkerBase>(int worker)>;

}  // namespace pamir::selfplay
