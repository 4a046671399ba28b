#include "selfplay/game_records.h"

#include <cstdio>
#include <filesystem>
#include <vector>

#include "core/dominance.h"
#include "core/game.h"
#include "io/file_io.h"
#include "tournament/play.h"

namespace pamir::selfplay::inline PAMIR_RULESET {
namespace {

std::vector<std::string> agents_of(const TrainConfig& c, int generation) {
  char name[32];
  std::snprintf(name, sizeof name, "selfplay:gen%03d", generation);
  std::vector<std::string> agents{name};
  if (c.wakhan_share > 0) agents.push_back("wakhan");
  return agents;
}

// The file with its header (and its folder), before the appender opens it.
const std::string& started(const std::string& path, const TrainConfig& c, int generation) {
  if (const auto folder = std::filesystem::path(path).parent_path(); !folder.empty())
    std::filesystem::create_directories(folder);
  io::write_file_atomically(path, tournament::results_header(agents_of(c, generation), c.players, "selfplay", c.seed,
                                                             c.max_decisions) +
                                      "\n");
  return path;
}

}  // namespace

GameRecords::GameRecords(const std::string& path, const TrainConfig& config, int generation)
    : config_(config), generation_(generation), appender_(started(path, config, generation)) {}

void GameRecords::add(const FinishedGame& game) {
  tournament::GameResult g;
  g.game = game.index;
  g.seed = game_seed(config_.seed, generation_, game.index);
  const int wakhan = wakhan_seat(config_, g.seed);
  core::State s = core::new_game(config_.players, g.seed, wakhan);
  for (const core::Action a : game.actions) core::apply(s, a);
  g.actions = game.actions;
  for (int p = 0; p < config_.players; ++p) {
    g.seats.push_back(p == wakhan ? 1 : 0);
    g.vp.push_back(s.vp[p]);
  }
  if (game.resigned != core::kNoPlayer) {
    g.forfeit = game.resigned;
    g.forfeit_reason = "resigned";
    g.ranks = tournament::forfeit_ranks(s, game.resigned);
  } else if (!s.game_over()) {
    g.capped = true;  // as in tournaments: a draw, every rank 0
    g.ranks.assign(config_.players, 0);
  } else {
    const auto ranks = core::final_ranks(s);
    g.ranks.assign(ranks.begin(), ranks.begin() + config_.players);
  }
  appender_.append(tournament::game_line(g));
}

}  // namespace pamir::selfplay
