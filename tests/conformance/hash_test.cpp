// State hashing (core/hash.h): full_key sees every byte; infoset_key sees exactly what a
// player knows, so it separates positions that differ in public information and merges
// the worlds that differ only in the hidden deck order and set-aside cards.

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "core/world.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

// A position some way into a seeded random game (the action phase of a later turn).
State midgame(int players, u64 seed, int decisions) {
  State s = new_game(players, seed);
  u64 rng = seed;
  Action legal[kMaxLegalActions];
  for (int i = 0; i < decisions && !s.game_over(); ++i)
    apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  return s;
}

bool same_bytes(const State& a, const State& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(Hash, FullKeyChangesWithEveryBit) {
  const State s = midgame(4, 3, 60);
  const Key base = full_key(s);
  std::set<Key> keys{base};
  for (size_t byte = 0; byte < sizeof(State); ++byte)
    for (int bit = 0; bit < 8; ++bit) {
      State t = s;
      reinterpret_cast<unsigned char*>(&t)[byte] ^= u8(1 << bit);
      ASSERT_TRUE(keys.insert(full_key(t)).second) << "byte " << byte << " bit " << bit << " collides";
    }
}

TEST(Hash, InfosetKeySeparatesDifferentPublicInformation) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (int decisions : {0, 40, 120}) {
      const State s = midgame(players, 17, decisions);
      if (s.game_over()) continue;
      Action legal[kMaxLegalActions];
      const int n = legal_actions(s, legal);
      // Each legal action leads to a position; those whose public views differ must get
      // different keys for every observer.
      std::vector<State> views;
      std::vector<State> children;
      for (int i = 0; i < n; ++i) {
        State child = s;
        apply(child, legal[i]);
        children.push_back(child);
        views.push_back(seat_view(child, 0));  // every seat sees the same in Pax Pamir
      }
      int distinct_pairs = 0;
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
          if (same_bytes(views[i], views[j])) continue;
          ++distinct_pairs;
          for (int p = 0; p < players; ++p)
            ASSERT_NE(infoset_key(children[i], p), infoset_key(children[j], p))
                << players << " players, after actions " << legal[i] << " and " << legal[j];
        }
      EXPECT_GT(distinct_pairs, 0);
      // A public byte (a player's rupees) changes the key; the state's RNG does not.
      State richer = s;
      ++richer.rupees[0];
      --richer.bank;
      State reseeded = s;
      reseeded.rng ^= 0xABCDEF;
      for (int p = 0; p < players; ++p) {
        EXPECT_NE(infoset_key(richer, p), infoset_key(s, p));
        EXPECT_EQ(infoset_key(reseeded, p), infoset_key(s, p));
      }
    }
}

TEST(Hash, SampledWorldsShareTheInfosetKeyButNotTheFullKey) {
  u64 rng = 5;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    const State s = midgame(players, 23, 50);
    ASSERT_FALSE(s.game_over());
    ASSERT_LT(s.deck_pos + 2, s.deck_size) << "the position should keep several undrawn cards";
    std::set<Key> full_keys;
    int distinct_decks = 0;
    std::vector<State> worlds;
    for (int k = 0; k < 300; ++k) {
      const int p = k % players;
      const State w = sample_world(s, p, rng);
      for (int q = 0; q < players; ++q) ASSERT_EQ(infoset_key(w, q), infoset_key(s, q));
      bool new_deck = true;
      for (const State& other : worlds)
        if (!std::memcmp(w.deck, other.deck, sizeof w.deck)) new_deck = false;
      distinct_decks += new_deck;
      worlds.push_back(w);
      full_keys.insert(full_key(w));
    }
    // With dozens of unknown cards, repeats of a deck order are practically impossible,
    // and each distinct world must have its own full key.
    EXPECT_EQ(distinct_decks, 300);
    EXPECT_EQ(full_keys.size(), 300u);
  }
}

TEST(Hash, SeatViewIsIdempotentAndHidesOnlyTheUnknown) {
  const State s = midgame(3, 9, 80);
  const State v = seat_view(s, 0);
  EXPECT_TRUE(same_bytes(seat_view(v, 0), v));
  EXPECT_EQ(v.rng, 0u);
  for (int i = s.deck_pos; i < s.deck_size; ++i) EXPECT_EQ(v.deck[i], 0) << "undrawn slot " << i << " shown";
  EXPECT_EQ(std::memcmp(v.deck, s.deck, s.deck_pos), 0) << "the drawn cards are public";
  for (int c = 1; c <= kNumCards; ++c) {
    if (s.card_loc[c] == Loc::kDeck || s.card_loc[c] == Loc::kUnused)
      EXPECT_EQ(v.card_loc[c], Loc::kUnused);
    else
      EXPECT_EQ(v.card_loc[c], s.card_loc[c]) << "card " << c;
  }
}

}  // namespace
}  // namespace pamir::testing
