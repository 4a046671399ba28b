#pragma once
// The writer thread: workers hand it finished games; it gathers them into shards of
// games_per_shard games and writes each atomically (shards/genNNN-MMMM.npz), so that
// workers never wait on the disk.

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "selfplay/worker.h"

namespace pamir::selfplay {

// The path of shard `number` of generation `generation` in dir.
std::string shard_path(const std::string& dir, int generation, int number);

class ShardWriter {
 public:
  // on_written(games in the shard) runs on the writer thread after each shard is on disk.
  ShardWriter(std::string dir, int generation, int first_number, int games_per_shard,
              std::function<void(long games)> on_written = {});
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
  void flush(ShardRows& rows);

  std::string dir_;
  int generation_, next_number_, games_per_shard_, written_ = 0;
  std::function<void(long)> on_written_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<FinishedGame> queue_;
  bool closing_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace pamir::selfplay
