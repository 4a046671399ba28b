#pragma once
// Training shards: the rows of finished self-play games, in an .npz archive that NumPy
// reads (docs/shards.md lists every array). Rows are stored sparsely (the encoder's active
// features, the legal actions with their policy targets), because a dense row is a few
// thousand floats of which a few hundred are non-zero.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nets/weights.h"
#include "selfplay/counters.h"

namespace pamir::selfplay {

// Version 2 added the auxiliary targets (result, vp_margin); version 1 shards still read.
constexpr std::int64_t kShardFormatVersion = 2;

struct ShardRows {
  // The game's net shape: its key, the encoder's row length the features index into, the
  // action count and the most seats (the encoder fingerprint is not kept).
  nets::NetShape shape;
  std::vector<std::int64_t> games;  // the game indices (within the generation) whose rows these are
  // Row r's features are feature_index/feature_value[feature_begin[r] .. feature_begin[r+1]).
  std::vector<std::int32_t> feature_begin{0};
  std::vector<std::int32_t> feature_index;
  std::vector<float> feature_value;
  // Row r's legal actions and the policy target over them: [legal_begin[r] .. legal_begin[r+1]).
  std::vector<std::int32_t> legal_begin{0};
  std::vector<std::uint16_t> legal_action;
  std::vector<float> policy;
  // Per row, shape.num_seats win shares seat-rotated (offset 0 = the player to move), and the
  // game's player count.
  std::vector<float> value;
  std::vector<std::uint8_t> num_players;
  // Auxiliary targets per row, shape.num_seats floats seat-rotated like value: the game's
  // result (each seat's share of the win, whatever value_target_mix says) and each seat's
  // final victory points less the mean over the game's seats. Version 1 shards, written
  // before them, read back with NaN there, which the trainer leaves out of those losses.
  std::vector<float> result;
  std::vector<float> vp_margin;
  // What the games took (searches, iterations, ...), summed. Shards written before shards
  // kept them read back with their games and rows counted and the rest 0.
  GameCounters counters;

  int rows() const { return int(num_players.size()); }
  // Appends other's rows and games (same shape).
  void append(const ShardRows& other);
};

// The archive bytes, and back; parse_shard verifies the checksums, the arrays' consistency
// and that the shard is of the expected game and shape, and throws NpzError with a one-line
// message naming source.
std::string shard_bytes(const ShardRows& rows);
ShardRows parse_shard(std::string_view bytes, const std::string& source, const nets::NetShape& expected);

// Atomic write (temporary file, fsync, rename) and read.
void write_shard(const std::string& path, const ShardRows& rows);
ShardRows read_shard(const std::string& path, const nets::NetShape& expected);

}  // namespace pamir::selfplay
