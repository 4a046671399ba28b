// Scenario tests for the special abilities that protect or rescue pieces: Indispensable
// Advisors, Citadel (both cards), Bodyguards and Safe House (data/special_abilities.md, the
// table row of each ability and "Notes for the engine writer"). Each ability gets a case
// where it changes the outcome and cases where it must not (other removals, other players,
// other regions, the card gone from the court).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using namespace Coalition;

// Cards used below (data/court_cards.tsv).
constexpr int kMohanLal = 1;            // Indispensable Advisors
constexpr int kDurraniRoyalGuard = 15;  // Bodyguards; military
constexpr int kCitadelOfGhazni = 17;    // Citadel (Kabul)
constexpr int kAkaliSikhs = 38;         // battle (rank 2); no ability
constexpr int kCharlesMasson = 41;      // Safe House
constexpr int kClaudeWade = 72;         // Safe House
constexpr int kShahsGuard = 83;         // Bodyguards; military
constexpr int kArkOfBukhara = 97;       // Citadel (Transcaspia)

// ---------------------------------------------------------------------------------------
// Indispensable Advisors (card 1)
// ---------------------------------------------------------------------------------------

// Player 0 (battle card 2) has two spies on Karakul Sheep in player 1's court; players 1
// and 2 have one spy each there. Player 1 holds Mohan Lal when `advisors` is set.
Scenario card_battle_position(bool advisors) {
  Scenario sc({kAfghan, kBritish, kRussian});
  sc.to_court(0, kJanFishanKhan);
  sc.to_court(1, kKarakulSheep);
  if (advisors) sc.to_court(1, kMohanLal);
  sc.spy(0, kKarakulSheep, 2);
  sc.spy(1, kKarakulSheep);
  sc.spy(2, kKarakulSheep);
  return sc;
}

// special_abilities.md, indispensable_advisors: "Your spies cannot be removed in battles on
// court cards". Player 2's spy (no such card) is still fair game.
TEST(Abilities, IndispensableAdvisorsShieldTheOwnersSpiesInACardBattle) {
  Scenario sc = card_battle_position(true);
  sc.act("battle 2");
  sc.act("battle on card 61");
  EXPECT_EQ(sc.legal_names(), "remove spy of player 2");
  sc.act("remove spy of player 2");
  // The second removal has no target left: the battle ends.
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(spies_of(sc.s, 1, kKarakulSheep), 1);
  EXPECT_EQ(spies_of(sc.s, 2, kKarakulSheep), 0);
}

// special_abilities.md general rules: "It goes away as soon as the card leaves the court."
TEST(Abilities, IndispensableAdvisorsGoneWithTheCardLeaveSpiesExposed) {
  Scenario sc = card_battle_position(false);
  sc.act("battle 2");
  sc.act("battle on card 61");
  EXPECT_EQ(sc.legal_names(), "remove spy of player 1, remove spy of player 2");
  sc.act("remove spy of player 1");
  sc.act("remove spy of player 2");
  EXPECT_EQ(sc.s.spies_on[kKarakulSheep], 2);  // only player 0's spies are left
}

// special_abilities.md, indispensable_advisors: "Removal by other means still works: the
// card being discarded or betrayed".
TEST(Abilities, IndispensableAdvisorsDoNotSaveSpiesOnABetrayedCard) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, kBalaHissar);
  sc.to_court(1, kKarakulSheep);
  sc.to_court(1, kMohanLal);
  sc.spy(0, kKarakulSheep);
  sc.spy(1, kKarakulSheep, 2);
  sc.set_rupees(0, 2);
  sc.act("betray 16");
  sc.act("betray card 61");
  EXPECT_EQ(sc.s.card_loc[kKarakulSheep], Loc::kDiscard);
  EXPECT_EQ(sc.s.spies_on[kKarakulSheep], 0);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);
}

// ---------------------------------------------------------------------------------------
// Citadel (cards 17 and 97)
// ---------------------------------------------------------------------------------------

// Player 0 (British, battle card 38) has two armies in Kabul and two in Transcaspia; player
// 1 (Afghan) has a tribe in each, and an Afghan army stands in each.
Scenario region_battle_position(int citadel) {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(0, kAkaliSikhs);
  if (citadel) sc.to_court(1, citadel);
  for (int r : {Region::kKabul, Region::kTranscaspia}) {
    sc.army(kBritish, r, 2);
    sc.army(kAfghan, r);
    sc.tribe(1, r);
  }
  return sc;
}

// What player 0 may remove first in a battle in region r.
std::string first_removals(Scenario sc, const std::string& region) {
  sc.act("battle 38");
  sc.act("battle in " + region);
  return sc.legal_names();
}

// special_abilities.md, citadel_kabul: "Your tribes in Kabul cannot be removed in a
// battle." Transcaspia is not covered by this card.
TEST(Abilities, CitadelOfGhazniShieldsKabulTribesInBattle) {
  Scenario sc = region_battle_position(kCitadelOfGhazni);
  EXPECT_EQ(first_removals(sc, "kabul"), "remove army afghan");
  EXPECT_EQ(first_removals(sc, "transcaspia"), "remove army afghan, remove tribe of player 1");
  // Both removals in Kabul: the army goes, the tribe stays and the battle ends early.
  sc.act("battle 38");
  sc.act("battle in kabul");
  sc.act("remove army afghan");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.tribes[Region::kKabul][1], 1);
}

// special_abilities.md, citadel_transcaspia: the same for Transcaspia, not for Kabul.
TEST(Abilities, ArkOfBukharaShieldsTranscaspiaTribesInBattle) {
  Scenario sc = region_battle_position(kArkOfBukhara);
  EXPECT_EQ(first_removals(sc, "transcaspia"), "remove army afghan");
  EXPECT_EQ(first_removals(sc, "kabul"), "remove army afghan, remove tribe of player 1");
}

TEST(Abilities, CitadelShieldsOnlyItsOwnersTribes) {
  Scenario sc = region_battle_position(0);
  sc.to_court(0, kCitadelOfGhazni);  // the attacker's Citadel protects nobody else
  EXPECT_EQ(first_removals(sc, "kabul"), "remove army afghan, remove tribe of player 1");
}

// special_abilities.md, citadel_kabul: "Riots and Rebuke still remove them." Riots in Kabul
// is the discard half of card 112 (cleanup of the leftmost column).
TEST(Abilities, CitadelDoesNotStopRiots) {
  Scenario sc = region_battle_position(kCitadelOfGhazni);
  sc.to_market(0, 0, kRiotsKabulNationBuilding);
  sc.act("done");
  EXPECT_EQ(sc.s.tribes[Region::kKabul][1], 0);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 0);
}

// special_abilities.md, citadel_transcaspia: "Riots and Rebuke still remove them." Rebuke
// is the purchase half of card 116.
TEST(Abilities, CitadelDoesNotStopRebuke) {
  Scenario sc = region_battle_position(kArkOfBukhara);
  sc.to_market(0, 0, kFavorPoliticalRebuke);
  sc.act("purchase 0 0");
  sc.act("choose region transcaspia");
  EXPECT_EQ(sc.s.tribes[Region::kTranscaspia][1], 0);
}

// ---------------------------------------------------------------------------------------
// Bodyguards (cards 15 and 83)
// ---------------------------------------------------------------------------------------

// Player 0 (betray card 16, 4 rupees) has a spy on each card of player 1's court: a
// political card, an economic card and the Bodyguards card `guard` (military).
Scenario betray_position(int guard) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, kBalaHissar);
  sc.to_court(1, kAbbasMirza);
  sc.to_court(1, kKarakulSheep);
  sc.to_court(1, guard);
  for (int c : {kAbbasMirza, kKarakulSheep, guard}) sc.spy(0, c);
  sc.set_rupees(0, 4);
  return sc;
}

// special_abilities.md, bodyguards: "Nobody can betray the political cards in your court.
// Your other suits are not protected." The guard card itself is military.
TEST(Abilities, BodyguardsStopBetrayalOfTheOwnersPoliticalCards) {
  for (int guard : {kDurraniRoyalGuard, kShahsGuard}) {
    Scenario sc = betray_position(guard);
    sc.act("betray 16");
    const std::string guard_name = "betray card " + std::to_string(guard);
    EXPECT_FALSE(sc.can("betray card 75"));
    EXPECT_TRUE(sc.can("betray card 61"));
    EXPECT_TRUE(sc.can(guard_name));
    // Betraying the guard itself ends the protection for later turns.
    sc.act(guard_name);
    sc.set_turn(0);
    sc.act("betray 16");
    EXPECT_TRUE(sc.can("betray card 75"));
  }
}

TEST(Abilities, BodyguardsProtectOnlyTheirOwnersCourt) {
  Scenario sc = betray_position(kDurraniRoyalGuard);
  sc.detach(kDurraniRoyalGuard);
  sc.to_court(0, kShahsGuard);  // the betrayer's own Bodyguards
  sc.act("betray 16");
  EXPECT_TRUE(sc.can("betray card 75"));
}

// special_abilities.md, notes: "Bodyguards stops betrayal only. Battles against spies on
// those cards still work."
TEST(Abilities, BodyguardsDoNotStopBattlesOnTheGuardedCards) {
  Scenario sc = betray_position(kShahsGuard);
  sc.to_court(0, kJanFishanKhan);
  sc.spy(0, kAbbasMirza);
  sc.spy(1, kAbbasMirza);
  sc.act("battle 2");
  sc.act("battle on card 75");
  sc.act("remove spy of player 1");
  EXPECT_EQ(spies_of(sc.s, 1, kAbbasMirza), 0);
}

// ---------------------------------------------------------------------------------------
// Safe House (cards 41 and 72)
// ---------------------------------------------------------------------------------------

// Player 0 (battle card 2) has two spies on Karakul Sheep; player 1 has one there and holds
// the Safe House card `house` (none when 0).
Scenario safe_house_position(int house) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, kJanFishanKhan);
  sc.to_court(1, kKarakulSheep);
  if (house) sc.to_court(1, house);
  sc.spy(0, kKarakulSheep, 2);
  sc.spy(1, kKarakulSheep);
  return sc;
}

void remove_player_1_spy_from(Scenario& sc, int card) {
  sc.act("battle 2");
  sc.act("battle on card " + std::to_string(card));
  sc.act("remove spy of player 1");
}

// special_abilities.md, safe_house: "When another player removes one of your spies in a
// battle, you may put that spy on your Safe House card instead of returning it to your
// supply."
TEST(Abilities, SafeHouseTakesInASpyRemovedInBattle) {
  for (int house : {kCharlesMasson, kClaudeWade}) {
    Scenario sc = safe_house_position(house);
    remove_player_1_spy_from(sc, kKarakulSheep);
    EXPECT_EQ(to_move(sc.s), 1);
    EXPECT_EQ(sc.legal_names(), "done, spy on " + std::to_string(house));
    sc.act("spy on " + std::to_string(house));
    EXPECT_EQ(spies_of(sc.s, 1, house), 1);
    EXPECT_EQ(spies_of(sc.s, 1, kKarakulSheep), 0);
    EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders - 1);
    EXPECT_EQ(to_move(sc.s), 0);  // back to the battler's turn
  }
}

// "you may": declining sends the spy home as usual.
TEST(Abilities, SafeHouseMayBeDeclined) {
  Scenario sc = safe_house_position(kCharlesMasson);
  remove_player_1_spy_from(sc, kKarakulSheep);
  sc.act("done");
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// A spy removed from the Safe House card itself can only go to the other Safe House card.
TEST(Abilities, SafeHouseIsNotOfferedForTheCardTheSpyLeft) {
  Scenario sc = safe_house_position(kCharlesMasson);
  sc.spy(0, kCharlesMasson, 2);
  sc.spy(1, kCharlesMasson);
  remove_player_1_spy_from(sc, kCharlesMasson);
  EXPECT_EQ(to_move(sc.s), 0);  // no decision for player 1
  EXPECT_EQ(spies_of(sc.s, 1, kCharlesMasson), 0);

  Scenario both = safe_house_position(kCharlesMasson);
  both.to_court(1, kClaudeWade);
  both.spy(0, kCharlesMasson, 2);
  both.spy(1, kCharlesMasson);
  remove_player_1_spy_from(both, kCharlesMasson);
  EXPECT_EQ(both.legal_names(), "done, spy on 72");
}

// The ability is the spy owner's: the battler's own Safe House, or a card gone from the
// court, offers nothing.
TEST(Abilities, SafeHouseHelpsOnlyItsOwnerWhileInCourt) {
  Scenario sc = safe_house_position(0);
  sc.to_court(0, kClaudeWade);
  remove_player_1_spy_from(sc, kKarakulSheep);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);

  Scenario gone = safe_house_position(kCharlesMasson);
  gone.detach(kCharlesMasson);
  remove_player_1_spy_from(gone, kKarakulSheep);
  EXPECT_EQ(gone.s.top().kind, TaskKind::kTurnActions);
}

// special_abilities.md, safe_house, implementation note: "both implementations apply this
// to removal in battle only." A betrayed card sends its spies home.
TEST(Abilities, SafeHouseDoesNotCatchSpiesFromABetrayedCard) {
  Scenario sc = safe_house_position(kCharlesMasson);
  sc.to_court(0, kBalaHissar);
  sc.set_rupees(0, 2);
  sc.act("betray 16");
  sc.act("betray card 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(to_move(sc.s), 0);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);
}

}  // namespace
}  // namespace pamir::testing
