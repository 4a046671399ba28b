#pragma once
// Training shards: the rows of finished self-play games, in an .npz archive that NumPy
// reads (docs/shards.md lists every array). Rows are stored sparsely (the encoder's active
// features, the legal actions with their policy targets), because a dense row is a few
// thousand floats of which a few hundred are non-zero.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/actions.h"
#include "core/types.h"
#include "selfplay/counters.h"

namespace pamir::selfplay::inline PAMIR_RULESET {

constexpr std::int64_t kShardFormatVersion = 1;

struct ShardRows {
  int num_features = 0;             // the encoder's row length the features index into
  std::vector<std::int64_t> games;  // the game indices (within the generation) whose rows these are
  // Row r's features are feature_index/feature_value[feature_begin[r] .. feature_begin[r+1]).
  std::vector<std::int32_t> feature_begin{0};
  std::vector<std::int32_t> feature_index;
  std::vector<float> feature_value;
  // Row r's legal actions and the policy target over them: [legal_begin[r] .. legal_begin[r+1]).
  std::vector<std::int32_t> legal_begin{0};
  std::vector<core::Action> legal_action;
  std::vector<float> policy;
  // Per row, kMaxPlayers win shares seat-rotated (offset 0 = the player to move), and the
  // game's player count.
  std::vector<float> value;
  std::vector<std::uint8_t> num_players;
  // What the games took (searches, iterations, ...), summed. Shards written before shards
  // kept them read back with their games and rows counted and the rest 0.
  GameCounters counters;

  int rows() const { return int(num_players.size()); }
  // Appends other's rows and games (same num_features).
  void append(const ShardRows& other);
};

// The archive bytes, and back; parse_shard verifies the checksums and the arrays'
// consistency and throws NpzError with a one-line message naming source.
std::string shard_bytes(const ShardRows& rows);
ShardRows parse_shard(std::string_view bytes, const std::string& source);

// Atomic write (temporary file, fsync, rename) and read.
void write_shard(const std::string& path, const ShardRows& rows);
ShardRows read_shard(const std::string& path);

}  // namespace pamir::selfplay
