// Pax Expanse's rules where they differ from Pax Pamir's, scenario by scenario (seed:
// /work/shared/seeds/pax-expanse-rulebook.en.txt; docs/expanse.md), and seeded random 3- and
// 4-player games with every invariant at every step. This program is built against the
// Pax Expanse rules (pamir_core_expanse).

#include <gtest/gtest.h>

#include "core/dominance.h"
#include "core/market.h"
#include "core/world.h"
#include "expanse.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

static_assert(std::string_view(kGameKey) == "expanse", "this program tests the Pax Expanse rules");

// Places a played card's transports and agents where the first legal choice puts them.
void place_pieces(Scenario& sc) {
  Action legal[kMaxLegalActions];
  while (sc.s.top().kind == TaskKind::kPlaceRoad || sc.s.top().kind == TaskKind::kPlaceSpy) {
    ASSERT_GT(legal_actions(sc.s, legal), 0);
    apply(sc.s, legal[0]);
  }
}

// Seed "Build the Draw Deck": piles of 12, 9, 9, 9, 9 and 12 assets, the events in piles 3-6
// (docs/rules-notes.md), Dominance Check n on top of pile n + 2.
TEST(ExpanseSetup, TheDeckIsSixPilesWithEachDominanceCheckOnTop) {
  for (u64 seed = 1; seed <= 20; ++seed) {
    const State s = new_game(3, seed);
    ASSERT_EQ(s.deck_size, 76);
    const PileLayout l = pile_layout(3);
    ASSERT_TRUE(deck_keeps_piles(s));
    for (int pile = 2; pile < 6; ++pile) EXPECT_EQ(s.deck[l.begin[pile]], kFirstDominanceCheck + pile - 2);
    int assets = 0;
    for (int c = 1; c <= kNumCourtCards; ++c) assets += s.card_loc[c] != Loc::kUnused;
    EXPECT_EQ(assets, 60);
    // The first market is pile 1: twelve assets.
    for (int row = 0; row < kMarketRows; ++row)
      for (int col = 0; col < kMarketCols; ++col) EXPECT_TRUE(is_court_card(s.market[row][col]));
  }
}

// Seed "Setup": influence 2/3/4 (3 players) and 1/2/3/4 (4 players) in turn order from the
// first player; the Rocinante in the Outer Planets, the objective token in the Belt, the
// climate at Peace.
TEST(ExpanseSetup, InfluenceFollowsTurnOrderFromTheFirstPlayer) {
  for (int n = 3; n <= 4; ++n)
    for (u64 seed = 1; seed <= 12; ++seed) {
      const State s = new_game(n, seed);
      const int first = s.first_chooser;
      int total = 0;
      for (int i = 0; i < n; ++i) {
        EXPECT_EQ(s.rupees[seat_at(s, first, i)], (n == 3 ? 2 : 1) + i);
        total += s.rupees[seat_at(s, first, i)];
      }
      EXPECT_EQ(s.bank, kTotalRupees - total);
      EXPECT_EQ(rocinante_region(s), Region::kOuterPlanets);
      EXPECT_EQ(objective_region(s), Region::kBelt);
      EXPECT_STREQ(climate_name(climate(s)), "peace");
      EXPECT_EQ(s.top().player, first);  // the first player names a loyalty first
    }
}

// Seed "Starting Loyalty": every player chooses, then "play begins with the player to the
// left of the Rocinante reference cards", the first player.
TEST(ExpanseSetup, TheFirstPlayerStartsAfterEveryoneChoseLoyalty) {
  State s = new_game(4, 7);
  const int first = s.first_chooser;
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(s.top().kind, TaskKind::kChooseLoyalty);
    apply(s, Act::loyalty(i % Coalition::kCount));
  }
  EXPECT_EQ(s.phase, Phase::kPlaying);
  EXPECT_EQ(s.current, first);
}

// Seed "Play": each climate icon moves the marker one space toward War or Prosperity, and
// the favoured suit follows the space ("Political Climate").
TEST(ExpanseClimate, IconsMoveTheTrackOneSpaceAndStopAtItsEnds) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  // Card 2 (Joe Miller): agent, agent, fleet, climate toward War.
  sc.to_hand(0, 2);
  sc.act("play 2 left");
  place_pieces(sc);
  EXPECT_STREQ(climate_name(climate(sc.s)), "cold_war");
  EXPECT_EQ(sc.s.favored_suit, Suit::kIntelligence);
  move_climate(sc.s, +1);
  EXPECT_STREQ(climate_name(climate(sc.s)), "war");
  move_climate(sc.s, +1);  // already at the end
  EXPECT_STREQ(climate_name(climate(sc.s)), "war");
  EXPECT_EQ(sc.s.favored_suit, Suit::kMilitary);
  for (int i = 0; i < 5; ++i) move_climate(sc.s, -1);
  EXPECT_STREQ(climate_name(climate(sc.s)), "prosperity");
  EXPECT_EQ(sc.s.favored_suit, Suit::kEconomic);
}

// Seed "Political Climate", Prosperity: no bribe to a region's controller when playing.
TEST(ExpanseClimate, AtProsperityNobodyPaysTheControllerToPlay) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.tribe(1, Region::kBelt, 2);  // player 1 controls the Belt
  ASSERT_EQ(ruler(sc.s, Region::kBelt), 1);
  sc.to_hand(0, 5);  // a Belt asset
  State peace = sc.s;
  apply(peace, parse_action(peace, "play 5 left"));
  EXPECT_EQ(peace.top().kind, TaskKind::kBribeDemand);
  sc.s.favored_suit = Suit::kEconomic;  // Prosperity
  sc.act("play 5 left");
  EXPECT_TRUE(sc.s.in_court(0, 5));
}

// Seed "Play": the influence icon takes two influence from the bank; unlike Pax Pamir's
// leverage, nothing is owed when the card leaves the Network.
TEST(ExpanseInfluence, TheInfluenceIconLeavesNoDebt) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.set_rupees(0, 0);
  sc.to_hand(0, 14);  // Ceres Moneylenders: transport, transport, influence
  sc.act("play 14 left");
  place_pieces(sc);
  EXPECT_EQ(sc.s.rupees[0], 2);
  discard_court_card(sc.s, 14);
  for (int i = 0; i < sc.s.num_tasks; ++i) EXPECT_NE(sc.s.tasks[i].kind, TaskKind::kLeverageDebt);
}

// Seed "Controlling a Region": a faction controls a region by fleets there plus transports
// on its borders, the highest total; a tie controls nothing. The seed's example: 1 OPA fleet
// and 2 OPA transports against 2 MCR fleets; then a UN transport ties it.
TEST(ExpanseControl, FleetsAndBorderingTransportsGiveFactionControl) {
  Scenario sc({Coalition::kMars, Coalition::kEarth, Coalition::kBelt});
  const int r = Region::kBelt;
  sc.army(Coalition::kMars, r, 2);
  sc.army(Coalition::kEarth, r, 1);
  sc.army(Coalition::kBelt, r, 1);
  sc.road(Coalition::kBelt, border_between(r, Region::kMars), 1);
  sc.road(Coalition::kBelt, border_between(r, Region::kJupiterSystem), 1);
  EXPECT_EQ(faction_controller(sc.s, r), Coalition::kBelt);
  sc.army(Coalition::kEarth, r, 1);
  sc.road(Coalition::kEarth, border_between(r, Region::kOuterPlanets), 1);
  EXPECT_EQ(faction_controller(sc.s, r), Coalition::kNone);
  // A transport counts for both regions it borders.
  EXPECT_EQ(faction_controller(sc.s, Region::kOuterPlanets), Coalition::kEarth);
}

// The current player buys Dominance Check `card` from the leftmost column (cost 0).
void buy_check(Scenario& sc, int card) {
  sc.to_market(0, 0, card);
  sc.act("purchase 0 0");
}

// Seed "Faction Scoring": the faction controlling more regions than each other scores its
// loyal players by reputation (1st/2nd/3rd from the card: 5/3/1 on check 101), ties broken
// by war stars. Then "Objective Token": the controller of the token's region scores the
// card's bonus (2) and the token moves where the card says (101: Mars).
TEST(ExpanseDominance, FactionScoringRanksLoyalPlayersByReputationThenWarStars) {
  Scenario sc({Coalition::kMars, Coalition::kMars, Coalition::kEarth, Coalition::kMars});
  sc.army(Coalition::kMars, Region::kMars, 1);
  sc.army(Coalition::kMars, Region::kEarth, 1);
  sc.army(Coalition::kEarth, Region::kBelt, 1);
  sc.to_court(1, 33);             // Alex Kamal: a war asset, rank 2 (no loyalist)
  sc.to_court(3, 4);              // a subterfuge asset: no war stars
  sc.tribe(2, Region::kBelt, 1);  // player 2 controls the Belt, where the objective is
  ASSERT_EQ(ruler(sc.s, Region::kBelt), 2);
  buy_check(sc, 101);
  // Players 0, 1, 3 are Mars and tied on reputation; player 1 has the war stars. Players 0
  // and 3 tie on everything and split 3 + 1.
  EXPECT_EQ(sc.s.vp[1], 5);
  EXPECT_EQ(sc.s.vp[0], 2);
  EXPECT_EQ(sc.s.vp[3], 2);
  EXPECT_EQ(sc.s.vp[2], 2);  // the objective's bonus only
  EXPECT_EQ(objective_region(sc.s), Region::kMars);
  // Unlike Pax Pamir, the fleets stay on the map.
  EXPECT_EQ(sc.s.armies[Region::kMars][Coalition::kMars], 1);
}

// Seed "Player Scoring": with no dominant faction, the players controlling the most and
// second-most regions score 1st and 2nd (3/1 on check 101).
TEST(ExpanseDominance, PlayerScoringRanksPlayersByRegionsControlled) {
  Scenario sc({Coalition::kMars, Coalition::kEarth, Coalition::kBelt});
  sc.tribe(0, Region::kMars, 1);
  sc.tribe(0, Region::kEarth, 1);
  sc.tribe(1, Region::kTychoStation, 1);
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[0], 3);
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_EQ(sc.s.vp[2], 0);  // controls nothing, not even the objective's Belt
}

// War Weariness (provisional event, the conflict_fatigue mechanic): factions tied for the most
// controlled regions are separated by their fleets and transports on the map.
TEST(ExpanseDominance, WarWearinessBreaksATieForMostRegionsByFactionTokens) {
  Scenario sc({Coalition::kMars, Coalition::kEarth, Coalition::kBelt});
  sc.army(Coalition::kMars, Region::kMars, 1);
  sc.army(Coalition::kEarth, Region::kEarth, 2);  // one region each; Earth has more tokens
  Scenario tied{sc};
  sc.s.global_effects |= GlobalEffect::kConflictFatigue;
  buy_check(sc, 101);
  EXPECT_EQ(sc.s.vp[1], 5);  // the only Earth player: faction scoring, 1st place
  EXPECT_EQ(sc.s.vp[0], 0);
  buy_check(tied, 101);  // without the event: a tie, player scoring, nobody controls
  EXPECT_EQ(tied.s.vp[0] + tied.s.vp[1] + tied.s.vp[2], 0);
}

// Seed "Instability": a second Dominance Check revealed while one is in the market scores
// the lower-numbered card, places the objective token as the higher-numbered card says, and
// both are discarded.
TEST(ExpanseDominance, InstabilityScoresTheLowerCardAndMovesTheTokenByTheHigher) {
  Scenario sc({Coalition::kMars, Coalition::kEarth, Coalition::kBelt});
  sc.tribe(0, Region::kMars, 1);
  sc.to_market(1, 5, 101);
  // The next card drawn is check 102.
  sc.detach(102);
  sc.s.deck[sc.s.deck_pos] = 102;
  sc.s.card_loc[102] = Loc::kDeck;
  sc.clear_market_space(0, 0);
  ASSERT_TRUE(refill_market(sc.s));
  EXPECT_EQ(sc.s.vp[0], 3);                           // 101's player scoring
  EXPECT_EQ(objective_region(sc.s), Region::kEarth);  // 102's destination
  EXPECT_EQ(sc.s.card_loc[101], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[102], Loc::kDiscard);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
}

// Seed "Game End and Victory": the game ends after the final check, and only then; no
// early end on a lead (Pax Pamir's four points).
TEST(ExpanseGameEnd, OnlyTheFinalCheckEndsTheGame) {
  Scenario sc({Coalition::kMars, Coalition::kEarth, Coalition::kBelt});
  sc.s.vp[0] = 20;
  buy_check(sc, 101);
  EXPECT_FALSE(sc.s.game_over());
  for (int c = 102; c <= 103; ++c) sc.detach(c);
  buy_check(sc, 104);
  EXPECT_TRUE(sc.s.game_over());
}

// Seed "Extort": influence from other players with supporters in the extorting asset's
// region, or from market assets of that region; the rank (2 for Ceres Docks, card 8, a Belt
// asset) is the most taken. A Network card in the region is not enough (Pax Pamir's tax),
// and there is no tax shelter.
TEST(ExpanseActions, ExtortTakesFromSupportersAndMarketAssetsOfTheAssetsRegion) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 8);
  sc.tribe(1, Region::kBelt, 1);
  sc.set_rupees(1, 1);
  sc.to_court(2, 5);  // a Belt asset, but no supporter there
  sc.set_rupees(2, 5);
  sc.to_market(0, 3, 9, 2);   // card 9: a Belt asset with 2 influence on it
  sc.to_market(1, 3, 60, 1);  // card 60: not a Belt asset
  ASSERT_EQ(court_card(9).region, Region::kBelt);
  ASSERT_NE(court_card(60).region, Region::kBelt);
  sc.act("extort 8");
  EXPECT_TRUE(sc.can("extort market 0 3"));
  EXPECT_FALSE(sc.can("extort market 1 3"));
  EXPECT_TRUE(sc.can("extort player 1"));
  EXPECT_FALSE(sc.can("extort player 2"));
  const int before = sc.s.rupees[0];
  sc.act("extort player 1");
  sc.act("extort market 0 3");
  EXPECT_EQ(sc.s.rupees[0], before + 2);
  EXPECT_EQ(sc.s.rupees[1], 0);
  EXPECT_FALSE(sc.s.top().kind == TaskKind::kTax);  // the rank is spent
}

// Seed "Rally": fleets and transports in the rallying asset's region, or in any region the
// player controls, 2 influence each.
TEST(ExpanseActions, RallyBuildsInTheAssetsRegionWithoutControllingIt) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 5);  // Ceres Governing Council: a Belt asset with Rally
  sc.set_rupees(0, 4);
  ASSERT_EQ(ruler(sc.s, Region::kBelt), kNoPlayer);
  sc.act("rally 5");
  EXPECT_TRUE(sc.can("rally fleet belt"));
  EXPECT_FALSE(sc.can("rally fleet mars"));
  sc.act("rally fleet belt");
  sc.act("done");
  EXPECT_EQ(sc.s.armies[Region::kBelt][Coalition::kEarth], 1);
  EXPECT_EQ(sc.s.rupees[0], 2);
}

// Seed "Exhausting an Asset", as read in docs/rules-notes.md: each Network is refreshed at
// the end of its owner's turn, so an asset of another player exhausted during a turn
// (destabilisation) stays exhausted through its owner's next turn.
TEST(ExpanseActions, ANetworkIsRefreshedAtTheEndOfItsOwnersTurn) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 8);
  sc.to_court(1, 5);
  sc.tribe(1, Region::kBelt, 1);
  sc.set_rupees(1, 2);
  sc.act("extort 8");
  sc.act("extort player 1");
  bit_set(sc.s.used_cards, 5);  // as destabilisation would
  if (sc.s.top().kind == TaskKind::kTax) sc.act("done");
  for (int step = 0; step < 100 && sc.s.current == 0 && !sc.s.game_over(); ++step) {
    Action legal[kMaxLegalActions];
    ASSERT_GT(legal_actions(sc.s, legal), 0);
    apply(sc.s, sc.can("done") ? parse_action(sc.s, "done") : legal[0]);
  }
  EXPECT_FALSE(bit_test(sc.s.used_cards, 8));  // player 0's turn ended: refreshed
  EXPECT_TRUE(bit_test(sc.s.used_cards, 5));   // player 1's asset stays exhausted...
  EXPECT_FALSE(sc.offers("rally 5"));          // ...through player 1's turn
}

// Seed "Mobilise": a loyal fleet moves to an adjacent region with no transport needed, and
// each fleet only once per action; the rank (3 for card 32) is the number of moves.
TEST(ExpanseActions, MobiliseMovesEachFleetOnceAndNeedsNoTransport) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 32);
  sc.army(Coalition::kEarth, Region::kBelt, 2);
  sc.act("mobilise 32");
  sc.act("move fleet belt");
  EXPECT_TRUE(sc.can("move to mars"));  // no transport on the Belt-Mars border
  sc.act("move to mars");
  EXPECT_EQ(sc.s.armies[Region::kMars][Coalition::kEarth], 1);
  EXPECT_FALSE(sc.can("move fleet mars"));  // it moved already in this action
  sc.act("move fleet belt");                // the other fleet may
  sc.act("move to mars");
  // Both fleets have moved: the action ends with a move left.
  EXPECT_NE(sc.s.top().kind, TaskKind::kMoveFrom);
  EXPECT_EQ(sc.s.armies[Region::kMars][Coalition::kEarth], 2);
}

// Seed "Mobilise": a supporter moves to an adjacent region across a loyal transport on
// their border, each transport once per action; a supporter may cross several transports.
TEST(ExpanseActions, MobiliseMovesSupportersAcrossLoyalTransportsEachOnce) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 32);
  sc.tribe(0, Region::kBelt, 2);
  sc.road(Coalition::kEarth, border_between(Region::kBelt, Region::kMars), 1);
  sc.road(Coalition::kMars, border_between(Region::kBelt, Region::kJupiterSystem), 1);  // not loyal
  sc.road(Coalition::kEarth, border_between(Region::kMars, Region::kEarth), 1);
  sc.act("mobilise 32");
  sc.act("move supporter belt");
  EXPECT_TRUE(sc.can("move to mars"));
  EXPECT_FALSE(sc.can("move to jupiter_system"));
  sc.act("move to mars");
  // The Belt-Mars transport is spent: the second supporter cannot follow, but the first
  // goes on across Mars-Earth.
  EXPECT_FALSE(sc.can("move supporter belt"));
  sc.act("move supporter mars");
  sc.act("move to earth");
  EXPECT_EQ(sc.s.tribes[Region::kEarth][0], 1);
  EXPECT_EQ(sc.s.tribes[Region::kBelt][0], 1);
}

// Seed "Mobilise": each transport carries a supporter once per action, so two loyal
// transports on one border let two supporters cross it (found outside the project: the
// transports were once marked used per border, and the second supporter could not follow).
TEST(ExpanseActions, MobiliseLetsASupporterCrossPerLoyalTransport) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 32);  // rank 3: three moves
  sc.tribe(0, Region::kEarth, 3);
  sc.road(Coalition::kEarth, border_between(Region::kEarth, Region::kMars), 2);
  sc.act("mobilise 32");
  sc.act("move supporter earth");
  sc.act("move to mars");
  EXPECT_TRUE(sc.can("move supporter earth"));  // the second transport is unused
  sc.act("move supporter earth");
  sc.act("move to mars");
  EXPECT_EQ(sc.s.tribes[Region::kMars][0], 2);
  // Both transports are spent: the third supporter stays, though a move is left.
  EXPECT_FALSE(sc.can("move supporter earth"));
  EXPECT_FALSE(sc.can("move supporter mars"));
  EXPECT_EQ(sc.s.tribes[Region::kEarth][0], 1);
}

// Seed "Mobilise": "each fleet may only be moved once per Mobilise action", not once ever: a
// fleet that arrived in one Mobilise moves in the next (found by the action oracle: the marks
// of an action outlived it, and a later Mobilise with only that fleet was not offered).
TEST(ExpanseActions, AFleetMovedInOneMobiliseMovesInTheNext) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 32);
  sc.to_court(0, 50);
  sc.army(Coalition::kEarth, Region::kBelt, 1);
  sc.act("mobilise 32");
  sc.act("move fleet belt");
  sc.act("move to mars");
  EXPECT_NE(sc.s.top().kind, TaskKind::kMoveFrom);  // its only fleet has moved: the action ends
  EXPECT_TRUE(sc.can("mobilise 50"));
  sc.act("mobilise 50");
  EXPECT_TRUE(sc.can("move fleet mars"));
}

// Seed "Purchasing Cards": a card costs one influence per card to its left, whatever the
// climate (Pax Pamir's doubled price when military is favoured is not Pax Expanse's rule).
// At War with 3 influence every card of columns 0 to 3 is offered, and none beyond (found
// outside the project: the move generator once halved what a player could afford at War).
TEST(ExpanseMarket, AtWarPricesAreNotDoubled) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  while (climate_name(climate(sc.s)) != std::string("war")) move_climate(sc.s, +1);
  sc.set_rupees(0, 3);
  int offered = 0;
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) {
      if (!is_court_card(sc.s.market[row][col])) continue;
      const std::string purchase = "purchase " + std::to_string(row) + " " + std::to_string(col);
      EXPECT_EQ(sc.can(purchase), col <= 3) << purchase;
      offered += col <= 3;
    }
  EXPECT_GT(offered, 4);
  sc.act("purchase 0 3");
  EXPECT_EQ(sc.s.rupees[0], 0);
}

// Seed "Political Climate", Cold War: assets in play that share a region are adjacent for
// agent movement, besides the ring of Networks.
TEST(ExpanseClimate, AtColdWarAssetsOfOneRegionAreAdjacentForAgents) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 32);  // mobilise, rank 3
  sc.to_court(1, 1);   // a Belt asset
  sc.to_court(1, 40);
  sc.to_court(2, 41);
  sc.to_court(2, 3);  // a Belt asset, not next to card 1 in the ring
  sc.spy(0, 1);
  ASSERT_EQ(court_card(3).region, court_card(1).region);
  State peace = sc.s;
  apply(peace, parse_action(peace, "mobilise 32"));
  apply(peace, parse_action(peace, "move agent 1"));
  EXPECT_LT(parse_action(peace, "move to card 3"), 0);
  sc.s.favored_suit = Suit::kIntelligence;  // Cold War
  sc.act("mobilise 32");
  sc.act("move agent 1");
  EXPECT_TRUE(sc.can("move to card 3"));
}

}  // namespace
}  // namespace pamir::testing
