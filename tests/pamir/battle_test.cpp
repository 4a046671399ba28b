// Scenario tests for the battle action (guide "Card-Based Actions: Battle"; rules notes 5
// "Battle").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Three seats: 0 and 2 Afghan, 1 British. Seat 0 holds Tajik Warband (Herat, rank 2: betray,
// battle).
Scenario warlord() {
  Scenario sc({kAfghan, kBritish, kAfghan});
  sc.to_court(0, 59);
  return sc;
}

// A Herat with something of everybody in it.
void crowd_herat(Scenario& sc) {
  sc.army(kBritish, Region::kHerat, 2);
  sc.army(kRussian, Region::kHerat);
  sc.tribe(1, Region::kHerat);
  sc.tribe(2, Region::kHerat);
  sc.road(kBritish, border_from_name("herat_kabul"));
  sc.road(kAfghan, border_from_name("herat_persia"));
  sc.road(kBritish, border_from_name("kabul_punjab"));
}

// Guide "Card-Based Actions: Battle": "You can't remove more units than you have armies ...
// nor can you remove armies or roads of your own loyalty, or tribes belonging to players who
// share your loyalty". Rules notes 5: enemy roads on any border of the region may be removed.
TEST(Battle, InARegionEnemyArmiesRoadsOnItsBordersAndOtherLoyaltiesTribes) {
  Scenario sc = warlord();
  sc.army(kAfghan, Region::kHerat);
  crowd_herat(sc);
  sc.act("battle 59");
  EXPECT_EQ(sc.legal_names(), "battle in herat");
  sc.act("battle in herat");
  EXPECT_EQ(sc.legal_names(),
            "remove army british, remove army russian, remove road british herat_kabul, "
            "remove tribe of player 1");
  // One loyal army: one piece at most, although the card has rank 2.
  sc.act("remove tribe of player 1");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.tribes[Region::kHerat][1], 0);
  EXPECT_EQ(sc.s.tribes[Region::kHerat][2], 1);
  EXPECT_EQ(sc.s.armies[Region::kHerat][kBritish], 2);
}

// Guide: "Remove a combination of tribes, spies, roads, or armies equal to the acting card's
// rank": with more armies than the rank, the rank is the limit.
TEST(Battle, RankLimitsTheRemovals) {
  Scenario sc = warlord();
  sc.army(kAfghan, Region::kHerat, 3);
  crowd_herat(sc);
  sc.act("battle 59");
  sc.act("battle in herat");
  sc.act("remove army british");
  sc.act("remove road british herat_kabul");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.armies[Region::kHerat][kBritish], 1);
  EXPECT_EQ(sc.s.roads[border_from_name("herat_kabul")][kBritish], 0);
  EXPECT_EQ(sc.s.armies[Region::kHerat][kAfghan], 3);
}

// Guide: "(but their spies are fair game!)". Rules notes 5: on a court card, other players'
// spies may be removed, same loyalty included, no more than your own spies there.
TEST(Battle, OnACardSpiesOfAnyOtherPlayerUpToYourOwnSpies) {
  Scenario sc = warlord();
  sc.to_court(1, 62);
  sc.spy(0, 62, 2);
  sc.spy(1, 62, 2);
  sc.spy(2, 62);
  sc.act("battle 59");
  EXPECT_EQ(sc.legal_names(), "battle on card 62");
  sc.act("battle on card 62");
  EXPECT_EQ(sc.legal_names(), "remove spy of player 1, remove spy of player 2");
  sc.act("remove spy of player 2");
  sc.act("remove spy of player 1");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(spies_of(sc.s, 1, 62), 1);
  EXPECT_EQ(spies_of(sc.s, 2, 62), 0);
  EXPECT_EQ(spies_of(sc.s, 0, 62), 2);
}

TEST(Battle, OneSpyRemovesOneSpy) {
  Scenario sc = warlord();
  sc.to_court(1, 62);
  sc.spy(0, 62);
  sc.spy(1, 62, 3);
  sc.act("battle 59");
  sc.act("battle on card 62");
  sc.act("remove spy of player 1");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(spies_of(sc.s, 1, 62), 2);
}

// No loyal army or spy where an enemy piece is: no site, so no battle action (documented
// engine interpretation: an action that would do nothing is not offered).
TEST(Battle, NeedsOwnPiecesFacingEnemies) {
  Scenario sc = warlord();
  crowd_herat(sc);
  EXPECT_FALSE(sc.can("battle 59"));  // no Afghan army in Herat
  sc.army(kAfghan, Region::kKabul);   // the only British piece touching Kabul is a road
  sc.act("battle 59");
  EXPECT_EQ(sc.legal_names(), "battle in kabul");
  sc.act("battle in kabul");
  EXPECT_EQ(sc.legal_names(), "remove road british herat_kabul, remove road british kabul_punjab");
}

}  // namespace
}  // namespace pamir::testing
