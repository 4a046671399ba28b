// Wakhan's action boxes, the radicalize priorities and her choices inside card actions, each
// on a position built for it. Expected choices are read by hand from data/wakhan_cards.tsv
// and data/court_cards.tsv.

#include <gtest/gtest.h>

#include "core/map.h"
#include "tests/pamir/wakhan_scenario.h"

namespace pamir::testing {
namespace {

// 2 seats: player 0 (British) and Wakhan at seat 1.
WakhanScenario two_seats() { return WakhanScenario({Coalition::kBritish, 0}, 1); }

// ---------------------------------------------------------------------------------------
// Radicalize: the arrows, the box instructions, the Dominance Check rule, ambition
// ---------------------------------------------------------------------------------------

TEST(WakhanRadicalize, FollowsTheArrowsThenTheOtherRow) {
  WakhanScenario w = two_seats();
  w.market({9, 10, 11, 12, 13, 14}, {61, 62, 63, 64, 65, 66});
  // Card 1: tax (no card), radicalize if military favored (political is), radicalize. With
  // card 2 on top the arrows give column 0 of the top row, played to the left.
  w.next_ai(1, 2);
  w.wakhan_turn();
  EXPECT_TRUE(w.in_her_court(9));
  // The second radicalize finds the top row's column 0 empty and takes the bottom row's.
  EXPECT_TRUE(w.in_her_court(61));
  EXPECT_EQ(w.s.court[w.s.court_begin(1)], 61) << "played to the left end";
  EXPECT_EQ(w.s.rupees[1], 4);
  // Card 1's region priority is transcaspia, kabul, kandahar, persia, herat, punjab: the road
  // of 9 (Kabul) goes toward Transcaspia, the two of 61 (Herat) toward Transcaspia, then Kabul.
  const int k = w.s.loyalty[1];
  EXPECT_EQ(k, Coalition::kRussian);
  EXPECT_EQ(w.s.roads[border_between(Region::kKabul, Region::kTranscaspia)][k], 1);
  EXPECT_EQ(w.s.roads[border_between(Region::kHerat, Region::kTranscaspia)][k], 1);
  EXPECT_EQ(w.s.roads[border_between(Region::kHerat, Region::kKabul)][k], 1);
}

TEST(WakhanRadicalize, BoxInstructionsPickByRankThenCost) {
  WakhanScenario w = two_seats();
  // Card 2: radicalize if political is favored the highest-ranked economic card; then the
  // highest-ranked political card. 12 is economic of rank 3; 24 political of rank 2.
  w.market({16, 12, 11, 5, 15, 17}, {24, 18, 39, 41, 43, 60});
  w.next_ai(2, 3);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "purchase 0 1");
  w.s.tasks[w.s.num_tasks - 1].a = 1;  // as if box 1 had been carried out: box 2 is next
  EXPECT_EQ(w.choice(), "purchase 1 0");
}

TEST(WakhanRadicalize, TiesGoToTheCheapestThenTheHighestNumber) {
  WakhanScenario w = two_seats();
  // Card 10: if she has no move card, a card with the move action. 9 and 13 both cost 1;
  // 29 costs 2.
  w.market({16, 9, 15, 17, 5, 24}, {18, 13, 29, 60, 41, 43});
  w.next_ai(10, 11);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "purchase 1 1");
  // With a move card in her court the box is skipped: move (no army) is skipped too, and
  // radicalize follows the arrows: card 11's back gives column 5, bottom row (43, too dear
  // at 5 for her 4 rupees), so she walks left to 41 at cost 4.
  w.to_court(1, 86);
  w.next_ai(10, 11);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "purchase 1 4");
}

TEST(WakhanRadicalize, WithADominanceCheckInTheMarketSheTakesMostSpiesAndTribes) {
  WakhanScenario w = two_seats();
  // No coalition dominant: the cheapest card with the most spy and tribe icons. 1 has three
  // spies (cost 4); 7 has two tribes and a spy (cost 2). The check itself costs 5: no ambition.
  w.market({16, 15, 7, 17, 1, 101}, {18, 60, 41, 43, 5, 24});
  w.next_ai(1, 2);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "purchase 0 2");
  // A dominant coalition: its cheapest patriot (19, British), else the most armies and roads.
  w.army(Coalition::kBritish, Region::kPunjab, 4);
  w.to_market(1, 3, 19);
  w.next_ai(1, 2);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "purchase 1 3");
}

TEST(WakhanRadicalize, AmbitionBuysADominanceCheckSheWouldWin) {
  WakhanScenario w = two_seats();
  w.market({101, 16, 15, 17, 5, 24}, {18, 60, 41, 43, 39, 9});
  w.tribe(1, Region::kHerat, 2);  // her cylinders in play: 2 against 0 (a failed check)
  w.next_ai(1, 2);
  w.wakhan_turn();
  EXPECT_EQ(w.s.dominance_checks_resolved, 1);
  EXPECT_EQ(w.s.vp[1], 3);
  EXPECT_EQ(w.s.vp[0], 1);
}

TEST(WakhanRadicalize, NoAmbitionWhenSheWouldNotScoreTheMost) {
  WakhanScenario w = two_seats();
  w.market({101, 16, 15, 17, 5, 24}, {18, 60, 41, 43, 39, 9});
  w.tribe(0, Region::kHerat, 2);  // the other player leads in cylinders
  w.next_ai(1, 2);
  w.her_turn_begins();
  EXPECT_NE(w.choice(), "purchase 0 0");
}

TEST(WakhanRadicalize, ACardSheCannotBribeHerWayIntoIsDiscarded) {
  WakhanScenario w = two_seats();
  w.market({9, 10, 11, 12, 13, 14}, {61, 62, 63, 64, 65, 66});
  w.tribe(0, Region::kKabul, 3);  // player 0 rules Kabul: her Kabul card owes a bribe of 3
  w.set_rupees(1, 0);
  w.next_ai(1, 2);
  w.wakhan_turn();
  // The ruler names the bribe; she cannot pay 3 and discards the card.
  ASSERT_EQ(w.s.top().kind, TaskKind::kBribeDemand);
  w.act("demand 3");
  EXPECT_EQ(w.s.card_loc[9], Loc::kDiscard);
  EXPECT_FALSE(w.in_her_court(9));
  EXPECT_EQ(hand_size(w.s, 1), 0);
}

// ---------------------------------------------------------------------------------------
// Card action boxes and her choices inside them
// ---------------------------------------------------------------------------------------

TEST(WakhanCardActions, TaxTakesFromTheRichestPlayerThenTheMarketFromTheLeft) {
  WakhanScenario w = two_seats();
  w.market({9, 10, 11, 12, 13, 14}, {16, 62, 63, 64, 65, 66});
  w.to_court(1, 61);  // Herat, economic, tax (rank 2)
  w.set_market_rupees(0, 2, 1);
  w.set_market_rupees(1, 1, 1);
  // Card 3: tax first. Card 4 on top: the red arrow gives "Bottom (right)".
  w.next_ai(3, 4);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "tax 61");
  w.her_decision(TaskKind::kTax, 2, 0);
  EXPECT_EQ(w.choice(), "tax market 1 1");  // column 1 before column 2; bottom row first
  // A player she may tax (she rules Herat, where player 0 has a card) comes first.
  w.tribe(1, Region::kHerat);
  w.to_court(0, 62);
  w.set_rupees(0, 6);
  EXPECT_EQ(w.choice(), "tax player 0");
}

TEST(WakhanCardActions, BuildPutsArmiesInTheFirstRegionSheRules) {
  WakhanScenario w = two_seats();
  w.market({9, 10, 11, 12, 13, 14}, {16, 61, 63, 64, 65, 66});
  w.to_court(1, 62);  // Herat, build
  w.tribe(1, Region::kHerat);
  w.tribe(1, Region::kKabul);
  // Card 4: radicalize if under 2 rupees (she has 4: skipped), build. Priority: kandahar,
  // kabul, herat...
  w.next_ai(4, 5);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "build 62");
  w.her_decision(TaskKind::kBuild, 0, 3);
  EXPECT_EQ(w.choice(), "build army kabul");
}

TEST(WakhanCardActions, MoveTakesArmiesTowardOtherPlayersTribesWithoutRoads) {
  WakhanScenario w = two_seats();
  w.market({16, 10, 11, 12, 13, 14}, {15, 61, 63, 64, 65, 66});
  w.to_court(1, 9);  // Kabul, tax and move
  // Card 6: radicalize any intelligence (none in the market), then move. Its pragmatic
  // loyalty for a British opponent: russian. Priority: herat, persia, transcaspia, kabul...
  w.next_ai(6, 7);
  w.army(Coalition::kRussian, Region::kKabul);
  w.tribe(0, Region::kPunjab);
  w.tribe(0, Region::kHerat);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "move 9");
  w.her_decision(TaskKind::kMoveFrom, 1, 0);
  EXPECT_EQ(w.choice(), "move army kabul");
  w.her_decision(TaskKind::kMoveTo, 1, 0, Act::move_army(Region::kKabul));
  EXPECT_EQ(w.choice(), "move to herat");  // Herat comes before Punjab on card 6
}

TEST(WakhanCardActions, SheNeverGivesUpARulerTokenByMoving) {
  WakhanScenario w = two_seats();
  w.market({16, 10, 11, 12, 13, 14}, {15, 61, 63, 64, 65, 66});
  w.to_court(1, 9);
  // She rules Kabul with one tribe and one army against the other player's tribe: moving
  // the army away would cost her the rule, so the move box is skipped.
  w.army(Coalition::kRussian, Region::kKabul);
  w.tribe(1, Region::kKabul);
  w.tribe(0, Region::kKabul);
  w.tribe(0, Region::kHerat);
  ASSERT_EQ(ruler(w.s, Region::kKabul), 1);
  w.next_ai(6, 7);
  w.her_turn_begins();
  EXPECT_NE(w.choice(), "move 9");
  // With a second army one can go and she still rules.
  w.army(Coalition::kRussian, Region::kKabul);
  w.next_ai(6, 7);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "move 9");
}

TEST(WakhanCardActions, BetrayTakesTheBestCardWithAPrize) {
  WakhanScenario w = two_seats();
  w.market({10, 11, 12, 13, 14, 9}, {61, 62, 63, 64, 65, 66});
  w.to_court(1, 16);  // tax, betray
  w.to_court(0, 57);  // Herat political, British prize
  w.to_court(0, 58);  // no prize
  w.spy(1, 57);
  w.spy(1, 58);
  // Card 8: tax (nothing to tax), betray.
  w.next_ai(8, 9);
  w.her_turn_begins();
  EXPECT_EQ(w.choice(), "betray 16");
  w.her_decision(TaskKind::kBetray);
  EXPECT_EQ(w.choice(), "betray card 57");
  w.her_decision(TaskKind::kPrize, 57);
  EXPECT_EQ(w.choice(), "take prize");
}

TEST(WakhanCardActions, BattleInTheFirstRegionThenTribesBeforeArmiesAndRoads) {
  WakhanScenario w = two_seats();
  w.to_court(1, 33);  // Punjab military, battle (rank 2)
  // Card 15: move, battle. Loyalty for a British opponent: russian.
  w.next_ai(15, 16);
  w.her_turn_begins();
  w.army(Coalition::kRussian, Region::kPunjab, 2);
  w.army(Coalition::kRussian, Region::kKabul, 1);
  w.army(Coalition::kBritish, Region::kPunjab);
  w.army(Coalition::kBritish, Region::kKabul);
  w.road(Coalition::kBritish, border_between(Region::kPunjab, Region::kKandahar));
  w.tribe(0, Region::kPunjab);
  // Card 15's priority: transcaspia, kabul, punjab... Kabul comes first.
  w.her_decision(TaskKind::kBattleSite, 2);
  EXPECT_EQ(w.choice(), "battle in kabul");
  w.her_decision(TaskKind::kBattle, Site::region(Region::kPunjab), 2, 0);
  EXPECT_EQ(w.choice(), "remove tribe of player 0");
  set_cylinder(w.s, 0, 0, CylLoc::kSupply);  // once the tribe is gone: armies before roads
  EXPECT_EQ(w.choice(), "remove army british");
}

TEST(WakhanCardActions, CourtBattleBoxPicksTheCardWithTheMostSpies) {
  WakhanScenario w = two_seats();
  w.market({10, 11, 12, 13, 14, 9}, {61, 62, 63, 64, 65, 66});
  w.to_court(1, 33);  // battle
  w.to_court(0, 57);
  w.to_court(0, 58);
  w.spy(1, 57);
  w.spy(0, 57);
  w.spy(1, 58, 2);
  w.spy(0, 58, 2);
  // Card 14: battle on the court card with the most spies (58).
  w.next_ai(14, 15);
  w.wakhan_turn();
  EXPECT_EQ(spies_of(w.s, 0, 57), 1);
  EXPECT_EQ(spies_of(w.s, 0, 58), 0);
}

TEST(WakhanCardActions, BonusActionsComeAfterTheBoxesLeftmostCardFirst) {
  WakhanScenario w = two_seats();
  w.to_court(1, 45);  // Kandahar political (favored): betray, gift
  w.to_court(1, 44);  // Kandahar political: build, tax
  w.next_ai(1, 2);
  w.her_turn_begins();
  w.s.actions_used = 2;
  // Her court reads 45, 44 from the left: 45's betray is impossible (no spy), its gift is not.
  EXPECT_EQ(w.choice(), "gift 45");
  w.her_decision(TaskKind::kGift);
  EXPECT_EQ(w.choice(), "gift cost 2");
}

// ---------------------------------------------------------------------------------------
// Other decisions: spies, roads, cleanup, bribes, events
// ---------------------------------------------------------------------------------------

TEST(WakhanChoices, SpiesGoWhereSheDoesNotHaveTheMost) {
  WakhanScenario w = two_seats();
  w.to_court(0, 1);  // Kabul, the other player's
  w.to_court(1, 9);  // Kabul, hers
  w.next_ai(1, 2);
  w.her_turn_begins();
  w.her_decision(TaskKind::kPlaceSpy, Region::kKabul);
  EXPECT_EQ(w.choice(), "spy on 1");  // an opponent's card comes first
  w.spy(1, 1);
  EXPECT_EQ(w.choice(), "spy on 9");  // she already has the most spies on 1
}

TEST(WakhanChoices, RoadsRepeatTheRegionPriority) {
  WakhanScenario w = two_seats();
  w.next_ai(1, 2);
  w.her_turn_begins();
  // Punjab borders Kabul and Kandahar; card 1 lists kabul before kandahar.
  w.her_decision(TaskKind::kPlaceRoad, Region::kPunjab, Coalition::kRussian, 0);
  EXPECT_EQ(w.choice(), "road kabul_punjab");
  w.her_decision(TaskKind::kPlaceRoad, Region::kPunjab, Coalition::kRussian, 1);
  EXPECT_EQ(w.choice(), "road kandahar_punjab");
  w.her_decision(TaskKind::kPlaceRoad, Region::kPunjab, Coalition::kRussian, 2);
  EXPECT_EQ(w.choice(), "road kabul_punjab");
}

TEST(WakhanChoices, CleanupDiscardsInHerOrderOfPreference) {
  WakhanScenario w = two_seats();
  w.next_ai(1, 2);
  w.her_turn_begins();
  w.to_court(1, 5);   // political
  w.to_court(1, 11);  // patriot
  w.to_court(1, 14);  // leverage
  w.to_court(1, 16);  // none of these
  w.her_decision(TaskKind::kDiscardCourt);
  EXPECT_EQ(w.choice(), "discard 16");
  w.detach(16);
  EXPECT_EQ(w.choice(), "discard 14");  // non-patriots before patriots
  w.detach(14);
  EXPECT_EQ(w.choice(), "discard 11");  // non-political before political
}

TEST(WakhanChoices, AsRulerSheDemandsTheFullBribe) {
  WakhanScenario w = two_seats();
  w.next_ai(1, 2);
  w.wakhan_turn();
  w.tribe(1, Region::kKabul, 2);
  ASSERT_EQ(ruler(w.s, Region::kKabul), 1);
  w.set_turn(0);
  w.to_hand(0, 9);
  w.act("play 9 left");
  ASSERT_EQ(w.s.top().kind, TaskKind::kBribePay);
  EXPECT_EQ(w.s.top().player, 0);
  EXPECT_EQ(w.s.top().a, 2);
}

TEST(WakhanChoices, LeverageSheCannotRepayCostsHerNothing) {
  WakhanScenario w = two_seats();
  w.next_ai(1, 2);
  w.wakhan_turn();
  w.to_court(1, 14);  // leveraged
  w.to_court(1, 61);
  w.set_rupees(1, 0);
  w.set_turn(0);
  w.to_court(0, 16);  // betray
  w.spy(0, 14);
  w.set_rupees(0, 2);
  w.act("betray 16");
  w.act("betray card 14");
  EXPECT_TRUE(w.in_her_court(61));
  EXPECT_EQ(to_move(w.s), 0);
}

}  // namespace
}  // namespace pamir::testing
