#include "dist/worker.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "dist/jobs.h"
#include "games/registry.h"
#include "io/file_io.h"
#include "io/threads.h"
#include "nets/weights.h"
#include "selfplay/config.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "tournament/results_log.h"

namespace pamir::dist {

namespace {

namespace fs = std::filesystem;

// A folder of this process's own for the weight files of its jobs, removed with it.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (fs::temp_directory_path() / "pamir-worker-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
      throw std::runtime_error("cannot make a scratch folder in " + fs::temp_directory_path().string());
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class Worker {
 public:
  explicit Worker(Cluster& cluster) : cluster_(cluster) {}

  JobEnd run(const TournamentJob& job) {
    // Each job's files get names of their own: a spec names a file by path, and the same path
    // may hold another net in a later job (a training run's next generation).
    std::vector<std::string> specs = job.agents;
    for (auto& spec : specs) {
      const std::string path = weight_file_of(spec);
      if (path.empty()) continue;
      const std::string local =
          scratch_.path() + "/job" + std::to_string(jobs_) + "-" + fs::path(path).filename().string();
      if (!fs::exists(local)) io::write_file_atomically(local, job.files.at(path));
      spec.replace(spec.find("net:" + path) + 4, path.size(), local);
    }
    tournament::play_games(
        games::game(job.game), specs, job.games, job.threads, job.max_decisions,
        [&](tournament::GameResult&& g) { cluster_.send(0, kResultTag, tournament::game_line(g)); });
    JobEnd end;
    end.threads = io::resolve_threads(job.threads);
    return end;
  }

  JobEnd run(const SelfPlayJob& job) {
    const selfplay::TrainConfig config = selfplay::parse_config(job.config, "rank 0's self-play job");
    const games::Game& game = games::game(config.game);
    auto weights = std::make_shared<const nets::NetWeights>(
        nets::parse_weights(job.weights, "rank 0's weights", game.net_shape()));
    JobEnd end;
    end.counters = selfplay::play_selfplay_games(
        config, job.games, [&](int) { return game.make_selfplay_worker(config, job.generation, weights); },
        [&](selfplay::FinishedGame&& g) { cluster_.send(0, kResultTag, selfplay::shard_bytes(g.rows)); },
        end.threads);
    return end;
  }

  // Plays jobs until stop.
  void serve() {
    for (;;) {
      const auto message = cluster_.receive(0, kJobTag);
      JobEnd end;
      try {
        const Job job = decode_job(message->bytes);
        if (const auto* t = std::get_if<TournamentJob>(&job))
          end = run(*t);
        else if (const auto* s = std::get_if<SelfPlayJob>(&job))
          end = run(*s);
        else
          return;  // stop
      } catch (const std::exception& e) {
        end.error = e.what();
      }
      ++jobs_;
      cluster_.send(0, kJobEndTag, encode_job_end(end));
    }
  }

 private:
  Cluster& cluster_;
  ScratchFolder scratch_;
  long jobs_ = 0;
};

}  // namespace

int serve_jobs(Cluster& cluster) {
  try {
    Worker(cluster).serve();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: rank %d: %s\n", cluster.rank(), e.what());
    return 1;
  }
}

}  // namespace pamir::dist
