#include "selfplay/shard_writer.h"

#include <fmt/printf.h>

#include <filesystem>

namespace pamir::selfplay {

std::string shard_path(const std::string& dir, int generation, int number) {
  return dir + fmt::sprintf("/gen%03d-%04d.npz", generation, number);
}

ShardWriter::ShardWriter(std::string dir, int generation, const std::vector<long>& games, int games_per_shard,
                         int first_free_number, std::function<void(long)> on_written)
    : dir_(std::move(dir)),
      generation_(generation),
      games_per_shard_(games_per_shard),
      next_free_number_(first_free_number),
      on_written_(std::move(on_written)) {
  for (long g : games) ++expected_[g / games_per_shard_];
  thread_ = std::thread([this] { loop(); });
}

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

void ShardWriter::write_block(long block) {
  auto& games = blocks_[block];
  if (games.empty()) return;
  ShardRows rows;
  rows.shape = games.begin()->second.shape;
  for (auto& [index, game] : games) rows.append(game);
  std::string path = shard_path(dir_, generation_, int(block));
  if (std::filesystem::exists(path)) path = shard_path(dir_, generation_, next_free_number_++);
  write_shard(path, rows);
  ++written_;
  const long count = long(games.size());
  blocks_.erase(block);
  if (on_written_) on_written_(count);
}

void ShardWriter::loop() {
  try {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) break;  // closing, and everything handed over is taken
      FinishedGame game = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      const long block = game.index / games_per_shard_;
      blocks_[block][game.index] = std::move(game.rows);
      if (--expected_[block] == 0) write_block(block);
    }
    // Closing early (an error stopped the workers): the incomplete blocks are written too,
    // so that no finished game is lost.
    while (!blocks_.empty()) write_block(blocks_.begin()->first);
  } catch (...) {
    error_ = std::current_exception();
  }
}

}  // namespace pamir::selfplay
