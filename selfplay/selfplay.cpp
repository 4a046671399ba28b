#include "selfplay/selfplay.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>

#include "selfplay/npz.h"
#include "selfplay/shard_writer.h"
#include "tournament/play.h"

namespace pamir::selfplay {

namespace fs = std::filesystem;

std::vector<std::string> generation_shards(const std::string& dir, int generation) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  const std::string prefix = fs::path(shard_path(dir, generation, 0)).filename().string().substr(0, 7);  // "genNNN-"
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && e.path().extension() == ".npz") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int thread_count(const TrainConfig& config) { return tournament::resolve_threads(config.threads); }

SelfPlayResult run_selfplay(const TrainConfig& config, int generation, const std::string& shard_dir,
                            const EvaluatorMaker& make_evaluator, const GameProgress& progress) {
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
      const ShardRows shard = read_shard(path);
      for (auto g : shard.games) done.insert(long(g));
      result.resumed_rows += shard.rows();
    } catch (const NpzError& e) {
      std::fprintf(stderr, "warning: setting aside corrupt shard (its games are replayed): %s\n", e.what());
      fs::rename(path, path + ".corrupt");
    }
  }
  std::vector<long> unplayed;
  for (long g = 0; g < config.games_per_generation; ++g)
    if (!done.count(g)) unplayed.push_back(g);
  result.resumed_games = config.games_per_generation - long(unplayed.size());

  std::atomic<long> finished{result.resumed_games};
  ShardWriter writer(shard_dir, generation, unplayed, config.games_per_shard, next_number, [&](long games) {
    const long now = finished += games;
    if (progress) progress(now, config.games_per_generation);
  });
  if (progress) progress(result.resumed_games, config.games_per_generation);

  std::atomic<std::size_t> next_game{0};
  const auto take_game = [&]() -> long {
    const std::size_t i = next_game++;
    return i < unplayed.size() ? unplayed[i] : -1;
  };
  const int threads = std::max(1, std::min<int>(thread_count(config), int(unplayed.size())));
  result.threads = threads;
  std::mutex mutex;
  std::exception_ptr error;
#pragma omp parallel num_threads(threads)
  {
    try {
      const int w = omp_get_thread_num();
      auto evaluator = make_evaluator(w);
      SelfPlayWorker worker(config, generation, *evaluator);
      worker.run(take_game, [&](FinishedGame&& g) { writer.add(std::move(g)); });
      std::lock_guard lock(mutex);
      result.counters += worker.counters();
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      next_game = unplayed.size();  // the other workers stop after their games in flight
    }
  }
  writer.finish();
  if (error) std::rethrow_exception(error);
  result.shards_written = writer.shards_written();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace pamir::selfplay
