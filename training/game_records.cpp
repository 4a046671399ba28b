#include "training/game_records.h"

#include <cstdio>
#include <filesystem>
#include <vector>

#include "io/file_io.h"
#include "tournament/play.h"

namespace pamir::selfplay {
namespace {

std::vector<std::string> agents_of(const games::Game& game, const TrainConfig& c, int generation) {
  char name[32];
  std::snprintf(name, sizeof name, "selfplay:gen%03d", generation);
  std::vector<std::string> agents{name};
  if (c.automaton_share > 0) agents.emplace_back(game.automaton());
  return agents;
}

// The file with its header (and its folder), before the appender opens it.
const std::string& started(const games::Game& game, const std::string& path, const TrainConfig& c,
                           int generation) {
  if (const auto folder = std::filesystem::path(path).parent_path(); !folder.empty())
    std::filesystem::create_directories(folder);
  io::write_file_atomically(path, tournament::results_header(game, agents_of(game, c, generation), c.players,
                                                             "selfplay", c.seed, c.max_decisions) +
                                      "\n");
  return path;
}

}  // namespace

GameRecords::GameRecords(const games::Game& game, const std::string& path, const TrainConfig& config,
                         int generation)
    : game_(game),
      config_(config),
      generation_(generation),
      appender_(started(game, path, config, generation)) {}

void GameRecords::add(const FinishedGame& game) {
  tournament::GameResult g;
  g.game = game.index;
  g.seed = game_seed(config_.seed, generation_, game.index);
  const int automaton = automaton_seat(config_, g.seed);
  games::Position s = game_.new_game(config_.players, g.seed, automaton);
  for (const games::Action a : game.actions) game_.apply(s, a);
  g.actions = game.actions;
  for (int p = 0; p < config_.players; ++p) g.seats.push_back(p == automaton ? 1 : 0);
  g.vp = game_.vp(s);
  if (game.resigned != -1) {
    g.forfeit = game.resigned;
    g.forfeit_reason = "resigned";
    g.ranks = tournament::forfeit_ranks(game_.ranks(s), game.resigned);
  } else if (!game_.over(s)) {
    g.capped = true;  // as in tournaments: a draw, every rank 0
    g.ranks.assign(config_.players, 0);
  } else {
    g.ranks = game_.ranks(s);
  }
  appender_.append(tournament::game_line(g));
}

}  // namespace pamir::selfplay
