// Training shards: the npz container round-trips, and corruption or truncation anywhere is
// a one-line error.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "io/file_io.h"
#include "selfplay/npz.h"
#include "selfplay/shard.h"

namespace pamir::selfplay {
namespace {

// The first game's shards (they name no game), of short rows: 50 features, 400 actions, 5 seats.
const nets::NetShape kShape{"pamir", 50, 400, 5, 0};

ShardRows sample_rows() {
  ShardRows s;
  s.shape = kShape;
  s.games = {3, 7};
  for (int r = 0; r < 3; ++r) {
    for (int f = 0; f <= r; ++f) {
      s.feature_index.push_back(10 * r + f);
      s.feature_value.push_back(0.5f * (f + 1));
    }
    s.feature_begin.push_back(std::int32_t(s.feature_index.size()));
    for (int a = 0; a < 2 + r; ++a) {
      s.legal_action.push_back(std::uint16_t(100 * r + a));
      s.policy.push_back(1.0f / (2 + r));
    }
    s.legal_begin.push_back(std::int32_t(s.legal_action.size()));
    for (int p = 0; p < kShape.num_seats; ++p) {
      s.value.push_back(p == r ? 1.0f : 0.0f);
      s.result.push_back(p == 2 - r ? 1.0f : 0.0f);
      s.vp_margin.push_back(p < 3 ? float(p - r) : 0.0f);
    }
    s.num_players.push_back(3);
  }
  return s;
}

void expect_equal(const ShardRows& a, const ShardRows& b) {
  EXPECT_EQ(a.shape, b.shape);
  EXPECT_EQ(a.games, b.games);
  EXPECT_EQ(a.feature_begin, b.feature_begin);
  EXPECT_EQ(a.feature_index, b.feature_index);
  EXPECT_EQ(a.feature_value, b.feature_value);
  EXPECT_EQ(a.legal_begin, b.legal_begin);
  EXPECT_EQ(a.legal_action, b.legal_action);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.num_players, b.num_players);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.vp_margin, b.vp_margin);
}

TEST(Shard, RoundTripsThroughAFile) {
  const auto path = (std::filesystem::temp_directory_path() / "pamir_shard_test.npz").string();
  const ShardRows rows = sample_rows();
  write_shard(path, rows);
  expect_equal(read_shard(path, kShape), rows);
  std::filesystem::remove(path);
}

TEST(Shard, AppendConcatenatesRowsAndRebasesOffsets) {
  ShardRows both = sample_rows();
  both.append(sample_rows());
  EXPECT_EQ(both.rows(), 6);
  EXPECT_EQ(both.feature_begin.back(), std::int32_t(both.feature_index.size()));
  EXPECT_EQ(both.legal_begin[4] - both.legal_begin[3], 2);
  const ShardRows back = parse_shard(shard_bytes(both), "both", kShape);
  expect_equal(back, both);
}

TEST(Shard, NpyHeadersAreWhatNumpyWrites) {
  const std::string bytes = shard_bytes(sample_rows());
  // The value array is 2-D, the others 1-D with numpy's trailing comma; data is 64-aligned.
  EXPECT_NE(bytes.find("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 5), }"), std::string::npos);
  EXPECT_NE(bytes.find("{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }"), std::string::npos);
  const auto header = bytes.find("\x93NUMPY");
  ASSERT_NE(header, std::string::npos);
  const int header_len = std::uint8_t(bytes[header + 8]) | std::uint8_t(bytes[header + 9]) << 8;
  EXPECT_EQ((10 + header_len) % 64, 0);
}

TEST(Shard, EveryFlippedByteOrTruncationIsDetected) {
  const std::string good = shard_bytes(sample_rows());
  int detected = 0;
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] = char(bad[i] ^ 0x5A);
    try {
      const ShardRows r = parse_shard(bad, "bad.npz", kShape);
      // A flip in a field no reader uses (zip version, DOS time) may be harmless: then the
      // rows must be exactly the original ones.
      expect_equal(r, sample_rows());
    } catch (const NpzError& e) {
      ++detected;
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("bad.npz: ", 0), 0u) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos);
    }
  }
  EXPECT_GT(detected, int(good.size() * 3 / 4));  // the rest: zip fields no reader uses
  for (std::size_t n : {std::size_t(0), std::size_t(10), good.size() / 2, good.size() - 1})
    EXPECT_THROW(parse_shard(std::string_view(good).substr(0, n), "cut.npz", kShape), NpzError) << n;
}

TEST(Shard, DataCorruptionFailsTheChecksum) {
  std::string bytes = shard_bytes(sample_rows());
  const auto at = bytes.find("feature_value.npy");
  ASSERT_NE(at, std::string::npos);
  const auto npy = bytes.find("\x93NUMPY", at);
  const int header_len = std::uint8_t(bytes[npy + 8]) | std::uint8_t(bytes[npy + 9]) << 8;
  bytes[npy + 10 + header_len + 2] ^= 1;  // a byte of the first float
  try {
    parse_shard(bytes, "s.npz", kShape);
    FAIL() << "not detected";
  } catch (const NpzError& e) {
    EXPECT_STREQ(e.what(), "s.npz: member feature_value.npy fails its CRC-32 check (corrupt)");
  }
}

// Version 1 shards, written before the auxiliary targets, lack their arrays: they read back
// with NaN there (the trainer's sign for "no target"), the rest unchanged. A version 2
// shard without them is refused.
TEST(Shard, Version1ShardsReadBackWithoutAuxiliaryTargets) {
  const ShardRows rows = sample_rows();
  std::vector<NpyArray> older;
  for (auto& a : read_npz(shard_bytes(rows), "new.npz"))
    if (a.name != "result" && a.name != "vp_margin") older.push_back(std::move(a));
  EXPECT_THROW(parse_shard(write_npz(older), "v2.npz", kShape), NpzError);
  const std::vector<std::int64_t> version1{1, kShape.num_features, kShape.num_actions, kShape.num_seats};
  for (auto& a : older)
    if (a.name == "format") a = make_array("format", "<i8", {4}, std::span<const std::int64_t>(version1));
  const ShardRows back = parse_shard(write_npz(older), "old.npz", kShape);
  EXPECT_EQ(back.value, rows.value);
  ASSERT_EQ(back.result.size(), rows.result.size());
  ASSERT_EQ(back.vp_margin.size(), rows.vp_margin.size());
  for (std::size_t i = 0; i < back.result.size(); ++i)
    EXPECT_TRUE(std::isnan(back.result[i]) && std::isnan(back.vp_margin[i])) << i;
}

TEST(Shard, MissingFileIsAOneLineError) {
  EXPECT_THROW(read_shard("/nonexistent/dir/shard.npz", kShape), NpzError);
}

// A shard is read for one game and net shape (games::Game::net_shape): another game's, or one
// of another encoder or action space, is refused by name.
TEST(Shard, AnotherGamesOrShapesShardIsRefused) {
  const std::string bytes = shard_bytes(sample_rows());
  const auto error_of = [&](const nets::NetShape& expected) -> std::string {
    try {
      parse_shard(bytes, "s.npz", expected);
    } catch (const NpzError& e) {
      return e.what();
    }
    return "(no error)";
  };
  nets::NetShape other = kShape;
  other.game = "expanse";
  EXPECT_EQ(error_of(other), "s.npz is a Pax Pamir self-play shard; use --game pamir");
  other = kShape;
  other.num_features = 60;
  EXPECT_EQ(error_of(other), "s.npz: shard made for another encoder or action space");
  other = kShape;
  other.num_seats = 4;
  EXPECT_EQ(error_of(other), "s.npz: shard made for another encoder or action space");
}

}  // namespace
}  // namespace pamir::selfplay
