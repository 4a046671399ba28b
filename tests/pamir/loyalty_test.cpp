// Scenario tests for loyalty and influence (guide "Successful Check" and "Core Actions: Play";
// rules notes 8).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Rules notes 8: "Influence in your coalition = 1 + the number of patriots in your court + the
// number of prizes you hold + the number of your gifts."
TEST(Loyalty, InfluenceIsOnePlusPatriotsPrizesAndGifts) {
  Scenario sc({kAfghan, kBritish});
  EXPECT_EQ(influence(sc.s, 0), 1);
  sc.to_court(0, 6);   // Afghan patriot
  sc.to_court(0, 11);  // Afghan patriot
  sc.to_court(0, 61);  // no patriot: no influence
  sc.to_prize(0, 10);
  sc.gift(0, 0);
  sc.gift(0, 1);
  EXPECT_EQ(influence(sc.s, 0), 1 + 2 + 1 + 2);
}

// Rules notes 8: on a loyalty change, patriots are discarded as "normal discards, with leverage
// and overthrow": a discarded political patriot that was the last political card of its region
// takes the tribes there with it. The new patriot's icons come after.
TEST(Loyalty, PatriotsDiscardedByAChangeTriggerTheOverthrowRule) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, 25);  // Josiah Harlan: Afghan patriot, Punjab political
  sc.tribe(0, Region::kPunjab, 2);
  sc.set_rupees(0, 0);
  sc.to_hand(0, 40);  // William Hay Macnaghten: British patriot; spy, spy, leverage
  sc.act("play 40 left");
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_EQ(sc.s.card_loc[25], Loc::kDiscard);
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 0);
  sc.act("spy on 40");
  sc.act("spy on 40");
  EXPECT_EQ(sc.s.rupees[0], 2);  // leverage, after the spies
  EXPECT_EQ(influence(sc.s, 0), 2);
}

// Rules notes 7 and 8: a leveraged patriot discarded by a loyalty change is repaid; the debt
// is settled before the new patriot's icons.
TEST(Loyalty, LeveragedPatriotDiscardedByAChangeIsRepaidBeforeTheIcons) {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, 40);  // British patriot with leverage
  sc.set_rupees(0, 3);
  sc.to_hand(0, 11);  // Lapis Lazuli Mine: Afghan patriot; road, road
  sc.act("play 11 left");
  EXPECT_EQ(sc.s.card_loc[40], Loc::kDiscard);
  EXPECT_EQ(sc.s.rupees[0], 1);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kPlaceRoad);
  sc.act("road kabul_punjab");
  EXPECT_EQ(sc.s.roads[border_from_name("kabul_punjab")][kAfghan], 1);
}

// Rules notes 8: "A patriot can only stay in the court of a player of its own loyalty": after
// a change by prize, every patriot of the old coalition is gone, other cards stay.
TEST(Loyalty, ChangeByPrizeDiscardsEveryOldPatriot) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 11);  // Afghan patriot
  sc.to_court(0, 58);  // Afghan patriot
  sc.to_court(0, 18);  // Harry Flashman: betray; no patriot
  sc.to_court(1, 57);  // British prize
  sc.spy(0, 57);
  sc.set_rupees(0, 2);
  sc.act("betray 18");
  sc.act("betray card 57");
  sc.act("take prize");
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_EQ(sc.s.card_loc[11], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[58], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(0, 18));
  EXPECT_EQ(influence(sc.s, 0), 2);  // 1 + the new prize
}

}  // namespace
}  // namespace pamir::testing
