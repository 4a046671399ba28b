// Scenario tests for the twelve event cards, both halves (data/event_cards.tsv; rules
// notes 10, and 9 for how long lasting effects hold). A discard half is set off by putting
// the card in the leftmost market column and ending the turn (cleanup step 3); a purchase
// half by buying the card from the leftmost column (cost 0).

#include "core/dominance.h"
#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Event cards by number (data/event_cards.tsv: discard half / purchase half).
constexpr int kEmbarrassmentKohINoor = 106;
constexpr int kDisregardCourtlyManners = 107;
constexpr int kFailureToImpressRumor = 108;
constexpr int kRiotsPunjabConflictFatigue = 109;
constexpr int kNoEffectPublicWithdrawal = 111;
constexpr int kRiotsPersiaBacking = 113;
constexpr int kConfidenceFailureOtherMethods = 114;
constexpr int kFavorIntelligencePashtunwali = 115;

constexpr int kPlainEconomicCards[] = {61, 63, 67, 13, 8};  // economic, no ability, no leverage

// The current player ends the turn with the event in the leftmost column (top row).
void discard_event(Scenario& sc, int event) {
  sc.to_market(0, 0, event);
  sc.act("done");
}
// The current player buys the event from the leftmost column.
void buy_event(Scenario& sc, int event) {
  sc.to_market(0, 0, event);
  sc.act("purchase 0 0");
}
// The current player buys a Dominance Check (not the last one), which resolves it.
// Rules notes 4 "Purchase": an event is bought like any card (1 rupee per card to its left,
// the rupees on it go to the buyer) and "takes effect at once" without entering the hand.
TEST(Events, ABoughtEventIsPaidForLikeACardAndNeverHeld) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_market(1, 2, kRiotsPersiaBacking, 1);
  sc.act("purchase 1 2");
  EXPECT_EQ(sc.s.rupees[0], 4 - 2 + 1 + 3);
  EXPECT_EQ(sc.s.market_rupees[1][0], 1);
  EXPECT_EQ(sc.s.market_rupees[1][1], 1);
  EXPECT_EQ(hand_size(sc.s, 0), 0);
  EXPECT_EQ(sc.s.market[1][2], kNoCard);
  EXPECT_EQ(sc.s.actions_used, 1);
}

// ---------------------------------------------------------------------------------------
// Favored suit: Favor Military / Intelligence / Political and Pashtunwali Values
// ---------------------------------------------------------------------------------------

// 105 top: "The favored suit becomes military".
TEST(Events, FavorMilitaryDiscarded) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  discard_event(sc, kFavorMilitaryNewTactics);
  EXPECT_EQ(sc.s.favored_suit, Suit::kMilitary);
  EXPECT_EQ(sc.s.card_loc[kFavorMilitaryNewTactics], Loc::kDiscard);
}

// 115 top: "The favored suit becomes intelligence".
TEST(Events, FavorIntelligenceDiscarded) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  discard_event(sc, kFavorIntelligencePashtunwali);
  EXPECT_EQ(sc.s.favored_suit, Suit::kIntelligence);
}

// 116 top: "The favored suit becomes political".
TEST(Events, FavorPoliticalDiscarded) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.s.favored_suit = Suit::kEconomic;
  discard_event(sc, kFavorPoliticalRebuke);
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
}

// 115 bottom: "The purchaser sets the favored suit to any suit; until the next Dominance
// Check every favored-suit change (impact icons and discarded events) is ignored."
TEST(Events, PashtunwaliValuesSetsTheSuitAndHoldsItAgainstIcons) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_hand(0, 31);  // Company Weapons: army, favor_intelligence
  buy_event(sc, kFavorIntelligencePashtunwali);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kChooseSuit);
  EXPECT_EQ(sc.legal_names(),
            "choose suit economic, choose suit military, choose suit political, choose suit intelligence");
  sc.act("choose suit economic");
  EXPECT_EQ(sc.s.favored_suit, Suit::kEconomic);
  EXPECT_EQ(sc.s.card_loc[kFavorIntelligencePashtunwali], Loc::kActiveEvent);
  sc.act("play 31 left");
  EXPECT_EQ(sc.s.favored_suit, Suit::kEconomic);  // the icon is ignored
  // After the next Dominance Check, suit changes work again.
  sc.set_turn(0);
  buy_check(sc);
  EXPECT_EQ(sc.s.favored_suit, Suit::kEconomic);  // the chosen suit stays until changed
  EXPECT_EQ(sc.s.card_loc[kFavorIntelligencePashtunwali], Loc::kDiscard);
  sc.to_hand(0, 52);  // Pashtun Mercenary: army, favor_political
  sc.act("play 52 left");
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);
}

// Rules notes 10: the favored-suit events "are ignored while Pashtunwali Values is active".
TEST(Events, FavorEventsAreIgnoredUnderPashtunwaliValues) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  buy_event(sc, kFavorIntelligencePashtunwali);
  sc.act("choose suit economic");
  sc.to_market(0, 0, kFavorMilitaryNewTactics);
  sc.to_market(1, 0, kFavorPoliticalRebuke);
  sc.act("done");
  EXPECT_EQ(sc.s.card_loc[kFavorMilitaryNewTactics], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[kFavorPoliticalRebuke], Loc::kDiscard);
  EXPECT_EQ(sc.s.favored_suit, Suit::kEconomic);
}

// ---------------------------------------------------------------------------------------
// Influence: Embarrassment of Riches, Koh-i-noor Recovered, Rumor
// ---------------------------------------------------------------------------------------

// 106 top: "No player's gifts count as influence until after the next Dominance Check (that
// check included)." Player 0 (two gifts) would beat player 1 (one prize); with gifts at
// zero player 1 comes first.
TEST(Events, EmbarrassmentOfRichesZeroesGiftsThroughTheNextCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kBritish});
  sc.gift(0, 0);
  sc.gift(0, 1);
  sc.to_prize(1, 61);
  EXPECT_EQ(influence(sc.s, 0), 3);
  discard_event(sc, kEmbarrassmentKohINoor);
  EXPECT_EQ(influence(sc.s, 0), 1);
  EXPECT_EQ(influence(sc.s, 1), 2);  // prizes still count
  sc.army(Coalition::kBritish, Region::kKabul, 4);
  buy_check(sc);  // player 1's turn
  EXPECT_EQ(sc.s.vp[1], 5);
  EXPECT_EQ(sc.s.vp[0], 3);
  EXPECT_EQ(influence(sc.s, 0), 3);  // over after that check
}

// Embarrassment of Riches takes the influence of gifts, not the cylinders: they still count
// as cylinders in play for an unsuccessful check (guide "Unsuccessful Check").
TEST(Events, EmbarrassedGiftsStillCountAsCylindersInPlay) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.gift(0, 0);
  sc.gift(0, 1);
  sc.tribe(1, Region::kKabul);
  discard_event(sc, kEmbarrassmentKohINoor);
  buy_check(sc);
  EXPECT_EQ(sc.s.vp[0], 3);
  EXPECT_EQ(sc.s.vp[1], 1);
}

// 106 bottom: "Until after the next Dominance Check (that check included) each of the
// purchaser's gifts is worth one extra influence (2 instead of 1)."
TEST(Events, KohINoorRecoveredDoublesThePurchasersGiftsThroughTheNextCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kBritish});
  sc.gift(0, 0);
  sc.gift(0, 1);
  for (int i = 0; i < 3; ++i) sc.to_prize(1, kPlainEconomicCards[i]);  // influence 4
  buy_event(sc, kEmbarrassmentKohINoor);
  EXPECT_EQ(influence(sc.s, 0), 5);
  EXPECT_EQ(influence(sc.s, 1), 4);
  EXPECT_EQ(sc.s.card_loc[kEmbarrassmentKohINoor], Loc::kActiveEvent);
  sc.army(Coalition::kBritish, Region::kKabul, 4);
  buy_check(sc);
  EXPECT_EQ(sc.s.vp[0], 5);
  EXPECT_EQ(sc.s.vp[1], 3);
  EXPECT_EQ(influence(sc.s, 0), 3);
  EXPECT_EQ(sc.s.card_loc[kEmbarrassmentKohINoor], Loc::kDiscard);
}

// 108 bottom: "The purchaser picks a player; that player's patriots give no influence until
// after the next Dominance Check (that check included)."
TEST(Events, RumorSilencesTheChosenPlayersPatriotsThroughTheNextCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kBritish});
  sc.to_prize(0, 61);  // influence 2
  sc.to_court(1, 50);
  sc.to_court(1, 37);  // two British patriots: influence 3
  buy_event(sc, kFailureToImpressRumor);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kChoosePlayer);
  EXPECT_EQ(sc.legal_names(), "choose player 1");
  sc.act("choose player 1");
  EXPECT_EQ(influence(sc.s, 1), 1);
  EXPECT_EQ(influence(sc.s, 0), 2);
  sc.army(Coalition::kBritish, Region::kKabul, 4);
  buy_check(sc);
  EXPECT_EQ(sc.s.vp[0], 5);
  EXPECT_EQ(sc.s.vp[1], 3);
  EXPECT_EQ(influence(sc.s, 1), 3);
}

// ---------------------------------------------------------------------------------------
// Bribes: Disregard for Customs, Courtly Manners
// ---------------------------------------------------------------------------------------

// Player 0 rules Kabul (two tribes) and holds card 61 of player 1 hostage (two spies).
// Player 1 holds Bala Hissar (Kabul) in hand; a market card carries a rupee to tax.
Scenario bribe_position() {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.tribe(0, Region::kKabul, 2);
  sc.to_court(1, 61);
  sc.spy(0, 61, 2);
  sc.to_hand(1, 16);
  sc.set_market_rupees(1, 3, 1);
  return sc;
}

TEST(Events, BribesAreOwedWithoutAnEvent) {
  Scenario sc = bribe_position();
  sc.set_turn(1);
  sc.act("play 16 left");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_EQ(to_move(sc.s), 0);
  sc.set_turn(1);
  sc.act("tax 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_EQ(to_move(sc.s), 0);
}

// 107 top: "Until the next Dominance Check nobody pays any bribe (neither ruler bribes for
// playing cards nor hostage bribes for card actions)."
TEST(Events, DisregardForCustomsWaivesBothKindsOfBribe) {
  Scenario sc = bribe_position();
  discard_event(sc, kDisregardCourtlyManners);  // player 0's cleanup; player 1 is next
  ASSERT_EQ(sc.s.current, 1);
  sc.act("play 16 left");
  EXPECT_TRUE(sc.s.in_court(1, 16));
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.rupees[1], 4);
  sc.act("tax 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
  EXPECT_EQ(to_move(sc.s), 1);
  // It ends with the next Dominance Check.
  sc.set_turn(1);
  buy_check(sc);
  EXPECT_EQ(sc.s.global_effects, 0);
}

// 107 bottom: "Until the next Dominance Check the purchaser may refuse to pay any bribe and
// still act as if it were paid." Other players still owe theirs.
TEST(Events, CourtlyMannersSparesOnlyThePurchaser) {
  Scenario sc = bribe_position();
  sc.tribe(1, Region::kPersia);  // player 1 rules Persia
  sc.to_hand(0, 75);             // Abbas Mirza (Persia)
  sc.set_turn(1);
  buy_event(sc, kDisregardCourtlyManners);
  EXPECT_EQ(sc.s.card_loc[kDisregardCourtlyManners], Loc::kActiveEvent);
  sc.act("play 16 left");
  EXPECT_TRUE(sc.s.in_court(1, 16));
  EXPECT_EQ(sc.s.rupees[1], 4);
  sc.set_turn(1);
  sc.act("tax 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTax);
  sc.set_turn(0);
  sc.act("play 75 left");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kBribeDemand);
  EXPECT_EQ(to_move(sc.s), 1);
}

// ---------------------------------------------------------------------------------------
// Prizes: Failure to Impress
// ---------------------------------------------------------------------------------------

// 108 top: "Every player discards all loyalty prizes they hold (loyalty itself does not
// change)."
TEST(Events, FailureToImpressDiscardsEveryPrizeButKeepsLoyalty) {
  Scenario sc({Coalition::kAfghan, Coalition::kRussian});
  sc.to_prize(0, 61);
  sc.to_prize(0, 63);
  sc.to_prize(1, 67);
  sc.gift(1, 0);
  discard_event(sc, kFailureToImpressRumor);
  EXPECT_EQ(sc.s.prizes[0], 0);
  EXPECT_EQ(sc.s.prizes[1], 0);
  for (int c : {61, 63, 67}) EXPECT_EQ(sc.s.card_loc[c], Loc::kDiscard);
  EXPECT_EQ(sc.s.loyalty[0], Coalition::kAfghan);
  EXPECT_EQ(sc.s.loyalty[1], Coalition::kRussian);
  EXPECT_EQ(gifts(sc.s, 1), 1);  // gifts are no prizes
}

// ---------------------------------------------------------------------------------------
// Riots and Rebuke
// ---------------------------------------------------------------------------------------

// Per region: a political card (overthrown with the last tribe) and a card of another
// suit (which stays).
struct RegionCards {
  int political, other;
};
RegionCards cards_of(int region) {
  switch (region) {
    case Region::kKabul:
      return {7, 9};
    case Region::kPunjab:
      return {26, 29};
    case Region::kHerat:
      return {57, 61};
    default:
      return {75, 82};  // Persia
  }
}

// Player 0: two tribes in the region, a tribe in Transcaspia, the region's political card
// and a non-political card of the region. Player 1: a tribe in the region. Armies of two
// coalitions in the region and one outside; a road on a border of the region.
void prepare_riot(Scenario& sc, int region) {
  const RegionCards cards = cards_of(region);
  sc.to_court(0, cards.political);
  sc.to_court(0, cards.other);
  sc.tribe(0, region, 2);
  sc.tribe(0, Region::kTranscaspia);
  sc.tribe(1, region);
  sc.army(Coalition::kBritish, region, 2);
  sc.army(Coalition::kRussian, region, 1);
  sc.army(Coalition::kRussian, Region::kTranscaspia, 1);
  for (int b = 0; b < kNumBorders; ++b)
    if (border_touches(b, region)) {
      sc.road(Coalition::kAfghan, b);
      break;
    }
}

// Rules notes 10: "Riots and Rebuke remove tribes and armies only. Roads stay. The
// overthrow rule then applies to every player who lost their last tribe there."
void expect_riot(const Scenario& sc, int region) {
  const RegionCards cards = cards_of(region);
  for (int p = 0; p < 2; ++p) EXPECT_EQ(sc.s.tribes[region][p], 0);
  for (int k = 0; k < Coalition::kCount; ++k) EXPECT_EQ(sc.s.armies[region][k], 0);
  EXPECT_EQ(sc.s.tribes[Region::kTranscaspia][0], 1);
  EXPECT_EQ(sc.s.armies[Region::kTranscaspia][Coalition::kRussian], 1);
  EXPECT_EQ(sc.s.blocks_in_supply[Coalition::kAfghan], kBlocksPerCoalition - 1);  // the road
  EXPECT_EQ(sc.s.card_loc[cards.political], Loc::kDiscard);                       // overthrown
  EXPECT_TRUE(sc.s.in_court(0, cards.other));
}

void riot_test(int event, int region) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  prepare_riot(sc, region);
  discard_event(sc, event);
  expect_riot(sc, region);
  EXPECT_EQ(sc.s.card_loc[event], Loc::kDiscard);
}

// 109, 110, 112, 113 top halves: "Remove every tribe ... and every army ... in <region>;
// roads stay. Overthrow rule applies to lost tribes."
TEST(Events, RiotsInPunjab) { riot_test(kRiotsPunjabConflictFatigue, Region::kPunjab); }
TEST(Events, RiotsInHerat) { riot_test(kRiotsHeratNationalism, Region::kHerat); }
TEST(Events, RiotsInKabul) { riot_test(kRiotsKabulNationBuilding, Region::kKabul); }
TEST(Events, RiotsInPersia) { riot_test(kRiotsPersiaBacking, Region::kPersia); }

// A political card of the rioted region stays with a player who had no tribe there: the
// overthrow rule follows lost tribes only.
TEST(Events, RiotsSpareThePoliticalCardsOfPlayersWithoutTribesThere) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_court(1, 26);
  sc.tribe(0, Region::kPunjab);
  discard_event(sc, kRiotsPunjabConflictFatigue);
  EXPECT_TRUE(sc.s.in_court(1, 26));
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 0);
}

// 116 bottom: "The purchaser picks one region and removes every tribe and every army there;
// roads stay. Overthrow rule applies to lost tribes."
TEST(Events, RebukeRemovesTribesAndArmiesOfTheChosenRegion) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  prepare_riot(sc, Region::kHerat);
  buy_event(sc, kFavorPoliticalRebuke);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kChooseRegion);
  EXPECT_EQ(sc.legal_names(),
            "choose region kabul, choose region punjab, choose region kandahar, choose region herat, "
            "choose region persia, choose region transcaspia");
  sc.act("choose region herat");
  expect_riot(sc, Region::kHerat);
  EXPECT_EQ(sc.s.card_loc[kFavorPoliticalRebuke], Loc::kDiscard);
  EXPECT_EQ(sc.s.favored_suit, Suit::kPolitical);  // the other half does nothing
}

// ---------------------------------------------------------------------------------------
// No effect / Public Withdrawal
// ---------------------------------------------------------------------------------------

// 111 top: "Nothing happens when this card is discarded from the market."
TEST(Events, NoEffectDiscardedChangesNothing) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.tribe(0, Region::kKabul);
  sc.to_prize(1, 61);
  const State before = sc.s;
  discard_event(sc, kNoEffectPublicWithdrawal);
  EXPECT_EQ(sc.s.card_loc[kNoEffectPublicWithdrawal], Loc::kDiscard);
  EXPECT_EQ(sc.s.favored_suit, before.favored_suit);
  EXPECT_EQ(sc.s.global_effects, 0);
  EXPECT_EQ(sc.s.player_effects[0] | sc.s.player_effects[1], 0);
  EXPECT_EQ(std::memcmp(sc.s.cylinder, before.cylinder, sizeof before.cylinder), 0);
  EXPECT_EQ(std::memcmp(sc.s.rupees, before.rupees, sizeof before.rupees), 0);
  EXPECT_EQ(sc.s.prizes[1], 1);
}

// 111 bottom: "Cannot be purchased."
TEST(Events, PublicWithdrawalCannotBeBought) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_market(0, 1, kNoEffectPublicWithdrawal);
  EXPECT_FALSE(sc.can("purchase 0 1"));
  EXPECT_TRUE(sc.can("purchase 0 2"));
  sc.to_market(0, 0, kNoEffectPublicWithdrawal);
  EXPECT_FALSE(sc.can("purchase 0 0"));
}

// 111 bottom: "While it sits in the market any rupee that would be placed on it (purchase
// or action payments) is removed from the game instead."
TEST(Events, RupeesPaidOntoPublicWithdrawalLeaveTheGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_market(0, 1, kNoEffectPublicWithdrawal);
  sc.act("purchase 0 2");
  EXPECT_EQ(sc.s.market_rupees[0][0], 1);
  EXPECT_EQ(sc.s.market_rupees[0][1], 0);
  EXPECT_EQ(sc.s.rupees_removed, 1);
  EXPECT_EQ(sc.s.rupees[0], 2);
  // An action cost: the gift's 2 rupees go to the rightmost cards, top row first.
  sc.to_market(0, 5, kNoEffectPublicWithdrawal);
  sc.to_court(0, 4);  // Charles Stoddart: gift
  sc.set_rupees(0, 2);
  sc.act("gift 4");
  sc.act("gift cost 2");
  EXPECT_EQ(sc.s.market_rupees[0][5], 0);
  EXPECT_EQ(sc.s.market_rupees[1][5], 1);
  EXPECT_EQ(sc.s.rupees_removed, 2);
}

// Guide "Cleanup Phase" 4: leftover rupees on a space "are placed on the new card" that
// moves there; 111 bottom: "any rupee that would be placed on it ... is removed from the
// game instead". So Public Withdrawal sliding onto leftover rupees removes them.
TEST(Events, LeftoverRupeesMovingOntoPublicWithdrawalLeaveTheGame) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_market(0, 0, kRiotsPersiaBacking, 2);  // Riots in Persia, with nobody in Persia
  sc.to_market(0, 1, kNoEffectPublicWithdrawal);
  sc.act("done");
  ASSERT_EQ(sc.s.market[0][0], kNoEffectPublicWithdrawal);
  EXPECT_EQ(sc.s.market_rupees[0][0], 0);
  EXPECT_EQ(sc.s.rupees_removed, 2);
}

// ---------------------------------------------------------------------------------------
// Actions: New Tactics, Nationalism, Nation Building, Conflict Fatigue
// ---------------------------------------------------------------------------------------

// 105 bottom: "Until the next Dominance Check, every military card in the purchaser's court
// counts as favored (its action is a bonus action)."
TEST(Events, NewTacticsMakesThePurchasersMilitaryActionsBonusActions) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_court(0, 31);  // Company Weapons: military, tax
  sc.to_court(1, 38);  // Akali Sikhs: military
  sc.set_market_rupees(1, 2, 1);
  buy_event(sc, kFavorMilitaryNewTactics);
  EXPECT_EQ(sc.s.card_loc[kFavorMilitaryNewTactics], Loc::kActiveEvent);
  EXPECT_EQ(sc.s.actions_used, 1);
  EXPECT_TRUE(is_favored(sc.s, 0, 31));
  EXPECT_FALSE(is_favored(sc.s, 1, 38));  // only the purchaser's cards
  sc.act("tax 31");
  sc.act("tax market 1 2");
  EXPECT_EQ(sc.s.actions_used, 1);  // the tax was a bonus action
  buy_check(sc);
  EXPECT_FALSE(is_favored(sc.s, 0, 31));
  EXPECT_EQ(sc.s.card_loc[kFavorMilitaryNewTactics], Loc::kDiscard);
}

// 110 bottom: "Until the next Dominance Check the purchaser's tribes may move (with move
// actions, needing a road like armies) ..."
TEST(Events, NationalismLetsTribesMoveAlongRoads) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.to_court(0, 9);  // Afghan Handicrafts: move
  sc.tribe(0, Region::kKabul);
  sc.road(Coalition::kBritish, border_between(Region::kKabul, Region::kPunjab));
  sc.road(Coalition::kRussian, border_between(Region::kKabul, Region::kHerat));
  EXPECT_FALSE(sc.can("move 9"));  // a tribe cannot move without Nationalism
  buy_event(sc, kRiotsHeratNationalism);
  sc.act("move 9");
  EXPECT_EQ(sc.legal_names(), "move tribe kabul");
  sc.act("move tribe kabul");
  EXPECT_EQ(sc.legal_names(), "move to punjab");  // only along a road of its own coalition
  sc.act("move to punjab");
  EXPECT_EQ(sc.s.tribes[Region::kKabul][0], 0);
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 1);
}

// 110 bottom: "... and fight in battles as if they were loyal armies."
TEST(Events, NationalismLetsTribesFightAsArmies) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.to_court(0, 59);  // Tajik Warband: battle, rank 2
  sc.tribe(0, Region::kHerat, 2);
  sc.army(Coalition::kRussian, Region::kHerat, 3);
  EXPECT_FALSE(sc.can("battle 59"));  // no army to fight with
  buy_event(sc, kRiotsHeratNationalism);
  sc.act("battle 59");
  sc.act("battle in herat");
  sc.act("remove army russian");
  sc.act("remove army russian");
  EXPECT_EQ(sc.s.armies[Region::kHerat][Coalition::kRussian], 1);  // two tribes: two removals
}

// 112 bottom: "Until the next Dominance Check each build action by the purchaser places twice
// as many blocks for the same cost (up to 6 blocks, 2 rupees per pair)."
TEST(Events, NationBuildingPlacesUpToSixBlocksAtTwoRupeesPerPair) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.to_court(0, 14);  // Money Lenders: build
  sc.tribe(0, Region::kKabul);
  sc.set_rupees(0, 6);
  buy_event(sc, kRiotsKabulNationBuilding);
  sc.act("build 14");
  for (int i = 0; i < 6; ++i) sc.act("build army kabul");
  EXPECT_EQ(sc.s.armies[Region::kKabul][Coalition::kBritish], 6);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);  // the sixth block ended the build
}

TEST(Events, NationBuildingChargesAStartedPairInFull) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.to_court(0, 14);
  sc.tribe(0, Region::kKabul);
  sc.set_rupees(0, 6);
  buy_event(sc, kRiotsKabulNationBuilding);
  sc.act("build 14");
  for (int i = 0; i < 3; ++i) sc.act("build army kabul");
  sc.act("done");
  EXPECT_EQ(sc.s.rupees[0], 2);  // 3 blocks: two pairs' worth, 4 rupees
}

// 109 bottom: "At the next Dominance Check a coalition is dominant with only 2 more blocks
// than each other coalition (instead of 4)."
TEST(Events, ConflictFatigueLowersTheLeadToTwoForTheNextCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  sc.s.vp[1] = 2;  // keeps the game going after the check (no 4-point lead)
  sc.army(Coalition::kBritish, Region::kKabul, 2);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kNone);
  buy_event(sc, kRiotsPunjabConflictFatigue);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kBritish);
  buy_check(sc);
  EXPECT_EQ(sc.s.vp[0], 5);  // successful
  EXPECT_EQ(sc.s.vp[1], 2);
  ASSERT_FALSE(sc.s.game_over());
  sc.army(Coalition::kBritish, Region::kKabul, 2);
  EXPECT_EQ(dominant_coalition(sc.s), Coalition::kNone);  // back to 4
}

// ---------------------------------------------------------------------------------------
// Rupees and hands: Backing of Persian Aristocracy, Other Persuasive Methods, Confidence
// Failure
// ---------------------------------------------------------------------------------------

// 113 bottom: "The purchaser takes 3 rupees from the bank."
TEST(Events, BackingOfPersianAristocracyGivesThreeRupees) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  const int bank = sc.s.bank;
  buy_event(sc, kRiotsPersiaBacking);
  EXPECT_EQ(sc.s.rupees[0], 7);
  EXPECT_EQ(sc.s.bank, bank - 3);
  EXPECT_EQ(sc.s.card_loc[kRiotsPersiaBacking], Loc::kDiscard);
}

// 114 bottom: "The purchaser swaps their whole hand with the hand of another player of
// their choice (either hand may be empty)."
TEST(Events, OtherPersuasiveMethodsSwapsHands) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.to_hand(0, 61);
  sc.to_hand(0, 63);
  sc.to_hand(2, 67);
  buy_event(sc, kConfidenceFailureOtherMethods);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kChoosePlayer);
  EXPECT_EQ(sc.legal_names(), "choose player 1, choose player 2");
  sc.act("choose player 2");
  EXPECT_TRUE(sc.s.in_hand(0, 67));
  EXPECT_TRUE(sc.s.in_hand(2, 61) && sc.s.in_hand(2, 63));
  EXPECT_EQ(hand_size(sc.s, 0), 1);
  EXPECT_EQ(hand_size(sc.s, 2), 2);
}

TEST(Events, OtherPersuasiveMethodsMaySwapAnEmptyHand) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish});
  sc.to_hand(1, 67);
  buy_event(sc, kConfidenceFailureOtherMethods);
  sc.act("choose player 1");
  EXPECT_TRUE(sc.s.in_hand(0, 67));
  EXPECT_EQ(hand_size(sc.s, 1), 0);
  // And the other way round: giving away a hand for nothing.
  sc.set_turn(0);
  buy_event(sc, kConfidenceFailureOtherMethods);
  sc.act("choose player 1");
  EXPECT_EQ(hand_size(sc.s, 0), 0);
  EXPECT_TRUE(sc.s.in_hand(1, 67));
}

// 114 top: "Every player who has cards in hand must immediately discard one card from hand."
// Section 9 / timing: in turn order from the player whose cleanup it is, each choosing.
TEST(Events, ConfidenceFailureMakesEachPlayerDiscardOneInTurnOrder) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian}, 1, /*first=*/1);
  sc.to_hand(0, 61);
  sc.to_hand(1, 63);
  sc.to_hand(2, 67);
  sc.to_hand(2, 13);
  discard_event(sc, kConfidenceFailureOtherMethods);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kConfidenceFailure);
  EXPECT_EQ(to_move(sc.s), 1);
  EXPECT_EQ(sc.legal_names(), "discard 63");
  sc.act("discard 63");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kConfidenceFailure);
  EXPECT_EQ(to_move(sc.s), 2);
  EXPECT_EQ(sc.legal_names(), "discard 13, discard 67");
  sc.act("discard 67");
  ASSERT_EQ(sc.s.top().kind, TaskKind::kConfidenceFailure);
  EXPECT_EQ(to_move(sc.s), 0);
  sc.act("discard 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.current, 2);
  EXPECT_EQ(hand_size(sc.s, 2), 1);
  EXPECT_TRUE(sc.s.in_hand(2, 13));
}

TEST(Events, ConfidenceFailureSkipsEmptyHands) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian});
  sc.to_hand(2, 67);
  discard_event(sc, kConfidenceFailureOtherMethods);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kConfidenceFailure);
  EXPECT_EQ(to_move(sc.s), 2);
  sc.act("discard 67");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.current, 1);
}

// ---------------------------------------------------------------------------------------
// Duration
// ---------------------------------------------------------------------------------------

// Rules notes 9: lasting effects end once the next Dominance Check is scored; the bought
// cards that marked them are discarded.
TEST(Events, LastingEffectsEndAfterTheNextDominanceCheck) {
  Scenario sc({Coalition::kBritish, Coalition::kRussian});
  buy_event(sc, kRiotsKabulNationBuilding);
  buy_event(sc, kRiotsPunjabConflictFatigue);
  sc.set_turn(0);
  buy_event(sc, kFavorMilitaryNewTactics);
  EXPECT_NE(sc.s.player_effects[0], 0);
  EXPECT_NE(sc.s.global_effects, 0);
  buy_check(sc);
  EXPECT_EQ(sc.s.player_effects[0], 0);
  EXPECT_EQ(sc.s.global_effects, 0);
  for (int c : {kRiotsKabulNationBuilding, kRiotsPunjabConflictFatigue, kFavorMilitaryNewTactics})
    EXPECT_EQ(sc.s.card_loc[c], Loc::kDiscard);
}

}  // namespace
}  // namespace pamir::testing
