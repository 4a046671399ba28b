// Scenario tests for setup (guide "Preparation (Setup)"; rules notes 2).

#include <set>

#include "core/world.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

constexpr u64 kSeeds[] = {1, 2, 3, 17, 12345};

// Guide "Preparation" 1: "Place the favored suit marker next to the political suit space."
TEST(Setup, FavoredSuitStartsPolitical) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed : kSeeds) EXPECT_EQ(new_game(n, seed).favored_suit, Suit::kPolitical);
}

// Guide "Preparation" 2: six piles of 5 court cards plus one per player; the four
// Dominance Checks go one into each of the four rightmost piles; two events go into the
// second pile and one into each of the four piles after it. Rules notes 2: pile 1 is the
// top of the deck, and the deck holds 6*(5+N)+10 cards.
TEST(Setup, DeckIsSixPilesWithEventsAndChecksWhereTheRulesPutThem) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed : kSeeds) {
      const State s = new_game(n, seed);
      const PileLayout layout = pile_layout(n);
      EXPECT_EQ(s.deck_size, 6 * (5 + n) + 10);
      EXPECT_EQ(layout.begin[0], 0);
      EXPECT_EQ(layout.end[5], s.deck_size);
      for (int pile = 0; pile < 6; ++pile) {
        int court = 0, events = 0, checks = 0;
        for (int i = layout.begin[pile]; i < layout.end[pile]; ++i) {
          court += is_court_card(s.deck[i]);
          events += is_event(s.deck[i]);
          checks += is_dominance_check(s.deck[i]);
        }
        EXPECT_EQ(court, 5 + n) << "pile " << pile + 1;
        EXPECT_EQ(events, pile == 0 ? 0 : pile == 1 ? 2 : 1) << "pile " << pile + 1;
        EXPECT_EQ(checks, pile >= 2 ? 1 : 0) << "pile " << pile + 1;
        if (pile > 0) {
          EXPECT_EQ(layout.begin[pile], layout.end[pile - 1]);
        }
      }
    }
}

// Rules notes 2: "The other court cards are out of the game ... The other 6 events are out
// of the game." Every Dominance Check is in the deck.
TEST(Setup, UnusedCardsAreSetAside) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed : kSeeds) {
      const State s = new_game(n, seed);
      int court = 0, events = 0, checks = 0;
      for (int c = 1; c <= kNumCards; ++c) {
        if (s.card_loc[c] != Loc::kUnused) continue;
        court += is_court_card(c);
        events += is_event(c);
        checks += is_dominance_check(c);
      }
      EXPECT_EQ(court, kNumCourtCards - 6 * (5 + n));
      EXPECT_EQ(events, 6);
      EXPECT_EQ(checks, 0);
      // And each card of the deck appears once.
      std::set<int> seen(s.deck, s.deck + s.deck_size);
      EXPECT_EQ(int(seen.size()), s.deck_size);
    }
}

// Guide "Preparation" 3: fill the 12 market spaces from the deck "starting with the
// leftmost column and filling the top row first".
TEST(Setup, MarketIsFilledColumnByColumnTopRowFirstFromTheTopOfTheDeck) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed : kSeeds) {
      const State s = new_game(n, seed);
      EXPECT_EQ(s.deck_pos, kMarketRows * kMarketCols);
      for (int col = 0; col < kMarketCols; ++col)
        for (int row = 0; row < kMarketRows; ++row) {
          EXPECT_EQ(s.market[row][col], s.deck[col * kMarketRows + row]);
          EXPECT_EQ(s.card_loc[s.market[row][col]], Loc::kMarket);
          EXPECT_EQ(s.market_rupees[row][col], 0);
        }
    }
}

// Rules notes 2: "no Dominance Check can appear early": piles 1 and 2 hold at least 14
// cards, so the first market never holds one (and no Instability happens at setup).
TEST(Setup, FirstMarketHoldsNoDominanceCheck) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed = 1; seed <= 50; ++seed) {
      const State s = new_game(n, seed);
      for (const auto& row : s.market)
        for (int c : row) EXPECT_FALSE(is_dominance_check(c));
      EXPECT_EQ(s.dominance_checks_resolved, 0);
    }
}

// Guide "Preparation" 4-5: each player receives four rupees; the remaining coins form the
// bank (36 in the box, rules notes 1).
TEST(Setup, FourRupeesEachAndTheRestInTheBank) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    const State s = new_game(n, 7);
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(s.rupees[p], 4);
      EXPECT_EQ(s.vp[p], 0);
      EXPECT_EQ(s.cylinders_in_supply[p], kCylinders);
    }
    EXPECT_EQ(s.bank, 36 - 4 * n);
    EXPECT_EQ(s.rupees_removed, 0);
    for (int k = 0; k < Coalition::kCount; ++k) EXPECT_EQ(s.blocks_in_supply[k], kBlocksPerCoalition);
    EXPECT_EQ(check_consistency(s), "");
  }
}

// Guide "Preparation" 6: "Starting with a random player and proceeding clockwise, each
// player chooses ... The player who chose their loyalty last takes the first turn."
TEST(Setup, LoyaltyIsChosenClockwiseFromARandomPlayerAndTheLastChooserStarts) {
  std::set<int> first_choosers;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
    for (u64 seed = 1; seed <= 40; ++seed) {
      State s = new_game(n, seed);
      ASSERT_LT(s.first_chooser, n);
      if (n == 4) first_choosers.insert(s.first_chooser);
      for (int i = 0; i < n; ++i) {
        const int expected = (s.first_chooser + i) % n;
        ASSERT_EQ(s.top().kind, TaskKind::kChooseLoyalty);
        ASSERT_EQ(to_move(s), expected);
        ASSERT_EQ(s.loyalty[expected], Coalition::kNone);
        apply(s, Act::loyalty(i % Coalition::kCount));
        EXPECT_EQ(s.loyalty[expected], i % Coalition::kCount);
      }
      const int last = (s.first_chooser + n - 1) % n;
      EXPECT_EQ(s.phase, Phase::kPlaying);
      EXPECT_EQ(s.current, last);
      EXPECT_EQ(s.top().kind, TaskKind::kTurnActions);
      EXPECT_EQ(to_move(s), last);
      EXPECT_EQ(check_consistency(s), "");
    }
  // The first chooser is random: over 40 seeds every seat of 4 comes up.
  EXPECT_EQ(first_choosers.size(), 4u);
}

// Guide "Preparation" 6: each player chooses any coalition; nothing stops two players
// from choosing the same one.
TEST(Setup, EveryCoalitionIsOfferedAndMayBeShared) {
  State s = new_game(3, 5);
  Action legal[kMaxLegalActions];
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(legal_actions(s, legal), Coalition::kCount);
    for (int k = 0; k < Coalition::kCount; ++k) EXPECT_EQ(legal[k], Act::loyalty(k));
    apply(s, Act::loyalty(Coalition::kRussian));
  }
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.loyalty[p], Coalition::kRussian);
}

// Rules notes 2 / game.h: the deck is shuffled from the seed alone, so a game is fully
// described by (players, seed, actions).
TEST(Setup, SameSeedSameDeckDifferentSeedsDifferentDecks) {
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    const State a = new_game(n, 99), b = new_game(n, 99), c = new_game(n, 100);
    EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
    EXPECT_NE(std::memcmp(a.deck, c.deck, sizeof a.deck), 0);
  }
  std::set<std::vector<u8>> decks;
  for (u64 seed = 1; seed <= 20; ++seed) {
    const State s = new_game(3, seed);
    decks.insert(std::vector<u8>(s.deck, s.deck + s.deck_size));
  }
  EXPECT_EQ(decks.size(), 20u);
}

}  // namespace
}  // namespace pamir::testing
