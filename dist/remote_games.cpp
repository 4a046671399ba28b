#include "dist/remote_games.h"

#include "games/registry.h"
#include "io/file_io.h"
#include "selfplay/shard.h"
#include "tournament/results_log.h"

namespace pamir::dist {

std::vector<tournament::GameSpec> RankTournamentGames::start(
    const tournament::TournamentConfig& config, const std::vector<tournament::GameSpec>& unplayed,
    std::function<void(tournament::GameResult&&)> on_finished) {
  auto shares = split_among_ranks(unplayed, cluster_.size(), root_plays_);
  TournamentJob common;
  common.game = config.game;
  common.agents = config.agents;
  for (const std::string& spec : config.agents)
    if (const std::string path = weight_file_of(spec); !path.empty() && !common.files.count(path))
      common.files[path] = io::read_file(path);
  common.max_decisions = config.max_decisions;
  common.threads = config.threads;
  std::vector<Job> jobs;
  for (int r = 1; r < cluster_.size(); ++r) {
    TournamentJob job = common;
    job.games = std::move(shares[r]);
    jobs.push_back(std::move(job));
  }
  run_ = std::make_unique<JobRun>(cluster_, jobs, [on_finished](int, std::string&& line) {
    on_finished(tournament::parse_game_line(line));
  });
  return shares[0];
}

void RankTournamentGames::finish() {
  run_->finish();
  run_.reset();
}

void RankTournamentGames::abandon() noexcept { run_.reset(); }

std::vector<long> RankSelfPlayGames::start(const selfplay::TrainConfig& config, int generation,
                                           const std::vector<long>& unplayed,
                                           std::function<void(selfplay::FinishedGame&&)> on_finished) {
  auto shares = split_among_ranks(unplayed, cluster_.size(), root_plays_);
  std::vector<Job> jobs;
  for (int r = 1; r < cluster_.size(); ++r)
    jobs.push_back(SelfPlayJob{selfplay::format_config(config), generation, weights_, std::move(shares[r])});
  const nets::NetShape shape =
      games::game(config.game).net_shape();  // the shards' rows are checked against it
  run_ = std::make_unique<JobRun>(cluster_, jobs, [on_finished, shape](int rank, std::string&& bytes) {
    selfplay::FinishedGame g;
    g.rows = selfplay::parse_shard(bytes, "a game from rank " + std::to_string(rank), shape);
    if (g.rows.games.size() != 1) throw std::runtime_error("a self-play result must hold exactly one game");
    g.index = long(g.rows.games[0]);
    on_finished(std::move(g));
  });
  return shares[0];
}

selfplay::RemoteSelfPlay::Totals RankSelfPlayGames::finish() {
  Totals totals;
  for (const JobEnd& end : run_->finish()) {
    totals.counters += end.counters;
    totals.threads += end.threads;
  }
  run_.reset();
  return totals;
}

void RankSelfPlayGames::abandon() noexcept { run_.reset(); }

}  // namespace pamir::dist
