// Scenario tests for the end of the game (guide "Objective" and "End of Game and Scoring";
// rules notes 9 "Game end"): when the game ends, and who wins.

#include "core/dominance.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// The current player buys the last Dominance Check (the other three were resolved). With
// nobody's cylinders in play it is unsuccessful and tied: each of two players scores
// (3x2 + 1x2) / 2 = 4, so their VP difference stays as it was.
void buy_final_check(Scenario& sc) {
  for (int c = kFirstDominanceCheck + 1; c < kFirstDominanceCheck + kNumDominanceChecks; ++c) sc.detach(c);
  sc.s.dominance_checks_resolved = 3;
  sc.to_market(0, 0, kFirstDominanceCheck);
  sc.act("purchase 0 0");
  ASSERT_TRUE(sc.s.game_over());
}

// Guide "Objective": "The player with the most victory points wins."
TEST(GameEnd, MostVictoryPointsWins) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.s.vp[1] = 1;
  sc.to_court(0, 98);  // European Cannons: 3 military stars, which only break ties
  sc.set_rupees(0, 20);
  buy_final_check(sc);
  EXPECT_EQ(sc.s.vp[0], 4);
  EXPECT_EQ(sc.s.vp[1], 5);
  const auto rank = final_ranks(sc.s);
  EXPECT_EQ(rank[1], 0);
  EXPECT_EQ(rank[0], 1);
  const auto r = returns(sc.s);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[0], 0.0f);
}

// Guide "Objective": "Ties are broken first by the most red stars in their court" (the sum
// of the ranks of military cards; other suits' stars do not count).
TEST(GameEnd, TiesGoToTheMostMilitaryStars) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_court(0, 7);   // Dost Mohammad: 2 political stars
  sc.to_court(1, 31);  // Company Weapons: 1 military star
  sc.set_rupees(0, 9);
  buy_final_check(sc);
  EXPECT_EQ(stars(sc.s, 1, Suit::kMilitary), 1);
  EXPECT_EQ(stars(sc.s, 0, Suit::kMilitary), 0);
  const auto r = returns(sc.s);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[0], 0.0f);
}

// "... then by the most rupees".
TEST(GameEnd, ThenToTheMostRupees) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_court(0, 31);
  sc.to_court(1, 36);  // both 1 military star
  sc.set_rupees(0, 3);
  sc.set_rupees(1, 5);
  buy_final_check(sc);
  const auto rank = final_ranks(sc.s);
  EXPECT_EQ(rank[1], 0);
  EXPECT_EQ(rank[0], 1);
  EXPECT_EQ(returns(sc.s)[1], 1.0f);
}

// A tie that survives every tie-break is shared (game.h: "shared equally after every
// tie-break").
TEST(GameEnd, AFullTieIsShared) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[2] = 0;
  sc.tribe(0, Region::kKabul);
  sc.tribe(1, Region::kHerat);  // players 0 and 1 tie for first: (6+2)/2 = 4 each
  for (int c = kFirstDominanceCheck + 1; c < kFirstDominanceCheck + kNumDominanceChecks; ++c) sc.detach(c);
  sc.to_market(0, 0, kFirstDominanceCheck);
  sc.set_rupees(0, 4);
  sc.set_rupees(1, 4);
  sc.set_rupees(2, 9);
  sc.act("purchase 0 0");
  ASSERT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[0], 4);
  EXPECT_EQ(sc.s.vp[1], 4);
  EXPECT_EQ(sc.s.vp[2], 0);
  const auto rank = final_ranks(sc.s);
  EXPECT_EQ(rank[0], 0);
  EXPECT_EQ(rank[1], 0);
  EXPECT_EQ(rank[2], 2);
  const auto r = returns(sc.s);
  EXPECT_EQ(r[0], 0.5f);
  EXPECT_EQ(r[1], 0.5f);
  EXPECT_EQ(r[2], 0.0f);
}

// A finished game has no decision left and nobody to move; an unfinished one has no
// returns yet.
TEST(GameEnd, AFinishedGameHasNoLegalActions) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  const auto before = returns(sc.s);
  EXPECT_EQ(before[0] + before[1], 0.0f);
  buy_final_check(sc);
  Action legal[kMaxLegalActions];
  EXPECT_EQ(legal_actions(sc.s, legal), 0);
  EXPECT_EQ(to_move(sc.s), kNoPlayer);
  EXPECT_EQ(sc.s.phase, Phase::kGameOver);
}

// The final check discarded in cleanup ends the game there: the turn does not pass.
TEST(GameEnd, AFinalCheckDiscardedInCleanupEndsTheGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  for (int c = kFirstDominanceCheck + 1; c < kFirstDominanceCheck + kNumDominanceChecks; ++c) sc.detach(c);
  sc.to_market(1, 0, kFirstDominanceCheck);
  sc.tribe(1, Region::kPersia);
  sc.act("done");
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[1], 6);
  EXPECT_EQ(sc.s.vp[0], 2);
  EXPECT_EQ(returns(sc.s)[1], 1.0f);
}

// Rules notes 9: checks still in the deck or market make a check not the final one, even
// when the deck is far from its end.
TEST(GameEnd, ACheckIsFinalOnlyWhenNoOtherIsLeft) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.detach(102);
  sc.detach(103);  // 104 is still in the deck
  sc.to_market(0, 0, 101);
  sc.act("purchase 0 0");
  EXPECT_FALSE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[0], 2);  // not doubled
  sc.to_market(0, 0, 104);
  sc.act("purchase 0 0");
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[0], 6);  // 2 + 4 doubled
}

// A game stopped before its end (self-play's decision cap) is scored by the standing: the
// same order as at the end (VP, then military stars, then rupees), while returns() stays 0.
TEST(GameEnd, StandingSharesScoreAnUnfinishedGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[0] = 2, sc.s.vp[1] = 3, sc.s.vp[2] = 3;
  sc.set_rupees(1, 5);
  sc.set_rupees(2, 5);
  ASSERT_FALSE(sc.s.game_over());
  EXPECT_EQ(returns(sc.s), (std::array<float, kMaxPlayers>{}));
  auto shares = standing_shares(sc.s);
  EXPECT_EQ(shares[0], 0.0f);
  EXPECT_EQ(shares[1], 0.5f);  // tied on VP, stars and rupees: a shared win
  EXPECT_EQ(shares[2], 0.5f);
  sc.to_court(2, 98);  // European Cannons: military stars break the tie
  shares = standing_shares(sc.s);
  EXPECT_EQ(shares[1], 0.0f);
  EXPECT_EQ(shares[2], 1.0f);
}

}  // namespace
}  // namespace pamir::testing
