#pragma once
// Self-play games as a results file (the tournament's format, tournament/results_log.h), so
// that `pamir play --replay FILE --index N` and `pamir serve --open FILE` show them:
// `pamir selfplay --records FILE`. Every seat is the generation's net ("selfplay:genNNN"),
// the automated opponent's seat her spec (Pax Pamir's "wakhan"); a game stopped at
// max_decisions is marked capped and one a seat resigned is marked as that seat's forfeit.

#include <string>

#include "games/game.h"
#include "selfplay/config.h"
#include "selfplay/worker_base.h"
#include "tournament/results_log.h"

namespace pamir::selfplay {

class GameRecords {
 public:
  // Starts the file at path with its header (an earlier file there is replaced).
  GameRecords(const games::Game& game, const std::string& path, const TrainConfig& config, int generation);
  // Appends the game's line (replaying its actions from its seed); thread-safe.
  void add(const FinishedGame& game);

 private:
  const games::Game& game_;
  TrainConfig config_;
  int generation_;
  tournament::ResultsAppender appender_;
};

}  // namespace pamir::selfplay
