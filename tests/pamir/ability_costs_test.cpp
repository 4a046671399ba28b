// Scenario tests for the special abilities about rupees: Claim of Ancient Lineage (tax),
// Civil Service Reforms and Charismatic Courtiers (bribes, also with the events of card
// 107), and Herat, Persian and Russian Influence (purchase price) (data/special_abilities.md,
// the table row of each ability and "Notes for the engine writer").

#include <utility>

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using namespace Coalition;

// Cards used below (data/court_cards.tsv).
constexpr int kShahShujah = 5;            // Claim of Ancient Lineage
constexpr int kRanjitSingh = 24;          // Civil Service Reforms
constexpr int kBarakzaiSadars = 42;       // Charismatic Courtiers; Afghan patriot
constexpr int kBaluchiSmugglers = 66;     // Herat Influence
constexpr int kGhaemMagham = 68;          // Persian Influence
constexpr int kGriboyedov = 70;           // Russian Influence; Russian patriot
constexpr int kCourtlyMannersCard = 107;  // Disregard for Customs / Courtly Manners

// ---------------------------------------------------------------------------------------
// Claim of Ancient Lineage (card 5)
// ---------------------------------------------------------------------------------------

// Player 0 (tax card 61) rules no region; player 1 has a Persia card and 4 rupees; the
// market holds no rupees. Player 0 holds Shah Shujah Durrani when `claim` is set.
Scenario claim_position(bool claim) {
  Scenario sc({kAfghan, kBritish, kRussian});
  sc.set_market({9, 10, 11, 12, 13, 14}, {30, 31, 33, 34, 35, 36});
  sc.to_court(0, kKarakulSheep);
  if (claim) sc.to_court(0, kShahShujah);
  sc.to_court(1, kAbbasMirza);
  return sc;
}

// special_abilities.md, claim_of_ancient_lineage: "When you tax, you count as the ruler of
// every region. So you may take rupees from any player with at least one court card."
// Player 2 has no court card.
TEST(Abilities, ClaimOfAncientLineageTaxesPlayersInUnruledRegions) {
  Scenario sc = claim_position(true);
  sc.act("tax 61");
  EXPECT_EQ(sc.legal_names(), "tax player 1");
  sc.act("tax player 1");
  sc.act("tax player 1");
  EXPECT_EQ(sc.s.rupees[0], 6);
  EXPECT_EQ(sc.s.rupees[1], 2);
  EXPECT_EQ(sc.s.rupees[2], 4);
}

TEST(Abilities, ClaimOfAncientLineageHelpsOnlyItsOwnerWhileInCourt) {
  Scenario plain = claim_position(false);
  EXPECT_FALSE(plain.offers("tax 61"));  // nothing to tax: no ruled region, no market rupees
  Scenario other = claim_position(false);
  other.to_court(1, kShahShujah);  // player 1's claim does not help player 0
  EXPECT_FALSE(other.offers("tax 61"));
}

// "When you tax": the claim makes no ruler for anything else. Shah Shujah's own build
// action still needs a region its owner really rules.
TEST(Abilities, ClaimOfAncientLineageCountsOnlyForTax) {
  Scenario sc = claim_position(true);
  EXPECT_FALSE(sc.offers("build 5"));
  sc.tribe(0, Region::kHerat);
  EXPECT_TRUE(sc.offers("build 5"));
}

// special_abilities.md, claim_of_ancient_lineage: "The victim's tax shelter still applies."
// Kabul Bazaar gives player 1 a shelter of 2.
TEST(Abilities, ClaimOfAncientLineageRespectsTheTaxShelter) {
  Scenario sc = claim_position(true);
  sc.to_court(1, kKabulBazaar);
  sc.set_rupees(1, 3);
  sc.act("tax 61");
  sc.act("tax player 1");
  EXPECT_EQ(sc.s.rupees[1], 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // nothing more may be taken
  sc.set_turn(0);
  EXPECT_FALSE(sc.offers("tax 61"));
}

// ---------------------------------------------------------------------------------------
// Civil Service Reforms (card 24) and Charismatic Courtiers (card 42)
// ---------------------------------------------------------------------------------------

// Player 1 (British) rules Kabul with two tribes and holds player 0's Karakul Sheep hostage
// with two spies. Player 0 (Afghan) holds Bala Hissar (Kabul) in hand and the cards in
// `court`; a market card carries a rupee to tax.
Scenario bribe_position(std::initializer_list<int> court) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(1, Region::kKabul, 2);
  sc.to_court(0, kKarakulSheep);
  for (int c : court) sc.to_court(0, c);
  sc.spy(1, kKarakulSheep, 2);
  sc.to_hand(0, kBalaHissar);
  sc.set_market_rupees(1, 3, 1);
  return sc;
}

// Whether player 0 is asked for the ruler's bribe to play Bala Hissar.
bool owes_ruler_bribe(Scenario sc) {
  sc.set_turn(0);
  sc.act("play 16 left");
  return sc.s.top().kind == TaskKind::kBribeDemand;
}
// Whether player 0 is asked for the hostage bribe to tax with Karakul Sheep.
bool owes_hostage_bribe(Scenario sc) {
  sc.set_turn(0);
  sc.act("tax 61");
  return sc.s.top().kind == TaskKind::kBribeDemand;
}

TEST(Abilities, BothBribesAreOwedWithoutTheAbilities) {
  Scenario sc = bribe_position({});
  EXPECT_TRUE(owes_ruler_bribe(sc));
  EXPECT_TRUE(owes_hostage_bribe(sc));
}

// special_abilities.md, civil_service_reforms: "You never pay the hostage bribe"; the ruler's
// bribe is another ability's (Charismatic Courtiers).
TEST(Abilities, CivilServiceReformsWaiveOnlyTheHostageBribe) {
  Scenario sc = bribe_position({kRanjitSingh});
  EXPECT_TRUE(owes_ruler_bribe(sc));
  EXPECT_FALSE(owes_hostage_bribe(sc));
  sc.act("tax 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
  EXPECT_EQ(to_move(sc.s), 0);
}

// special_abilities.md, charismatic_courtiers: "You never pay the ruler's bribe when you
// play a card." The hostage bribe is still owed.
TEST(Abilities, CharismaticCourtiersWaiveOnlyTheRulersBribe) {
  Scenario sc = bribe_position({kBarakzaiSadars});
  EXPECT_FALSE(owes_ruler_bribe(sc));
  EXPECT_TRUE(owes_hostage_bribe(sc));
  sc.act("play 16 left");
  EXPECT_TRUE(sc.s.in_court(0, kBalaHissar));
  EXPECT_EQ(sc.s.rupees[0], 4);
}

// special_abilities.md general rules: "Abilities are never held hostage. Spies on the card
// do not block them." Player 1 also holds the ability cards hostage.
TEST(Abilities, BribeAbilitiesWorkWhileTheirCardsAreHostage) {
  Scenario sc = bribe_position({kRanjitSingh, kBarakzaiSadars});
  sc.spy(1, kRanjitSingh, 2);
  sc.spy(1, kBarakzaiSadars, 2);
  ASSERT_EQ(hostage_holder(sc.s, kRanjitSingh), 1);
  EXPECT_FALSE(owes_ruler_bribe(sc));
  EXPECT_FALSE(owes_hostage_bribe(sc));
}

// special_abilities.md general rules: "It goes away as soon as the card leaves the court."
// Here it leaves by a real rule: playing a British patriot (Eldred Pottinger, Punjab, which
// nobody rules) turns player 0 British and discards the Afghan patriot Barakzai Sadars.
TEST(Abilities, CharismaticCourtiersEndWhenALoyaltyChangeDiscardsTheCard) {
  Scenario sc = bribe_position({kBarakzaiSadars});
  sc.to_hand(0, 19);
  sc.act("play 19 left");
  while (sc.s.top().kind == TaskKind::kPlaceSpy) sc.act("spy on 19");
  ASSERT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_EQ(sc.s.card_loc[kBarakzaiSadars], Loc::kDiscard);
  EXPECT_FALSE(has_ability(sc.s, 0, Ability::kCharismaticCourtiers));
  EXPECT_TRUE(owes_ruler_bribe(sc));
}

// The other player's abilities do not spare player 0.
TEST(Abilities, BribeAbilitiesSpareOnlyTheirOwner) {
  Scenario sc = bribe_position({});
  sc.to_court(1, kRanjitSingh);
  sc.to_court(1, kBarakzaiSadars);
  EXPECT_TRUE(owes_ruler_bribe(sc));
  EXPECT_TRUE(owes_hostage_bribe(sc));
}

// Card 107 bottom (Courtly Manners) waives both bribes for its purchaser until the next
// Dominance Check; Civil Service Reforms keeps the hostage bribe waived after it.
TEST(Abilities, CivilServiceReformsOutlastCourtlyManners) {
  Scenario sc = bribe_position({kRanjitSingh});
  sc.s.vp[0] = 2;  // player 1 scores 3 and player 0 1 at the check: no 4-point lead
  sc.to_market(0, 0, kCourtlyMannersCard);
  sc.act("purchase 0 0");
  EXPECT_FALSE(owes_ruler_bribe(sc));
  EXPECT_FALSE(owes_hostage_bribe(sc));
  sc.to_market(0, 0, kFirstDominanceCheck);
  sc.act("purchase 0 0");
  ASSERT_FALSE(sc.s.game_over());
  ASSERT_EQ(sc.s.player_effects[0], 0);
  EXPECT_TRUE(owes_ruler_bribe(sc));
  EXPECT_FALSE(owes_hostage_bribe(sc));
}

// Card 107 top (Disregard for Customs) waives every bribe until the next Dominance Check;
// Charismatic Courtiers keeps the ruler's bribe waived after it.
TEST(Abilities, CharismaticCourtiersOutlastDisregardForCustoms) {
  Scenario sc = bribe_position({kBarakzaiSadars});
  sc.s.vp[0] = 2;  // player 1 scores 3 and player 0 1 at the check: no 4-point lead
  sc.set_turn(1);
  sc.to_market(0, 0, kCourtlyMannersCard);
  sc.act("done");  // player 1's cleanup discards the event
  ASSERT_TRUE(sc.s.global_effects & GlobalEffect::kDisregardForCustoms);
  EXPECT_FALSE(owes_ruler_bribe(sc));
  EXPECT_FALSE(owes_hostage_bribe(sc));
  sc.set_turn(0);
  sc.to_market(0, 0, kFirstDominanceCheck);
  sc.act("purchase 0 0");
  ASSERT_FALSE(sc.s.game_over());
  ASSERT_EQ(sc.s.global_effects, 0);
  EXPECT_FALSE(owes_ruler_bribe(sc));
  EXPECT_TRUE(owes_hostage_bribe(sc));
}

// ---------------------------------------------------------------------------------------
// Herat, Persian and Russian Influence (cards 66, 68, 70)
// ---------------------------------------------------------------------------------------

// Top row: Kabul cards, then Herat (61) in column 3, Persia (75) in column 4 and the Russian
// patriot Supplies from Orenburg (95) in column 5. Bottom row: a Dominance Check in column 3
// and an event (Backing of Persian Aristocracy) in column 4. Player 0 has no rupees.
constexpr int kOrenburg = 95;
Scenario price_position(int p0_loyalty, int influence_card) {
  Scenario sc({p0_loyalty, p0_loyalty == kRussian ? kBritish : kRussian});
  sc.set_market({9, 10, 11, kKarakulSheep, kAbbasMirza, kOrenburg}, {12, 13, 14, 0, 0, 30});
  sc.to_market(1, 3, kFirstDominanceCheck);
  sc.to_market(1, 4, 113);
  if (influence_card) sc.to_court(0, influence_card);
  sc.set_rupees(0, 0);
  return sc;
}

// Which market cards player 0 may buy, as "row col" pairs past the free column.
std::string buyable(const Scenario& sc) {
  std::string out;
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 1; col < kMarketCols; ++col)
      if (sc.can("purchase " + std::to_string(row) + " " + std::to_string(col)))
        out += (out.empty() ? "" : ", ") + std::to_string(row) + " " + std::to_string(col);
  return out;
}

// special_abilities.md, herat_influence: "Buying a Herat card from the market costs you
// nothing, because you place no rupees on the cards to its left." The rupees on the card
// still go to the buyer.
TEST(Abilities, HeratInfluenceMakesHeratCardsFree) {
  Scenario sc = price_position(kAfghan, kBaluchiSmugglers);
  EXPECT_EQ(buyable(sc), "0 3");
  sc.set_market_rupees(0, 3, 1);
  sc.act("purchase 0 3");
  EXPECT_TRUE(sc.s.in_hand(0, kKarakulSheep));
  EXPECT_EQ(sc.s.actions_used, 1);  // still a purchase action
  EXPECT_EQ(sc.s.rupees[0], 1);
  for (int col = 0; col < 3; ++col) EXPECT_EQ(sc.s.market_rupees[0][col], 0);
  EXPECT_TRUE(sc.can("purchase 0 1"));  // no rupee was put on it this turn
}

// special_abilities.md, persian_influence: "Buying a Persia card from the market costs you
// nothing." Griboyedov is a Persia card too, but Russian Influence waives Russian patriots
// only.
TEST(Abilities, PersianInfluenceMakesPersiaCardsFree) {
  EXPECT_EQ(buyable(price_position(kAfghan, kGhaemMagham)), "0 4");
}

// special_abilities.md, russian_influence: "Buying a Russian patriot from the market costs
// you nothing."
TEST(Abilities, RussianInfluenceMakesRussianPatriotsFree) {
  EXPECT_EQ(buyable(price_position(kRussian, kGriboyedov)), "0 5");
}

// The waiver holds even when military is favored (the price would be doubled).
TEST(Abilities, InfluenceWaiverIgnoresTheMilitaryDoubling) {
  Scenario sc = price_position(kAfghan, kBaluchiSmugglers);
  sc.s.favored_suit = Suit::kMilitary;
  sc.set_rupees(0, 2);
  EXPECT_EQ(buyable(sc), "0 1, 0 3, 1 1");
  sc.act("purchase 0 3");
  EXPECT_EQ(sc.s.rupees[0], 2);
}

// Without the card, or with the other player (Russian) holding it, the price stands.
TEST(Abilities, InfluenceHelpsOnlyItsOwnerWhileInCourt) {
  EXPECT_EQ(buyable(price_position(kAfghan, 0)), "");
  for (int card : {kBaluchiSmugglers, kGhaemMagham, kGriboyedov}) {
    Scenario other = price_position(kAfghan, 0);
    other.to_court(1, card);
    EXPECT_EQ(buyable(other), "") << card;
  }
}

// special_abilities.md, notes: "Herat/Persian/Russian Influence only waive the market
// purchase cost. A Dominance Check or event card bought from the market still costs its
// normal price."
TEST(Abilities, InfluenceDoesNotWaiveThePriceOfChecksAndEvents) {
  const std::pair<int, int> owners[] = {
      {kAfghan, kBaluchiSmugglers}, {kAfghan, kGhaemMagham}, {kRussian, kGriboyedov}};
  for (const auto& [loyalty, card] : owners) {
    Scenario sc = price_position(loyalty, card);
    sc.set_rupees(0, 3);
    sc.s.vp[1] = 2;          // keeps the game going after the check (no 4-point lead)
    sc.act("purchase 1 3");  // the Dominance Check: 3 rupees
    EXPECT_EQ(sc.s.rupees[0], 0) << card;
    for (int col = 0; col < 3; ++col) EXPECT_EQ(sc.s.market_rupees[1][col], 1) << card;
    sc.set_turn(0);
    sc.set_rupees(0, 3);
    EXPECT_FALSE(sc.can("purchase 1 4")) << card;  // the event: 4 rupees
    sc.set_rupees(0, 4);
    sc.act("purchase 1 4");
    EXPECT_EQ(sc.s.rupees[0], 3) << card;  // paid 4, Backing of Persian Aristocracy gave 3
  }
}

}  // namespace
}  // namespace pamir::testing
