#pragma once
// The other ranks of an MPI job as the remote players of a tournament
// (tournament::RemoteGames) and of a self-play generation (selfplay::RemoteSelfPlay). Rank 0
// keeps its share (unless told to only coordinate), hands the workers theirs and takes their
// finished games as they come, so that its files are the ones a single process writes.

#include <memory>
#include <string>

#include "dist/cluster.h"
#include "dist/job_run.h"
#include "selfplay/selfplay.h"
#include "tournament/tournament.h"

namespace pamir::dist {

// Tournament games over the ranks. Weight files that the agent specs name go to the workers
// with the job: they need no filesystem shared with rank 0.
class RankTournamentGames : public tournament::RemoteGames {
 public:
  RankTournamentGames(Cluster& cluster, bool root_plays) : cluster_(cluster), root_plays_(root_plays) {}
  std::vector<tournament::GameSpec> start(const tournament::TournamentConfig& config,
                                          const std::vector<tournament::GameSpec>& unplayed,
                                          std::function<void(tournament::GameResult&&)> on_finished) override;
  void finish() override;
  void abandon() noexcept override;

 private:
  Cluster& cluster_;
  bool root_plays_;
  std::unique_ptr<JobRun> run_;
};

// A generation's self-play games over the ranks; the job carries the net's weights.
class RankSelfPlayGames : public selfplay::RemoteSelfPlay {
 public:
  // weights: the bytes of the weight file the generation plays with.
  RankSelfPlayGames(Cluster& cluster, bool root_plays, std::string weights)
      : cluster_(cluster), root_plays_(root_plays), weights_(std::move(weights)) {}
  std::vector<long> start(const selfplay::TrainConfig& config, int generation,
                          const std::vector<long>& unplayed,
                          std::function<void(selfplay::FinishedGame&&)> on_finished) override;
  Totals finish() override;
  void abandon() noexcept override;

 private:
  Cluster& cluster_;
  bool root_plays_;
  std::string weights_;
  std::unique_ptr<JobRun> run_;
};

}  // namespace pamir::dist
