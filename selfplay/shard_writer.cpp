#include "selfplay/shard_writer.h"

#include <cstdio>

namespace pamir::selfplay {

std::string shard_path(const std::string& dir, int generation, int number) {
  char name[48];
  std::snprintf(name, sizeof name, "/gen%03d-%04d.npz", generation, number);
  return dir + name;
}

ShardWriter::ShardWriter(std::string dir, int generation, int first_number, int games_per_shard,
                         std::function<void(long)> on_written)
    : dir_(std::move(dir)),
      generation_(generation),
      next_number_(first_number),
      games_per_shard_(games_per_shard),
      on_written_(std::move(on_written)),
      thread_([this] { loop(); }) {}

ShardWriter::~ShardWriter() {
  if (thread_.joinable()) {
    try {
      finish();
    } catch (...) {  // a destructor must not throw; finish() is where callers see errors
    }
  }
}

void ShardWriter::add(FinishedGame&& game) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(game));
  }
  ready_.notify_one();
}

void ShardWriter::finish() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  ready_.notify_one();
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
}

void ShardWriter::flush(ShardRows& rows) {
  if (rows.games.empty()) return;
  write_shard(shard_path(dir_, generation_, next_number_++), rows);
  ++written_;
  const long games = long(rows.games.size());
  rows = ShardRows{};
  if (on_written_) on_written_(games);
}

void ShardWriter::loop() {
  ShardRows pending;
  try {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) break;  // closing, and everything handed over is taken
      FinishedGame game = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      if (pending.games.empty()) pending.num_features = game.rows.num_features;
      pending.append(game.rows);
      if (int(pending.games.size()) >= games_per_shard_) flush(pending);
    }
    flush(pending);
  } catch (...) {
    error_ = std::current_exception();
  }
}

}  // namespace pamir::selfplay
