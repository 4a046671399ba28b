// Scenario tests for the play action: court ends, the ruler's bribe, patriots and impact
// icons (guide "Core Actions: Play"; rules notes 4 "Play").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

std::vector<int> court_of(const Scenario& sc, int p) {
  const int b = sc.s.court_begin(p);
  return std::vector<int>(sc.s.court + b, sc.s.court + b + sc.s.court_len[p]);
}

// Guide "Core Actions: Play": "The played card can be added to either the left or right end
// of your court." Playing is a core action.
TEST(Play, CardGoesToTheChosenEndOfTheCourtAndUsesAnAction) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, 61);
  sc.to_hand(0, 16);
  sc.to_hand(0, 38);
  sc.act("play 16 left");
  EXPECT_EQ(court_of(sc, 0), (std::vector<int>{16, 61}));
  EXPECT_EQ(sc.s.actions_used, 1);
  sc.act("play 38 right");
  EXPECT_EQ(court_of(sc, 0), (std::vector<int>{16, 61, 38}));
  EXPECT_EQ(sc.s.actions_used, 2);
  EXPECT_EQ(hand_size(sc.s, 0), 0);
}

// Guide "Core Actions: Play": "If you are the ruler of that card's region, or if no one rules
// it, you can play it for free!"
TEST(Play, NoBribeWhenYouRuleTheRegionOrNobodyDoes) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 4);
  sc.tribe(0, Region::kKandahar, 2);
  ASSERT_EQ(ruler(sc.s, Region::kKandahar), 0);
  ASSERT_EQ(ruler(sc.s, Region::kHerat), kNoPlayer);
  sc.to_hand(0, 45);  // Kandahar
  sc.to_hand(0, 57);  // Herat
  sc.act("play 45 left");
  EXPECT_TRUE(sc.s.in_court(0, 45));
  sc.act("play 57 left");
  EXPECT_TRUE(sc.s.in_court(0, 57));
  EXPECT_EQ(sc.s.rupees[0], 4);
}

// A position where seat 1 rules Kandahar with two tribes and seat 0 holds a Kandahar card.
Scenario ruled_kandahar(int rupees) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, rupees);
  sc.set_rupees(1, 0);
  sc.tribe(1, Region::kKandahar, 2);
  sc.to_hand(0, 45);  // Haji Khan Kakar, Kandahar: tribe, army
  sc.to_hand(0, 16);  // a Kabul card, for comparison
  return sc;
}

// Guide "Core Actions: Play": "you must pay them a bribe in rupees equal to the number of their
// tribes in that region. The ruler can waive any part of this bribe." The ruler names 0..2;
// the ruler's loyal army helps to rule but does not raise the bribe.
TEST(Play, RulerDemandsABribeOfUpToTheirTribes) {
  Scenario sc = ruled_kandahar(5);
  sc.army(kBritish, Region::kKandahar);
  sc.act("play 45 left");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_EQ(sc.s.top().player, 1);
  EXPECT_EQ(sc.legal_names(), "demand 0, demand 1, demand 2");
}

// Guide "Core Actions: Play": the ruler "can waive any part of this bribe".
TEST(Play, WaivedBribeLetsTheCardBePlayedForFree) {
  Scenario sc = ruled_kandahar(5);
  sc.act("play 45 left");
  sc.act("demand 0");
  EXPECT_TRUE(sc.s.in_court(0, 45));
  EXPECT_EQ(sc.s.rupees[0], 5);
  EXPECT_EQ(sc.s.tribes[Region::kKandahar][0], 1);
  EXPECT_EQ(sc.s.actions_used, 1);
}

TEST(Play, PaidBribeGoesToTheRuler) {
  Scenario sc = ruled_kandahar(5);
  sc.act("play 45 right");
  sc.act("demand 2");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kBribePay);
  EXPECT_EQ(sc.s.top().player, 0);
  sc.act("pay bribe");
  EXPECT_TRUE(sc.s.in_court(0, 45));
  EXPECT_EQ(sc.s.rupees[0], 3);
  EXPECT_EQ(sc.s.rupees[1], 2);
  EXPECT_EQ(sc.s.actions_used, 1);
}

// Guide "Core Actions: Play": "If the bribe isn't paid, the action is cancelled." Rules notes
// 4: "If you do not pay, it is as if you never tried: no action is used." Documented engine
// interpretation: the refused card cannot be offered again this turn (no endless retries).
TEST(Play, RefusedBribeUsesNoActionAndCannotBeRetriedThisTurn) {
  Scenario sc = ruled_kandahar(5);
  sc.act("play 45 left");
  sc.act("demand 1");
  sc.act("refuse bribe");
  EXPECT_TRUE(sc.s.in_hand(0, 45));
  EXPECT_FALSE(sc.s.in_court(0, 45));
  EXPECT_EQ(sc.s.actions_used, 0);
  EXPECT_EQ(sc.s.rupees[0], 5);
  EXPECT_EQ(sc.s.tribes[Region::kKandahar][0], 0);
  EXPECT_FALSE(sc.offers("play 45 "));
  EXPECT_TRUE(sc.can("play 16 left"));
  // On the next turn the card may be tried again.
  sc.act("done");
  sc.act("done");
  ASSERT_EQ(sc.s.current, 0);
  EXPECT_TRUE(sc.can("play 45 left"));
}

// Paying is only offered when the actor has the rupees; refusing always is.
TEST(Play, BribeLargerThanYourPurseCanOnlyBeRefused) {
  Scenario sc = ruled_kandahar(1);
  sc.act("play 45 left");
  sc.act("demand 2");
  EXPECT_EQ(sc.legal_names(), "refuse bribe");
}

// Event 107 "Courtly Manners": the purchaser "may refuse to pay any bribe and still act as if
// it were paid". Documented engine interpretation: such a player simply never pays, so no
// bribe is asked for at all.
TEST(Play, CourtlyMannersMeansTheBribeIsNeverAsked) {
  Scenario sc = ruled_kandahar(5);
  sc.s.player_effects[0] |= PlayerEffect::kCourtlyManners;
  sc.act("play 45 left");
  EXPECT_TRUE(sc.s.in_court(0, 45));
  EXPECT_EQ(sc.s.rupees[0], 5);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Guide "Core Actions: Play": "If you play a patriot card that doesn't match your current
// loyalty, you immediately change loyalty to match the patriot! This means discarding all
// your previous patriots and prizes, returning any gifts". Rules notes 4: the change comes
// before the impact icons, so the patriot's army is of the new coalition.
TEST(Play, PatriotOfAnotherCoalitionChangesLoyaltyBeforeItsIcons) {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, 50);  // British Regulars: a British patriot
  sc.to_court(0, 61);  // not a patriot: stays
  sc.gift(0, 0);
  sc.to_prize(0, 90);
  sc.to_hand(0, 6);  // Aminullah Khan Logari: Afghan patriot, Kabul; tribe, army, spy
  sc.act("play 6 left");
  EXPECT_EQ(sc.s.loyalty[0], kAfghan);
  EXPECT_EQ(sc.s.card_loc[50], Loc::kDiscard);
  EXPECT_TRUE(sc.s.in_court(0, 61));
  EXPECT_TRUE(sc.s.in_court(0, 6));
  EXPECT_EQ(gifts(sc.s, 0), 0);
  EXPECT_EQ(sc.s.prizes[0], 0);
  EXPECT_EQ(sc.s.card_loc[90], Loc::kDiscard);
  EXPECT_EQ(sc.s.tribes[Region::kKabul][0], 1);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 1);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 0);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kPlaceSpy);
}

// A patriot of your own coalition changes nothing.
TEST(Play, PatriotOfYourOwnCoalitionKeepsGiftsPrizesAndPatriots) {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, 50);
  sc.gift(0, 0);
  sc.to_prize(0, 90);
  sc.to_hand(0, 37);  // Seaforth Highlanders: British patriot; army, favor political
  sc.act("play 37 left");
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_TRUE(sc.s.in_court(0, 50));
  EXPECT_EQ(gifts(sc.s, 0), 1);
  EXPECT_EQ(sc.s.prizes[0], 1);
  EXPECT_EQ(sc.s.armies[Region::kPunjab][kBritish], 1);
}

// Guide "Core Actions: Play": "resolve any impact icons on the right side of the card, from top
// to bottom." Jan-Fishan Khan: spy, spy, army, favor military; the army and the suit change
// wait until both spies are placed.
TEST(Play, ImpactIconsResolveInPrintedOrder) {
  Scenario sc({kAfghan, kBritish});
  sc.to_hand(0, 2);
  sc.act("play 2 left");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kPlaceSpy);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 0);
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
  sc.act("spy on 2");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kPlaceSpy);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 0);
  sc.act("spy on 2");
  EXPECT_EQ(spies_of(sc.s, 0, 2), 2);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 1);
  EXPECT_EQ(sc.s.favored_suit, Suit::kMilitary);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Rules notes 4: "favor_X: the favored suit becomes X (ignored while Pashtunwali Values is
// active)".
TEST(Play, FavoredSuitIconIsIgnoredUnderPashtunwaliValues) {
  Scenario sc({kAfghan, kBritish});
  sc.s.global_effects |= GlobalEffect::kPashtunwaliValues;
  sc.to_hand(0, 31);  // Company Weapons: army, favor intelligence
  sc.act("play 31 left");
  EXPECT_EQ(sc.s.armies[Region::kPunjab][kAfghan], 1);
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
}

// Rules notes 4: "road: 1 block of your loyalty onto any border of the card's region".
TEST(Play, RoadIconGoesOnABorderOfTheCardsRegion) {
  Scenario sc({kBritish, kAfghan});
  sc.to_hand(0, 9);  // Afghan Handicrafts, Kabul: road
  sc.act("play 9 left");
  EXPECT_EQ(sc.legal_names(),
            "road kabul_transcaspia, road herat_kabul, road kabul_kandahar, road kabul_punjab");
  sc.act("road kabul_punjab");
  EXPECT_EQ(sc.s.roads[border_from_name("kabul_punjab")][kBritish], 1);
}

// Rules notes 4: "spy: 1 of your cylinders onto any court card of the card's region, in any
// court (your own included)"; "tribe: 1 of your cylinders into the card's region".
TEST(Play, SpyIconGoesOnAnyCourtCardOfTheRegionAndTribeIconIntoTheRegion) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(1, 13);  // Kabul, in another court
  sc.to_court(1, 61);  // Herat: not eligible
  sc.to_hand(0, 4);    // Charles Stoddart, Kabul: spy
  sc.to_hand(0, 57);   // Exiled Durrani Nobility, Herat: tribe
  sc.act("play 4 left");
  EXPECT_EQ(sc.legal_names(), "spy on 4, spy on 13");
  sc.act("spy on 13");
  EXPECT_EQ(spies_of(sc.s, 0, 13), 1);
  sc.act("play 57 left");
  EXPECT_EQ(sc.s.tribes[Region::kHerat][0], 1);
}

}  // namespace
}  // namespace pamir::testing
