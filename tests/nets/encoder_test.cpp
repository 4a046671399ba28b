#include "nets/encoder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/game.h"
#include "core/random.h"
#include "core/world.h"
#include "tests/nets/encoding_signature.h"
#include "tests/nets/positions.h"

namespace pamir::nets {
namespace {

std::vector<float> dense(const core::State& s) {
  std::vector<float> row(kNumFeatures);
  encode_dense(s, row.data());
  return row;
}

// Two determinizations of one information set differ in the undrawn deck and the cards
// set aside; the encoding must not see the difference.
// With Wakhan, her AI deck below the face-up card is hidden too.
TEST(Encoder, IgnoresHiddenCards) {
  for (const bool wakhan : {false, true}) {
    int worlds_that_differ = 0, ai_decks_that_differ = 0;
    for (const core::State& s : testing::random_positions(30, 7, wakhan)) {
      const int p = core::to_move(s);
      core::u64 rng = 99;
      const core::State a = core::sample_world(s, p, rng), b = core::sample_world(s, p, rng);
      worlds_that_differ += std::memcmp(a.deck, b.deck, sizeof a.deck) != 0;
      ai_decks_that_differ += std::memcmp(a.ai_deck, b.ai_deck, sizeof a.ai_deck) != 0;
      EXPECT_EQ(dense(a), dense(b));
      EXPECT_EQ(dense(a), dense(s));
    }
    EXPECT_GT(worlds_that_differ, 20);  // the property was tested on real differences
    if (wakhan) {
      EXPECT_GT(ai_decks_that_differ, 20);
    }
  }
}

TEST(Encoder, SparseRowMatchesDenseAndFitsTheBound) {
  for (const core::State& s : testing::random_positions(40, 11)) {
    Feature features[kMaxActiveFeatures];
    const int count = encode_sparse(s, features);
    ASSERT_LE(count, kMaxActiveFeatures);
    std::vector<float> row(kNumFeatures, 0.0f);
    for (int i = 0; i < count; ++i) {
      ASSERT_GE(features[i].index, 0);
      ASSERT_LT(features[i].index, kNumFeatures);
      row[features[i].index] += features[i].value;
    }
    EXPECT_EQ(row, dense(s));
  }
}

// The acting player is offset 0: a player's own numbers sit in the first player block,
// the next seat clockwise in the second, whoever is to move.
TEST(Encoder, RotatesSeatsToThePlayerToMove) {
  for (const core::State& original : testing::random_positions(20, 3)) {
    core::State s = original;
    const int n = s.num_players, p = core::to_move(s);
    for (int q = 0; q < n; ++q) s.rupees[q] = core::u8(1 + 3 * q);
    const auto row = dense(s);
    for (int o = 0; o < n; ++o)
      EXPECT_FLOAT_EQ(row[Enc::kPlayers + o * Enc::kPlayerStride + 1], s.rupees[(p + o) % n] * 0.1f);
    for (int o = n; o < core::kMaxPlayers; ++o) EXPECT_EQ(row[Enc::kPlayers + o * Enc::kPlayerStride], 0.0f);
  }
}

// The viewer-seat rows equal the player-to-move rows bit for bit when the viewer is the
// player to move, and rotate to any other viewer: its own numbers in the first player block.
TEST(Encoder, ViewerRowsMatchThePlayerToMoveAndRotateToTheViewer) {
  for (const core::State& original : testing::random_positions(20, 5, /*with_wakhan=*/false)) {
    core::State s = original;
    const int n = s.num_players;
    for (int q = 0; q < n; ++q) s.rupees[q] = core::u8(1 + 3 * q);
    std::vector<float> row(kNumFeatures);
    encode_dense(s, core::to_move(s), row.data());
    EXPECT_EQ(row, dense(s));
    Feature by_viewer[kMaxActiveFeatures], to_move[kMaxActiveFeatures];
    const int count = encode_sparse(s, core::to_move(s), by_viewer);
    ASSERT_EQ(count, encode_sparse(s, to_move));
    EXPECT_EQ(std::memcmp(by_viewer, to_move, count * sizeof(Feature)), 0);
    for (int viewer = 0; viewer < n; ++viewer) {
      encode_dense(s, viewer, row.data());
      EXPECT_FLOAT_EQ(row[Enc::kPlayers + 1], s.rupees[viewer] * 0.1f);
    }
  }
}

// A finished game still encodes for every seat (an environment's last observation), with an
// empty decision block.
TEST(Encoder, EncodesAFinishedGameForEverySeat) {
  core::State s = core::new_game(3, 21);
  core::Action legal[core::kMaxLegalActions];
  core::u64 rng = 4;
  while (!s.game_over()) core::apply(s, legal[core::random_below(rng, core::legal_actions(s, legal))]);
  std::vector<float> row(kNumFeatures);
  for (int viewer = 0; viewer < 3; ++viewer) {
    encode_dense(s, viewer, row.data());
    EXPECT_FLOAT_EQ(row[Enc::kPlayers + 1], s.rupees[viewer] * 0.1f);
    for (int i = Enc::kDecision; i < Enc::kCount; ++i) EXPECT_EQ(row[i], 0.0f);
  }
}

// What the encoder writes, pinned (tests/nets/encoding_signature.h): 200 positions of 2 to 5
// players and 200 with Wakhan, from every seat.
TEST(Encoder, SeededPositionsEncodeAsRecorded) {
  EXPECT_EQ(testing::encoding_signature(200, 31, /*with_wakhan=*/false), 0x2a7a65344b7216acull);
  EXPECT_EQ(testing::encoding_signature(200, 37, /*with_wakhan=*/true), 0xed3afa01b9d576fcull);
}

TEST(Encoder, ValueRotationRoundTrips) {
  const std::array<float, core::kMaxPlayers> table = {0.1f, 0.2f, 0.3f, 0.4f, 0.0f};
  const auto rotated = rotate_to_player(table, 2, 4);
  EXPECT_EQ(rotated, (std::array<float, core::kMaxPlayers>{0.3f, 0.4f, 0.1f, 0.2f, 0.0f}));
  EXPECT_EQ(rotate_to_table(rotated, 2, 4), table);
}

}  // namespace
}  // namespace pamir::nets
