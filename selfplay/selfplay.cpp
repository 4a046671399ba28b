#include "selfplay/selfplay.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>

#include "io/threads.h"
#include "selfplay/npz.h"
#include "selfplay/shard_writer.h"

namespace pamir::selfplay {

namespace fs = std::filesystem;

std::vector<std::string> generation_shards(const std::string& dir, int generation) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  const std::string prefix =
      fs::path(shard_path(dir, generation, 0)).filename().string().substr(0, 7);  // "genNNN-"
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && e.path().extension() == ".npz") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int thread_count(const TrainConfig& config) { return io::resolve_threads(config.threads); }

SelfPlayCounters play_selfplay_games(const TrainConfig& config, const std::vector<long>& games,
                                     const WorkerMaker& make_worker,
                                     const std::function<void(FinishedGame&&)>& on_finished, int& threads) {
  std::atomic<std::size_t> next_game{0};
  const auto take_game = [&]() -> long {
    const std::size_t i = next_game++;
    return i < games.size() ? games[i] : -1;
  };
  threads = std::max(1, std::min<int>(thread_count(config), int(games.size())));
  SelfPlayCounters counters;
  std::mutex mutex;
  std::exception_ptr error;
#pragma omp parallel num_threads(threads)
  {
    try {
      const std::unique_ptr<SelfPlayWorkerBase> worker = make_worker(omp_get_thread_num());
      worker->run(take_game, on_finished);
      std::lock_guard lock(mutex);
      counters += worker->counters();
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      next_game = games.size();  // the other workers stop after their games in flight
    }
  }
  if (error) std::rethrow_exception(error);
  return counters;
}

SelfPlayResult run_selfplay(const TrainConfig& config, int generation, const nets::NetShape& shape,
                            const std::string& shard_dir, const WorkerMaker& make_worker,
                            const GameProgress& progress, RemoteSelfPlay* remote,
                            const std::function<void(const FinishedGame&)>& on_game) {
  const auto started = std::chrono::steady_clock::now();
  SelfPlayResult result;
  fs::create_directories(shard_dir);

  // Games already on disk. A shard that does not read back is set aside (renamed), and
  // its games are played again.
  std::set<long> done;
  int next_number = 0;
  for (const auto& path : generation_shards(shard_dir, generation)) {
    const std::string name = fs::path(path).stem().string();
    next_number = std::max(next_number, std::stoi(name.substr(7)) + 1);
    try {
      const ShardRows shard = read_shard(path, shape);
      for (auto g : shard.games) done.insert(long(g));
      result.resumed += shard.counters;
    } catch (const NpzError& e) {
      std::fprintf(stderr, "warning: setting aside corrupt shard (its games are replayed): %s\n", e.what());
      fs::rename(path, path + ".corrupt");
    }
  }
  std::vector<long> unplayed;
  for (long g = 0; g < config.games_per_generation; ++g)
    if (!done.count(g)) unplayed.push_back(g);

  std::atomic<long> finished{result.resumed.games};
  ShardWriter writer(shard_dir, generation, unplayed, config.games_per_shard, next_number, [&](long games) {
    const long now = finished += games;
    if (progress) progress(now, config.games_per_generation);
  });
  if (progress) progress(result.resumed.games, config.games_per_generation);

  std::vector<long> here = unplayed;
  if (remote)
    here = remote->start(config, generation, unplayed, [&](FinishedGame&& g) { writer.add(std::move(g)); });
  try {
    result.counters = play_selfplay_games(
        config, here, make_worker,
        [&](FinishedGame&& g) {
          if (on_game) on_game(g);
          writer.add(std::move(g));
        },
        result.threads);
  } catch (...) {
    if (remote) remote->abandon();
    throw;
  }
  if (remote) {
    const RemoteSelfPlay::Totals others = remote->finish();
    result.counters += others.counters;
    result.threads += others.threads;
  }
  writer.finish();
  result.shards_written = writer.shards_written();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace pamir::selfplay
