#pragma once
// The writer thread: workers hand it finished games; it writes each shard atomically
// (shards/genNNN-MMMM.npz), so that workers never wait on the disk. A shard holds a fixed
// block of game indices (block b: games b*games_per_shard ...), rows in game order, and is
// written once its block is complete: its bytes depend on the games alone, not on which
// thread finished which game first.

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "selfplay/worker_base.h"

namespace pamir::selfplay {

// The path of shard `number` of generation `generation` in dir.
std::string shard_path(const std::string& dir, int generation, int number);

class ShardWriter {
 public:
  // games: the indices that will be added (a resumed generation's missing ones). Block b is
  // written as shard number b, or, when that file is taken (a run written by an older
  // pamir), as the next free number from first_free_number. on_written(games in the
  // shard) runs on the writer thread after each shard is on disk.
  ShardWriter(std::string dir, int generation, const std::vector<long>& games, int games_per_shard,
              int first_free_number, std::function<void(long games)> on_written = {});
  ~ShardWriter();  // finishes (errors are then lost: call finish() to see them)
  ShardWriter(const ShardWriter&) = delete;
  ShardWriter& operator=(const ShardWriter&) = delete;

  // Thread-safe.
  void add(FinishedGame&& game);
  // Writes what is left, joins the thread and rethrows a write error, if any.
  void finish();
  int shards_written() const { return written_; }

 private:
  void loop();
  void write_block(long block);

  std::string dir_;
  int generation_, games_per_shard_, next_free_number_, written_ = 0;
  std::map<long, int> expected_;                      // block -> games still to come
  std::map<long, std::map<long, ShardRows>> blocks_;  // block -> its finished games by index
  std::function<void(long)> on_written_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<FinishedGame> queue_;
  bool closing_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace pamir::selfplay
