// Scenario tests for Dominance Checks (guide "End of Game and Scoring"; rules notes 9; the
// worked example of the French rules, /work/shared/seeds/pax-pamir-rules.fr.txt
// "Exemple de calcul").

#include "core/dominance.h"
#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

constexpr int kPlainPrizeCards[] = {61, 63, 67, 9, 13, 8};  // court cards used as prizes

// The current player buys Dominance Check `card` from the leftmost market column (cost 0),
// which resolves it at once.
// Makes `card` the last Dominance Check: the other three were resolved earlier.
void make_final(Scenario& sc, int card) {
  for (int c = kFirstDominanceCheck; c < kFirstDominanceCheck + kNumDominanceChecks; ++c)
    if (c != card) sc.detach(c);
  sc.s.dominance_checks_resolved = 3;
}

// Gives p influence 1 + n through prizes (prize cards taken from kPlainPrizeCards from `from`).
void give_prizes(Scenario& sc, int p, int n, int from) {
  for (int i = 0; i < n; ++i) sc.to_prize(p, kPlainPrizeCards[from + i]);
}

// Guide "Dominance Checks": "at least four more blocks than any other single coalition".
TEST(Dominance, FourMoreBlocksThanEachOtherCoalitionIsSuccessful) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kBritish, Region::kKabul, 4);
  sc.road(Coalition::kBritish, border_between(Region::kKabul, Region::kPunjab), 2);
  sc.army(Coalition::kRussian, Region::kHerat, 2);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kBritish);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0], 5);  // the only British player: first place
  EXPECT_EQ(sc.s.vp[1], 0);  // not loyal to the dominant coalition
}

TEST(Dominance, ALeadOfThreeIsNotEnough) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kBritish, Region::kKabul, 5);
  sc.army(Coalition::kRussian, Region::kHerat, 2);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kNone);
  sc.tribe(1, Region::kHerat);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0], 1);  // unsuccessful: ranked by cylinders in play
  EXPECT_EQ(sc.s.vp[1], 3);
}

// "not combined": the lead must hold against each other coalition separately, but the
// other two are not added together.
TEST(Dominance, TheLeadIsMeasuredAgainstEachOtherCoalitionSeparately) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kBritish, Region::kKabul, 6);
  sc.army(Coalition::kRussian, Region::kHerat, 2);
  sc.army(Coalition::kAfghan, Region::kPunjab, 2);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kBritish);  // 6 >= 2+4 twice, though 6 < 2+2+4
  sc.army(Coalition::kAfghan, Region::kPunjab, 1);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kNone);  // 6 < 3+4
  EXPECT_EQ(dominant_coalition(Scenario({Coalition::kBritish, Coalition::kRussian}).s),
            Coalition::kNone);  // an empty map is never dominated
}

// Guide "Successful Check": loyal players by influence, 5 / 3 / 1.
TEST(Dominance, SuccessfulCheckScoresLoyalPlayersByInfluenceFiveThreeOne) {
  Scenario sc({Coalition::kRussian, Coalition::kRussian, Coalition::kBritish, Coalition::kRussian});
  give_prizes(sc, 0, 1, 0);  // influence 2
  give_prizes(sc, 2, 3, 1);  // influence 4, but British
  sc.gift(3, 0);
  sc.gift(3, 1);  // influence 3
  sc.army(Coalition::kRussian, Region::kPersia, 4);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[3], 5);
  EXPECT_EQ(sc.s.vp[0], 3);
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_EQ(sc.s.vp[2], 0);
}

// Rules notes 9: "2 players tied for first in a successful check get (5+3)/2 = 4 each, and
// the next player takes the third-place 1."
TEST(Dominance, TiedPlayersShareTheSumOfTheirPlaces) {
  Scenario sc({Coalition::kAfghan, Coalition::kAfghan, Coalition::kAfghan});
  give_prizes(sc, 0, 1, 0);
  give_prizes(sc, 1, 1, 1);
  sc.army(Coalition::kAfghan, Region::kKabul, 4);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0], 4);
  EXPECT_EQ(sc.s.vp[1], 4);
  EXPECT_EQ(sc.s.vp[2], 1);
}

// Guide: "divide by the number of tied players (rounding down)": three tied for first
// share 5+3+1 = 9, three each; two tied for second in a successful check share 3+1 = 4.
TEST(Dominance, TiesRoundDown) {
  {
    Scenario sc({Coalition::kAfghan, Coalition::kAfghan, Coalition::kAfghan});
    sc.army(Coalition::kAfghan, Region::kKabul, 4);
    buy_check(sc, 101);
    for (int p = 0; p < 3; ++p) EXPECT_EQ(sc.s.vp[p], 3);
  }
  {
    // Unsuccessful, four players: one first (3), three tied for second share 1+0+0 = 1,
    // a third each, rounded down to 0.
    Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian, Coalition::kAfghan});
    sc.tribe(2, Region::kHerat, 2);
    sc.tribe(0, Region::kKabul);
    sc.tribe(1, Region::kPunjab);
    sc.tribe(3, Region::kPersia);
    buy_check(sc, 101);
    EXPECT_EQ(sc.s.vp[2], 3);
    EXPECT_EQ(sc.s.vp[0] + sc.s.vp[1] + sc.s.vp[3], 0);
  }
}

// Guide "Unsuccessful Check": every player, loyal to anything, ranked by cylinders in play
// (tribes, spies and gifts: everything off the player board), 3 / 1.
TEST(Dominance, UnsuccessfulCheckScoresAllPlayersByCylindersInPlay) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.to_court(0, 61);
  sc.tribe(1, Region::kHerat);
  sc.spy(1, 61);
  sc.gift(1, 0);  // player 1: 3 cylinders in play
  sc.tribe(2, Region::kKabul);
  sc.gift(2, 2);  // player 2: 2
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[1], 3);
  EXPECT_EQ(sc.s.vp[2], 1);
  EXPECT_EQ(sc.s.vp[0], 0);
}

// Rules notes 9: "zero included": with nothing in play everybody ties for first.
TEST(Dominance, PlayersWithNoCylindersInPlayStillTie) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0], 2);  // (3+1)/2
  EXPECT_EQ(sc.s.vp[1], 2);
}

// Guide "Successful Check": "After scoring, all coalition blocks are removed from the
// board" (armies and roads of every coalition).
TEST(Dominance, AllBlocksAreRemovedAfterASuccessfulCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kBritish, Region::kKabul, 5);
  sc.road(Coalition::kBritish, border_between(Region::kKabul, Region::kKandahar), 1);
  sc.army(Coalition::kRussian, Region::kHerat, 1);
  sc.road(Coalition::kAfghan, border_between(Region::kHerat, Region::kPersia), 1);
  sc.tribe(0, Region::kKabul);
  buy_check(sc, 101);
  for (int k = 0; k < Coalition::kCount; ++k) EXPECT_EQ(sc.s.blocks_in_supply[k], kBlocksPerCoalition);
  EXPECT_EQ(sc.s.tribes[Region::kKabul][0], 1);  // cylinders stay
}

TEST(Dominance, BlocksStayAfterAnUnsuccessfulCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kBritish, Region::kKabul, 3);
  sc.road(Coalition::kRussian, border_between(Region::kHerat, Region::kPersia), 1);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.armies[Region::kKabul][Coalition::kBritish], 3);
  EXPECT_EQ(sc.s.roads[border_between(Region::kHerat, Region::kPersia)][Coalition::kRussian], 1);
}

// A successful check with nobody loyal to the dominant coalition scores nothing, and the
// blocks still go.
TEST(Dominance, SuccessWithNobodyLoyalScoresNothing) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.army(Coalition::kAfghan, Region::kKabul, 4);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0] + sc.s.vp[1], 0);
  EXPECT_EQ(sc.s.blocks_in_supply[Coalition::kAfghan], kBlocksPerCoalition);
}

// Guide "Final Dominance Check": "Any points earned ... are doubled! This doubling happens
// before any points are split due to ties." Successful: 10 / 6 / 2.
TEST(Dominance, FinalCheckDoublesTheSuccessfulScores) {
  Scenario sc({Coalition::kRussian, Coalition::kRussian, Coalition::kRussian});
  give_prizes(sc, 0, 2, 0);
  give_prizes(sc, 1, 1, 2);
  sc.army(Coalition::kRussian, Region::kPersia, 4);
  make_final(sc, 104);
  buy_check(sc, 104);
  EXPECT_EQ(sc.s.vp[0], 10);
  EXPECT_EQ(sc.s.vp[1], 6);
  EXPECT_EQ(sc.s.vp[2], 2);
  EXPECT_TRUE(sc.s.game_over());
}

// Two players tied for second in a final unsuccessful check: (1x2 + 0x2) / 2 = 1 each;
// splitting first and doubling after would give (1+0)/2 x 2 = 0.
TEST(Dominance, FinalCheckDoublesBeforeSplittingTies) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.tribe(0, Region::kKabul, 2);
  sc.tribe(1, Region::kHerat);
  sc.tribe(2, Region::kPunjab);
  make_final(sc, 102);
  buy_check(sc, 102);
  EXPECT_EQ(sc.s.vp[0], 6);
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_EQ(sc.s.vp[2], 1);
}

// Guide "Objective": "If, after any Dominance Check, one player has at least four more
// victory points than all other players, that player immediately wins!"
TEST(Dominance, AFourPointLeadAfterACheckEndsTheGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.s.vp[0] = 2;
  sc.tribe(0, Region::kKabul);
  buy_check(sc, 101);  // 2+3 = 5 against 1
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(to_move(sc.s), kNoPlayer);
  const auto r = returns(sc.s);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], 0.0f);
}

// French rules, "Les pièges classiques": "Arrêter la partie à trois points d'avance : il en
// faut quatre sur chacun des autres."
TEST(Dominance, AThreePointLeadDoesNotEndTheGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.s.vp[0] = 1;
  sc.tribe(0, Region::kKabul);
  buy_check(sc, 101);  // 4 against 1
  EXPECT_FALSE(sc.s.game_over());
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// The lead must hold against every other player.
TEST(Dominance, TheLeadMustBeOverEveryOtherPlayer) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[0] = 4;
  sc.s.vp[2] = 4;
  sc.tribe(0, Region::kKabul, 2);
  sc.tribe(2, Region::kHerat);
  buy_check(sc, 101);  // 7, 0, 5: four ahead of player 1 but only two ahead of player 2
  EXPECT_EQ(sc.s.vp[0], 7);
  EXPECT_FALSE(sc.s.game_over());
}

// Guide "Objective": "the game always ends after the final Dominance Check is resolved",
// whatever the lead.
TEST(Dominance, TheGameEndsAfterTheFinalCheck) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  make_final(sc, 101);
  buy_check(sc, 101);
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[0], 4);  // (6+2)/2 each: a tie
  EXPECT_EQ(sc.s.vp[1], 4);
  Action legal[kMaxLegalActions];
  EXPECT_EQ(legal_actions(sc.s, legal), 0);
}

// Guide "Buying Cards": events "are resolved immediately and never go into your hand";
// guide "Dominance Checks": "resolved when purchased".
TEST(Dominance, ABoughtCheckIsResolvedAtOnceAndNeverHeld) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.s.vp[1] = 2;  // keeps the game going after the check (no 4-point lead)
  sc.army(Coalition::kAfghan, Region::kKabul, 4);
  buy_check(sc, 103);
  EXPECT_EQ(sc.s.card_loc[103], Loc::kDiscard);
  EXPECT_EQ(hand_size(sc.s, 0), 0);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
  EXPECT_EQ(sc.s.vp[0], 5);
  EXPECT_EQ(sc.s.actions_used, 1);  // buying it is a purchase action
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(to_move(sc.s), 0);
}

// Guide "Dominance Checks": "resolved when purchased or when automatically discarded during
// cleanup" (from the leftmost column, either row).
TEST(Dominance, ACheckInTheLeftmostColumnIsResolvedInCleanup) {
  for (int row = 0; row < kMarketRows; ++row) {
    Scenario sc({Coalition::kAfghan, Coalition::kBritish});
    sc.s.vp[0] = 2;  // keeps the game going after the check (no 4-point lead)
    sc.army(Coalition::kBritish, Region::kPunjab, 4);
    sc.to_market(row, 0, 102, 1);
    sc.act("done");
    EXPECT_EQ(sc.s.card_loc[102], Loc::kDiscard);
    EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
    EXPECT_EQ(sc.s.vp[1], 5);
    EXPECT_FALSE(sc.s.game_over());
    EXPECT_EQ(sc.s.blocks_in_supply[Coalition::kBritish], kBlocksPerCoalition);
    EXPECT_EQ(sc.s.current, 1);
    // Its rupee stayed on the space and joined the card that slid there.
    EXPECT_EQ(sc.s.market_rupees[row][0], 1);
  }
}

// Each Dominance Check in the leftmost column is resolved on its own: two in one cleanup
// score twice.
TEST(Dominance, TwoChecksInTheLeftmostColumnAreResolvedOneAfterTheOther) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_market(0, 0, 101);
  sc.to_market(1, 0, 102);
  sc.tribe(0, Region::kKabul);
  sc.tribe(1, Region::kHerat, 2);
  sc.s.vp[0] = 1;  // keeps the game going (no 4-point lead)
  sc.act("done");
  EXPECT_EQ(sc.s.dominance_checks_resolved, 2);
  EXPECT_EQ(sc.s.vp[1], 6);  // 3 + 3
  EXPECT_EQ(sc.s.vp[0], 3);  // 1 + 1 + 1
  EXPECT_FALSE(sc.s.game_over());
}

// Prince Akbar Khan's Insurrection (special_abilities.md): "After each Dominance Check is
// resolved, the owner places two Afghan armies in Kabul" - after the blocks were removed.
TEST(Dominance, InsurrectionPlacesTwoAfghanArmiesAfterTheCheck) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_court(0, 3);
  sc.s.vp[1] = 2;  // keeps the game going after the check (no 4-point lead)
  sc.army(Coalition::kAfghan, Region::kKabul, 4);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.armies[Region::kKabul][Coalition::kAfghan], 2);
  EXPECT_EQ(sc.s.blocks_in_supply[Coalition::kAfghan], kBlocksPerCoalition - 2);
}

// The French rules' worked example ("Exemple de calcul"), step by step: three players
// after two checks, Léa 6, Tom 5, Hugo 7. The third check succeeds for the Russians: Léa,
// the most influential, scores 5 and Tom 3; Léa 11, Tom 8, Hugo 7 is a lead of only three,
// so play goes on. The fourth fails: Hugo has the most cylinders in play and scores
// 3 x 2 = 6; Léa and Tom, tied second, score 1 x 2 / 2 = 1 each. Hugo wins with 13 points,
// ahead of Léa 12 and Tom 9.
TEST(Dominance, FrenchRulesWorkedExample) {
  constexpr int lea = 0, tom = 1, hugo = 2;
  Scenario sc({Coalition::kRussian, Coalition::kRussian, Coalition::kBritish});
  sc.detach(101);
  sc.detach(102);
  sc.s.dominance_checks_resolved = 2;
  sc.s.vp[lea] = 6;
  sc.s.vp[tom] = 5;
  sc.s.vp[hugo] = 7;
  sc.gift(lea, 0);  // Léa's influence 2 against Tom's 1; one cylinder in play each
  sc.tribe(tom, Region::kHerat);
  sc.tribe(hugo, Region::kPunjab, 2);
  sc.army(Coalition::kRussian, Region::kPersia, 4);

  buy_check(sc, 103);  // third check: Russian success
  EXPECT_EQ(sc.s.vp[lea], 11);
  EXPECT_EQ(sc.s.vp[tom], 8);
  EXPECT_EQ(sc.s.vp[hugo], 7);
  EXPECT_FALSE(sc.s.game_over());
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kNone);  // blocks gone

  buy_check(sc, 104);  // fourth and final check: unsuccessful
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[hugo], 13);
  EXPECT_EQ(sc.s.vp[lea], 12);
  EXPECT_EQ(sc.s.vp[tom], 9);
  const auto rank = final_ranks(sc.s);
  EXPECT_EQ(rank[hugo], 0);
  EXPECT_EQ(rank[lea], 1);
  EXPECT_EQ(rank[tom], 2);
  EXPECT_EQ(returns(sc.s)[hugo], 1.0f);
}

}  // namespace
}  // namespace pamir::testing
