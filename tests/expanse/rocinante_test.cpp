// Pax Expanse's Rocinante, scenario by scenario: its turn after every player's, its AI deck
// (data/expanse/rocinante_cards.tsv, rocinante_actions.tsv), being attacked, and being moved
// by a Favour (seed "The Rocinante", "Attacking the Rocinante", "Favour";
// docs/rules-notes.md, "Agents, the Rocinante and its crew").

#include <gtest/gtest.h>

#include "expanse.h"
#include "tests/expanse/expanse_scenario.h"

namespace pamir::testing {
namespace {

// AI cards used below (rocinante_cards.tsv): 1 Holden (remove_supporter + grant_influence, to
// the Belt), 2 Naomi (combat_transport, else remove_supporter, to Earth), 3 Amos
// (eliminate_asset, else remove_agent, to Tycho Station), 4 Alex (combat_fleet, to Mars).

// Seed "The Rocinante": it acts after every player has had a turn, then moves straight to
// the card's location, and the next AI card is turned face up.
TEST(ExpanseRocinante, ActsAfterEveryPlayerThenMovesToItsCardsLocation) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  set_face_up(sc, 4);
  sc.army(Coalition::kMars, Region::kOuterPlanets, 2);
  sc.army(Coalition::kEarth, Region::kOuterPlanets, 1);
  sc.s.first_chooser = 0;
  end_turn(sc);
  end_turn(sc);
  EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kMars], 2);  // not yet
  end_turn(sc);
  // Alex removes one fleet of the faction with the most there.
  EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kMars], 1);
  EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kEarth], 1);
  EXPECT_EQ(rocinante_region(sc.s), Region::kMars);
  EXPECT_EQ(sc.s.rocinante_drawn, 2);
  EXPECT_NE(rocinante_card(sc.s), 4);
  EXPECT_EQ(sc.s.current, 0);
}

// Seed "The Rocinante": the bottom action only if the top one cannot be resolved; the leader
// among the players with a target loses the piece (ties: seat order from the first player).
TEST(ExpanseRocinante, TheBottomActionOnlyWhenTheTopHasNoTarget) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  set_face_up(sc, 2);
  sc.tribe(1, Region::kOuterPlanets, 1);
  sc.tribe(2, Region::kOuterPlanets, 2);
  sc.s.vp[1] = 3;
  sc.s.vp[2] = 1;
  Scenario with_transport = sc;
  play_round(sc);  // no transport on the Outer Planets' borders: remove_supporter
  EXPECT_EQ(sc.s.tribes[Region::kOuterPlanets][1], 0);  // the leader's
  EXPECT_EQ(sc.s.tribes[Region::kOuterPlanets][2], 2);
  EXPECT_EQ(rocinante_region(sc.s), Region::kEarth);

  const int border = border_between(Region::kOuterPlanets, Region::kBelt);
  with_transport.road(Coalition::kBelt, border, 1);
  play_round(with_transport);  // the top action has a target: only it
  EXPECT_EQ(with_transport.s.roads[border][Coalition::kBelt], 0);
  EXPECT_EQ(with_transport.s.tribes[Region::kOuterPlanets][1], 1);
}

// Seed "The Rocinante": James Holden's cards perform both actions; grant_influence goes to
// the trailer.
TEST(ExpanseRocinante, HoldensCardsPerformBothActions) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  set_face_up(sc, 1);
  sc.tribe(0, Region::kOuterPlanets, 1);
  sc.s.vp[0] = 2;
  sc.s.vp[1] = 1;
  sc.s.vp[2] = 4;
  const int rupees = sc.s.rupees[1];
  play_round(sc);
  EXPECT_EQ(sc.s.tribes[Region::kOuterPlanets][0], 0);
  EXPECT_EQ(sc.s.rupees[1], rupees + 2);  // the trailer
  EXPECT_EQ(rocinante_region(sc.s), Region::kBelt);
}

// Rocinante AI (Amos, eliminate_asset): the leader's rightmost asset of the Rocinante's region
// is discarded, never a crew asset ("Amos will never try to eliminate Alex"), and agents on
// it may move on (seed "Agents on Discarded Assets").
TEST(ExpanseRocinante, AmosEliminatesTheLeadersRightmostAssetButNoCrewAsset) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  set_face_up(sc, 3);
  sc.to_court(1, 24);
  sc.to_court(1, 26);
  sc.to_court(1, 18);  // a crew asset, in the Rocinante's region (the Outer Planets)
  sc.to_court(2, 40);
  sc.spy(2, 26);
  sc.s.vp[1] = 5;
  play_round(sc);
  EXPECT_EQ(sc.s.card_loc[26], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(1, 18));
  EXPECT_TRUE(sc.s.in_court(1, 24));
  // Player 2's agent: to a neighbour of card 26 (24 on its left, 18 on its right), or home.
  ASSERT_EQ(sc.s.top().kind, TaskKind::kRelocateAgent);
  EXPECT_EQ(sc.s.top().player, 2);
  EXPECT_TRUE(sc.can("agent on 24"));
  EXPECT_TRUE(sc.can("agent on 18"));
  EXPECT_FALSE(sc.can("agent on 40"));
  sc.act("agent on 18");
  EXPECT_EQ(spies_of(sc.s, 2, 18), 1);
  // Only then does the Rocinante move on.
  EXPECT_EQ(rocinante_region(sc.s), Region::kTychoStation);
}

// Seed "Attacking the Rocinante": fleets in its region attack it as a fleet; it is damaged,
// not destroyed, does not move on its next turn, and is repaired at the end of that turn.
TEST(ExpanseRocinante, ACombatDamagesItAndItStaysPutOnItsNextTurn) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  set_face_up(sc, 4);
  sc.to_court(0, 38);  // Outer Planets, war, rank 2, combat
  sc.army(Coalition::kEarth, Region::kOuterPlanets, 1);
  sc.act("combat 38");
  sc.act("combat in outer_planets");
  sc.act("damage rocinante");
  EXPECT_TRUE(sc.s.rocinante_damaged);
  EXPECT_FALSE(sc.can("damage rocinante"));
  play_round(sc);
  EXPECT_EQ(rocinante_region(sc.s), Region::kOuterPlanets);  // it acted but did not move
  EXPECT_FALSE(sc.s.rocinante_damaged);
  EXPECT_EQ(sc.s.armies[Region::kOuterPlanets][Coalition::kEarth], 0);  // Alex still acted
}

// Seed "The Rocinante": an empty AI deck is reshuffled from its discards.
TEST(ExpanseRocinante, AnEmptyAiDeckIsReshuffled) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.s.rocinante_drawn = kRocinanteCards;  // the last card is face up
  play_round(sc);
  EXPECT_EQ(sc.s.rocinante_drawn, 1);
  sc.check();  // still the 24 cards
}

// Seed "Favour": move the Rocinante into the asset's region from an adjacent one, or from
// the asset's region to any adjacent one; never while it is damaged.
TEST(ExpanseFavour, MovesTheRocinanteIntoOrAroundTheAssetsRegion) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 12);  // Belt, favour
  sc.to_court(0, 14);  // Belt, favour
  sc.act("favour 12");
  EXPECT_TRUE(sc.can("move rocinante to belt"));  // from the Outer Planets, next to the Belt
  EXPECT_FALSE(sc.can("move rocinante to mars"));
  sc.act("move rocinante to belt");
  EXPECT_EQ(rocinante_region(sc.s), Region::kBelt);
  sc.act("favour 14");
  EXPECT_TRUE(sc.can("move rocinante to mars"));
  EXPECT_TRUE(sc.can("move rocinante to outer_planets"));
  EXPECT_FALSE(sc.can("move rocinante to earth"));  // not next to the Belt
  EXPECT_FALSE(sc.can("move rocinante to belt"));

  Scenario damaged({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  damaged.to_court(0, 12);
  Rules::damage_neutral(damaged.s);
  damaged.act("favour 12");
  EXPECT_FALSE(damaged.offers("move rocinante"));
}

// Seed "Favour": favours cost 2, then 4, then 6, in that order.
TEST(ExpanseFavour, GainsFavoursInPriceOrder) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 12);
  sc.to_court(0, 14);
  sc.set_rupees(0, 10);
  sc.act("favour 12");
  EXPECT_TRUE(sc.can("favour cost 2"));
  EXPECT_FALSE(sc.can("favour cost 4"));
  sc.act("favour cost 2");
  sc.act("favour 14");
  EXPECT_FALSE(sc.can("favour cost 2"));
  EXPECT_TRUE(sc.can("favour cost 4"));
  EXPECT_FALSE(sc.can("favour cost 6"));
}

// Seed "Favour": a supporter in the asset's region or one the player's faction controls,
// for 2 influence per supporter the player already has there.
TEST(ExpanseFavour, PlacesASupporterForTwoPerSupporterAlreadyThere) {
  Scenario sc({Coalition::kEarth, Coalition::kMars, Coalition::kBelt});
  sc.to_court(0, 12);
  sc.tribe(0, Region::kBelt, 1);
  sc.army(Coalition::kEarth, Region::kMars, 2);  // Earth controls Mars
  sc.set_rupees(0, 3);
  sc.act("favour 12");
  EXPECT_TRUE(sc.can("place supporter belt"));
  EXPECT_TRUE(sc.can("place supporter mars"));
  EXPECT_FALSE(sc.can("place supporter earth"));
  sc.act("place supporter belt");
  EXPECT_EQ(sc.s.tribes[Region::kBelt][0], 2);
  EXPECT_EQ(sc.s.rupees[0], 1);  // paid 2 for the one already there
}

}  // namespace
}  // namespace pamir::testing
