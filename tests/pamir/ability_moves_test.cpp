// Scenario tests for the special abilities that move or place pieces: Strange Bedfellows,
// Well-Connected, Indian Supplies (also with the Nationalism event) and Blackmail (both
// cards) (data/special_abilities.md, the table row of each ability).

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using namespace Coalition;

// Cards used below (data/court_cards.tsv).
constexpr int kAlexanderBurnes = 21;  // Strange Bedfellows; move (rank 2), Punjab
constexpr int kKhyberPass = 29;       // move (rank 2), Punjab; no ability
constexpr int kCountPerovsky = 100;   // Transcaspia, military; no ability
constexpr int kGiljeeNobles = 43;     // Blackmail (Kandahar); Kandahar
constexpr int kBolanPass = 47;        // Kandahar; no ability
constexpr int kFruitMarkets = 48;     // Kandahar; no ability
constexpr int kSirJohnKeane = 51;     // Indian Supplies; British patriot
constexpr int kHeratiBandits = 54;    // Blackmail (Herat); Herat
constexpr int kYarMohammad = 56;      // Well-Connected; Herat
constexpr int kFarahRoad = 63;        // move (rank 3), Herat; no ability
constexpr int kOpiumFields = 64;      // Herat; no ability

// The legal destinations after starting a move with `move_card` and picking the piece
// `piece` ("spy 8", "army kandahar").
std::string destinations(Scenario sc, int p, int move_card, const std::string& piece) {
  sc.set_turn(p);
  sc.act("move " + std::to_string(move_card));
  sc.act("move " + piece);
  return sc.legal_names();
}

// ---------------------------------------------------------------------------------------
// Strange Bedfellows (card 21)
// ---------------------------------------------------------------------------------------

// The court track: player 0 [mover, 61, 8], player 1 [63, 16, 64]. Spies of both players sit
// on Kabul Bazaar (8); its neighbours are 61 and 63, and Bala Hissar (16) is the other Kabul
// card, two steps away.
Scenario bedfellows_position(int mover) {
  Scenario sc({kAfghan, kBritish});
  for (int c : {mover, kKarakulSheep, kKabulBazaar}) sc.to_court(0, c);
  for (int c : {kFarahRoad, kBalaHissar, kOpiumFields}) sc.to_court(1, c);
  sc.spy(0, kKabulBazaar);
  sc.spy(1, kKabulBazaar);
  return sc;
}

// special_abilities.md, strange_bedfellows: "each step may go from its card to any court
// card (in any player's court) of the same region ... Ordinary steps to the neighbouring
// card are still allowed."
TEST(Abilities, StrangeBedfellowsLetASpyStepToAnyCardOfItsRegion) {
  Scenario sc = bedfellows_position(kAlexanderBurnes);
  EXPECT_EQ(destinations(sc, 0, kAlexanderBurnes, "spy 8"),
            "move to card 16, move to card 61, move to card 63");
}

// Without the card (a plain move card in its place) and for the other player, only the
// neighbours.
TEST(Abilities, StrangeBedfellowsHelpOnlyTheirOwnerWhileInCourt) {
  Scenario plain = bedfellows_position(kKhyberPass);
  EXPECT_EQ(destinations(plain, 0, kKhyberPass, "spy 8"), "move to card 61, move to card 63");
  Scenario sc = bedfellows_position(kAlexanderBurnes);
  EXPECT_EQ(destinations(sc, 1, kFarahRoad, "spy 8"), "move to card 61, move to card 63");
}

// ---------------------------------------------------------------------------------------
// Well-Connected (card 56)
// ---------------------------------------------------------------------------------------

// The court track: player 0 [29, 61, 8, (56)], player 1 [63, 16, 64, 100]. Spies of both
// players sit on Kabul Bazaar (8).
Scenario well_connected_position(bool ability) {
  Scenario sc({kAfghan, kBritish});
  for (int c : {kKhyberPass, kKarakulSheep, kKabulBazaar}) sc.to_court(0, c);
  if (ability) sc.to_court(0, kYarMohammad);
  for (int c : {kFarahRoad, kBalaHissar, kOpiumFields, kCountPerovsky}) sc.to_court(1, c);
  sc.spy(0, kKabulBazaar);
  sc.spy(1, kKabulBazaar);
  return sc;
}

// special_abilities.md, well_connected: "each step of movement may cover 2 cards instead of
// 1 (in either direction around the table's combined court track)."
TEST(Abilities, WellConnectedSpiesStepOverOneCard) {
  Scenario sc = well_connected_position(true);
  // Track: 29 61 8 56 | 63 16 64 100. From 8: 61 and 29 to the left, 56 and 63 to the right.
  EXPECT_EQ(destinations(sc, 0, kKhyberPass, "spy 8"),
            "move to card 29, move to card 56, move to card 61, move to card 63");
  // A two-card step is one move of the two the card allows.
  sc.act("move 29");
  sc.act("move spy 8");
  sc.act("move to card 63");
  sc.act("move spy 63");
  sc.act("move to card 64");
  EXPECT_EQ(spies_of(sc.s, 0, kOpiumFields), 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

TEST(Abilities, WellConnectedHelpsOnlyItsOwnerWhileInCourt) {
  Scenario plain = well_connected_position(false);
  EXPECT_EQ(destinations(plain, 0, kKhyberPass, "spy 8"), "move to card 61, move to card 63");
  Scenario sc = well_connected_position(true);
  EXPECT_EQ(destinations(sc, 1, kFarahRoad, "spy 8"), "move to card 56, move to card 61");
}

// ---------------------------------------------------------------------------------------
// Indian Supplies (card 51)
// ---------------------------------------------------------------------------------------

// Player 0 (British, move card 29) has an army in Kandahar and a tribe in Kabul; player 1
// (Russian, move card 63) has an army in Herat. No roads anywhere.
Scenario supplies_position(bool ability) {
  Scenario sc({kBritish, kRussian});
  sc.to_court(0, kKhyberPass);
  if (ability) sc.to_court(0, kSirJohnKeane);
  sc.to_court(1, kFarahRoad);
  sc.army(kBritish, Region::kKandahar);
  sc.army(kRussian, Region::kHerat);
  sc.tribe(0, Region::kKabul);
  return sc;
}

// special_abilities.md, indian_supplies: "Your loyal armies may move to an adjacent region
// without a road of your coalition on that border."
TEST(Abilities, IndianSuppliesMoveArmiesWithoutRoads) {
  Scenario sc = supplies_position(true);
  EXPECT_EQ(destinations(sc, 0, kKhyberPass, "army kandahar"),
            "move to kabul, move to punjab, move to herat");
  // The tribe does not move: that needs Nationalism.
  sc.act("move 29");
  EXPECT_EQ(sc.legal_names(), "move army kandahar");
}

TEST(Abilities, IndianSuppliesHelpOnlyTheirOwnerWhileInCourt) {
  Scenario plain = supplies_position(false);
  EXPECT_FALSE(plain.offers("move 29"));  // nothing can move without a road
  Scenario sc = supplies_position(true);
  sc.set_turn(1);
  EXPECT_FALSE(sc.offers("move 63"));
}

// special_abilities.md, indian_supplies: "Under Nationalism this also applies to your
// tribes in both implementations." Nationalism is the purchase half of card 110; without
// Indian Supplies it moves tribes along roads only (Events.NationalismLetsTribesMoveAlongRoads).
TEST(Abilities, IndianSuppliesUnderNationalismMoveTribesWithoutRoads) {
  Scenario sc = supplies_position(true);
  sc.to_market(0, 0, kRiotsHeratNationalism);
  sc.act("purchase 0 0");
  EXPECT_EQ(destinations(sc, 0, kKhyberPass, "tribe kabul"),
            "move to punjab, move to kandahar, move to herat, move to transcaspia");
  Scenario plain = supplies_position(false);
  plain.to_market(0, 0, kRiotsHeratNationalism);
  plain.act("purchase 0 0");
  EXPECT_FALSE(plain.offers("move 29"));
}

// ---------------------------------------------------------------------------------------
// Blackmail (cards 43 and 54)
// ---------------------------------------------------------------------------------------

// A market of court cards with no ability and no event, so that a cleanup changes nothing.
void quiet_market(Scenario& sc) { sc.set_market({9, 10, 11, 12, 13, 14}, {30, 31, 33, 34, 35, 36}); }

// Player 0 holds the Blackmail cards `blackmailers`; player 1 holds Kandahar cards 47 and 48
// (48 with a spy of player 1 on it) and the Herat card 61. Player 1 is about to end a turn.
Scenario blackmail_position(std::initializer_list<int> blackmailers) {
  Scenario sc({kAfghan, kBritish});
  quiet_market(sc);
  for (int c : blackmailers) sc.to_court(0, c);
  for (int c : {kBolanPass, kFruitMarkets, kKarakulSheep}) sc.to_court(1, c);
  sc.spy(1, kFruitMarkets);
  sc.set_turn(1);
  return sc;
}

// special_abilities.md, blackmail_kandahar: "At the start of your turn, before your actions,
// you may place one of your spies on any Kandahar court card in any court, your own
// included, that has no spies at all."
TEST(Abilities, BlackmailPlacesASpyAtTheStartOfTheTurn) {
  Scenario sc = blackmail_position({kGiljeeNobles});
  sc.act("done");  // player 1's turn ends; player 0's begins
  ASSERT_EQ(sc.s.current, 0);
  EXPECT_EQ(to_move(sc.s), 0);
  EXPECT_EQ(sc.legal_names(), "done, spy on 43, spy on 47");
  sc.act("spy on 47");
  EXPECT_EQ(spies_of(sc.s, 0, kBolanPass), 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.actions_used, 0);  // not an action
}

// "you may": declining places nothing.
TEST(Abilities, BlackmailMayBeDeclined) {
  Scenario sc = blackmail_position({kGiljeeNobles});
  sc.act("done");
  sc.act("done");
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(to_move(sc.s), 0);
}

// special_abilities.md, blackmail_herat: "The same as above, for a Herat court card. With
// both Blackmail cards you may place one spy for each."
TEST(Abilities, BothBlackmailCardsPlaceOneSpyEachInTheirRegions) {
  Scenario sc = blackmail_position({kGiljeeNobles, kHeratiBandits});
  sc.act("done");
  EXPECT_EQ(sc.legal_names(), "done, spy on 43, spy on 47");
  sc.act("spy on 43");
  EXPECT_EQ(sc.legal_names(), "done, spy on 54, spy on 61");
  sc.act("spy on 61");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(spies_of(sc.s, 0, kGiljeeNobles), 1);
  EXPECT_EQ(spies_of(sc.s, 0, kKarakulSheep), 1);
}

// special_abilities.md, blackmail_herat: Herati Bandits alone offers Herat cards only (the
// spy-free Kandahar card 47 is not among them).
TEST(Abilities, BlackmailHeratOffersOnlyHeratCards) {
  Scenario sc = blackmail_position({kHeratiBandits});
  sc.act("done");
  EXPECT_EQ(sc.legal_names(), "done, spy on 54, spy on 61");
  sc.act("spy on 54");  // the card itself, in its owner's court, is a target too
  EXPECT_EQ(spies_of(sc.s, 0, kHeratiBandits), 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// The ability is its owner's, at the start of the owner's turn only, and only while the card
// is in court.
TEST(Abilities, BlackmailIsOnlyForItsOwnerWhileInCourt) {
  Scenario other = blackmail_position({});
  other.detach(kFruitMarkets);
  other.to_court(1, kGiljeeNobles);  // player 1's Blackmail
  other.act("done");
  EXPECT_EQ(other.s.top().kind, TaskKind::kTurnActions);  // nothing for player 0
  other.act("done");
  EXPECT_EQ(other.s.current, 1);
  EXPECT_EQ(other.legal_names(), "done, spy on 43, spy on 47");  // player 1's own turn

  Scenario gone = blackmail_position({kGiljeeNobles});
  gone.detach(kGiljeeNobles);
  gone.act("done");
  EXPECT_EQ(gone.s.top().kind, TaskKind::kTurnActions);
}

// "that has no spies at all": with every Kandahar card spied on there is nothing to offer.
TEST(Abilities, BlackmailNeedsACardWithoutSpies) {
  Scenario sc = blackmail_position({kGiljeeNobles});
  sc.spy(1, kGiljeeNobles);
  sc.spy(1, kBolanPass);
  sc.act("done");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(to_move(sc.s), 0);
}

}  // namespace
}  // namespace pamir::testing
