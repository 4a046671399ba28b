// Pax Expanse's Eliminate, Combat, loyalty changes and hidden information, scenario by
// scenario (seed "Eliminate", "Combat", "Political Climate", "Agents on Discarded Assets",
// "Loyalty and Reputation", "Starting Loyalty"; docs/rules-notes.md, "Pax Expanse").

#include <gtest/gtest.h>

#include <cstring>

#include "core/hash.h"
#include "core/world.h"
#include "expanse.h"
#include "tests/expanse/expanse_scenario.h"

namespace pamir::testing {
namespace {

constexpr u8 kWar = Suit::kMilitary;  // the climate's space is its favoured suit

// Player 0 eliminates card 13 (Belt, reward Mars) in player 1's Network, [5, 13, 9]; player 2
// also has an agent on it, and player 1 a supporter in the Belt.
Scenario elimination(u8 climate_suit) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.s.favored_suit = climate_suit;
  sc.to_court(0, 16);  // Belt, war: extort, eliminate
  sc.to_court(1, 5);
  sc.to_court(1, 13);
  sc.to_court(1, 9);
  sc.to_court(2, 40);
  sc.spy(0, 13);
  sc.spy(2, 13);
  sc.tribe(1, Region::kBelt, 2);
  sc.set_rupees(0, 4);
  return sc;
}

// Seed "Eliminate": it always costs 2; one of the eliminator's agents goes home, the other
// agents move to adjacent assets, one supporter of the owner in the asset's region may be
// removed, and then the reward may be taken.
TEST(ExpanseEliminate, CostsTwoMovesTheOtherAgentsAndMayRemoveASupporter) {
  Scenario sc = elimination(kWar);
  sc.act("eliminate 16");
  sc.act("eliminate card 13");
  EXPECT_EQ(sc.s.rupees[0], 2);
  EXPECT_EQ(sc.s.card_loc[13], Loc::kDiscard);
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders);  // player 0's agent went home
  ASSERT_EQ(sc.s.top().kind, TaskKind::kRelocateAgent);
  EXPECT_EQ(sc.s.top().player, 2);
  EXPECT_TRUE(sc.can("agent on 5"));
  EXPECT_TRUE(sc.can("agent on 9"));
  EXPECT_FALSE(sc.can("agent on 40"));
  sc.act("agent on 9");
  EXPECT_EQ(spies_of(sc.s, 2, 9), 1);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kEliminateSupporter);
  sc.act("remove supporter of player 1");
  EXPECT_EQ(sc.s.tribes[Region::kBelt][1], 1);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kPrize);
  sc.act("take reward");
  EXPECT_EQ(sc.s.loyalty[0], Coalition::kMars);
}

// Seed "Political Climate", Peace: no supporter is lost when an asset is eliminated.
TEST(ExpanseEliminate, AtPeaceNoSupporterIsRemoved) {
  Scenario sc = elimination(Suit::kPolitical);
  sc.act("eliminate 16");
  sc.act("eliminate card 13");
  sc.act("done");  // player 2's agent stays home
  EXPECT_EQ(sc.s.top().kind, TaskKind::kPrize);
  EXPECT_EQ(sc.s.tribes[Region::kBelt][1], 2);
}

// Seed "Agents on Discarded Assets": also when an asset leaves play by cleanup, its agents
// may move to an adjacent asset, at Cold War to any asset of its region.
TEST(ExpanseAgents, AgentsOnAnAssetDiscardedInCleanupMayMoveOn) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.s.favored_suit = Suit::kIntelligence;           // Cold War
  for (int c : {28, 30, 31, 34}) sc.to_court(0, c);  // four Outer Planets assets, limit three
  sc.to_court(1, 35);                                // Outer Planets
  sc.to_court(2, 39);                                // Jupiter System
  sc.spy(2, 28);
  sc.act("done");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardCourt);
  sc.act("discard 28");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kRelocateAgent);
  EXPECT_TRUE(sc.can("agent on 30"));  // its right neighbour
  EXPECT_TRUE(sc.can("agent on 39"));  // its left neighbour, round the ring
  EXPECT_TRUE(sc.can("agent on 35"));  // an Outer Planets asset, adjacent at Cold War
  sc.act("agent on 35");
  EXPECT_EQ(spies_of(sc.s, 2, 35), 1);
}

// Seed "Combat": each supporter killed lets the attacker exhaust an asset of its owner in
// that region (destabilisation), after the Combat, except at Peace.
TEST(ExpanseCombat, KillingASupporterDestabilisesOneOfItsOwnersAssetsThere) {
  for (const u8 climate : {kWar, u8(Suit::kPolitical)}) {
    Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
    sc.s.favored_suit = climate;
    sc.to_court(0, 38);  // Outer Planets, war, rank 2, combat
    sc.to_court(1, 26);  // Outer Planets
    sc.army(Coalition::kEarth, Region::kOuterPlanets, 2);
    sc.tribe(1, Region::kOuterPlanets, 1);
    sc.act("combat 38");
    sc.act("combat in outer_planets");
    sc.act("remove supporter of player 1");
    EXPECT_EQ(sc.s.top().kind, TaskKind::kBattle);  // the Combat first
    sc.act("damage rocinante");
    if (climate == Suit::kPolitical) {
      EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
      continue;
    }
    ASSERT_EQ(sc.s.top().kind, TaskKind::kDestabilise);
    EXPECT_TRUE(sc.can("exhaust 26"));
    sc.act("exhaust 26");
    EXPECT_TRUE(bit_test(sc.s.used_cards, 26));
  }
}

// A Combat removes up to the rank: the attacker may stop after the first unit
// (docs/rules-notes.md, "Combat removes up to the asset's rank", as Pax Pamir's Battle).
TEST(ExpanseCombat, TheAttackerMayStopBeforeTheRankIsSpent) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.s.favored_suit = u8(Suit::kPolitical);
  Rules::damage_neutral(sc.s);  // not a target here
  sc.to_court(0, 38);           // rank 2
  sc.army(Coalition::kEarth, Region::kBelt, 2);
  sc.army(Coalition::kMars, Region::kBelt, 2);
  sc.act("combat 38");
  sc.act("combat in belt");
  sc.act("remove fleet mars");
  ASSERT_EQ(sc.s.armies[Region::kBelt][Coalition::kMars], 1);
  EXPECT_TRUE(sc.can("remove fleet mars"));
  sc.act("done");
  EXPECT_EQ(sc.s.armies[Region::kBelt][Coalition::kMars], 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Seed "Political Climate", War: a Combat may be split among sites; the cap (the attacker's
// own fleets or agents) holds at each. Sites go in site order (docs/rules-notes.md).
TEST(ExpanseCombat, AtWarTheRankIsSplitAmongSites) {
  for (const u8 climate : {kWar, u8(Suit::kPolitical)}) {
    Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
    sc.s.favored_suit = climate;
    Rules::damage_neutral(sc.s);  // not a target here
    sc.to_court(0, 38);           // rank 2
    sc.army(Coalition::kEarth, Region::kBelt, 1);
    sc.army(Coalition::kEarth, Region::kOuterPlanets, 1);
    sc.army(Coalition::kMars, Region::kBelt, 2);
    sc.army(Coalition::kMars, Region::kOuterPlanets, 1);
    sc.act("combat 38");
    sc.act("combat in belt");
    sc.act("remove fleet mars");  // the cap in the Belt: one Earth fleet
    if (climate == Suit::kPolitical) {
      EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
      EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kMars], 1);
      continue;
    }
    ASSERT_EQ(sc.s.top().kind, TaskKind::kBattleSite);
    EXPECT_TRUE(sc.can("done"));
    EXPECT_FALSE(sc.can("combat in belt"));  // fought already
    sc.act("combat in outer_planets");
    sc.act("remove fleet mars");
    EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kMars], 0);
    EXPECT_EQ(sc.s.armies[Region::kBelt][Coalition::kMars], 1);
    EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // the rank is spent
  }
}

// docs/rules-notes.md, "Economic stars and a loyalty change (decided)": a loyalty change
// keeps up to the player's economic stars of old loyalists and rewards, their choice;
// favours are always lost.
TEST(ExpanseLoyalty, EconomicStarsKeepOldLoyalistsAndRewards) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 19);  // Earth loyalist
  sc.to_court(0, 20);  // Earth loyalist
  sc.to_court(0, 28);  // economic, rank 1
  sc.to_prize(0, 38);  // an Earth reward
  sc.gift(0, 0);
  sc.to_hand(0, 25);  // a Belt loyalist, Outer Planets
  sc.act("play 25 right");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kShedOldLoyalty);
  EXPECT_EQ(sc.s.loyalty[0], Coalition::kBelt);
  EXPECT_EQ(gift_spaces_taken(sc.s, 0), 0);  // the favour is lost
  EXPECT_TRUE(sc.can("discard 38"));
  EXPECT_FALSE(sc.can("discard 28"));
  sc.act("discard 19");
  sc.act("discard 38");
  // One economic star: one old card stays.
  EXPECT_NE(sc.s.top().kind, TaskKind::kShedOldLoyalty);
  EXPECT_TRUE(sc.s.in_court(0, 20));
  EXPECT_EQ(sc.s.prizes[0], 0);
}

// Seed "Starting Loyalty": loyalty is chosen secretly. While the choices are made, a seat's
// information set does not depend on the others' choices, and sampled worlds vary them.
TEST(ExpanseLoyalty, ChoicesAreHiddenUntilAllAreMade) {
  const State start = new_game(3, 5);
  const int first = start.top().player;
  State chose_earth = start, chose_mars = start;
  apply(chose_earth, Act::loyalty(Coalition::kEarth));
  apply(chose_mars, Act::loyalty(Coalition::kMars));
  const int next = chose_earth.top().player;
  EXPECT_EQ(infoset_key(chose_earth, next), infoset_key(chose_mars, next));
  EXPECT_NE(infoset_key(chose_earth, first), infoset_key(chose_mars, first));
  u64 rng = 9;
  bool varied = false;
  for (int i = 0; i < 20; ++i)
    varied |= sample_world(chose_earth, next, rng).loyalty[first] != Coalition::kEarth;
  EXPECT_TRUE(varied);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(sample_world(chose_earth, first, rng).loyalty[first], Coalition::kEarth);
}

// Seed "Build the Draw Deck": each Dominance Check lies on top of its pile, a known place,
// so sampled worlds keep it there; they re-deal the rest of each pile and the Rocinante's
// AI deck below its face-up card.
TEST(ExpanseDeterminization, SampledWorldsKeepTheChecksOnTopOfTheirPiles) {
  const State s = new_game(4, 3);
  const PileLayout l = pile_layout(4);
  u64 rng = 1;
  bool deck_differs = false, ai_differs = false;
  for (int i = 0; i < 20; ++i) {
    const State w = sample_world(s, 0, rng);
    ASSERT_TRUE(deck_keeps_piles(w));
    for (int pile = 2; pile < 6; ++pile) EXPECT_EQ(w.deck[l.begin[pile]], kFirstDominanceCheck + pile - 2);
    EXPECT_EQ(rocinante_card(w), rocinante_card(s));
    deck_differs |= std::memcmp(w.deck, s.deck, sizeof s.deck) != 0;
    ai_differs |= std::memcmp(w.rocinante_deck, s.rocinante_deck, sizeof s.rocinante_deck) != 0;
  }
  EXPECT_TRUE(deck_differs);
  EXPECT_TRUE(ai_differs);
}

}  // namespace
}  // namespace pamir::testing
