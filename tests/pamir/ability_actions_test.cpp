// Scenario tests for the special abilities tied to actions and checks: Insurrection (after
// a Dominance Check), Infrastructure (after a build), Savvy Operator and Irregulars (bonus
// actions, also with the New Tactics event) (data/special_abilities.md, the table row of each
// ability and "Notes for the engine writer").

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using namespace Coalition;

// Cards used below (data/court_cards.tsv).
constexpr int kPrinceAkbarKhan = 3;     // Insurrection; Afghan patriot
constexpr int kBalkhArsenicMine = 10;   // build, betray; no ability
constexpr int kCivicImprovements = 78;  // Infrastructure; build
constexpr int kNasrullahKhan = 90;      // political: tax, betray; no ability
constexpr int kAllahQuliBahadur = 91;   // Savvy Operator; political: betray
constexpr int kCossacks = 99;           // Irregulars; military: battle; Russian patriot

// ---------------------------------------------------------------------------------------
// Insurrection (card 3)
// ---------------------------------------------------------------------------------------

// Player 1 (Afghan) holds Prince Akbar Khan; player 0 (British) is to move. No cylinders in
// play, so a failed check scores 2 each (the 3 and 1 shared).
Scenario insurrection_position() {
  Scenario sc({kBritish, kAfghan});
  sc.to_court(1, kPrinceAkbarKhan);
  return sc;
}

// special_abilities.md, insurrection: "After each Dominance Check is resolved, whoever has
// this card in court places 2 Afghan armies in Kabul." A failed check removes no blocks.
// (A successful one: Dominance.InsurrectionPlacesTwoAfghanArmiesAfterTheCheck.)
TEST(Abilities, InsurrectionFollowsAFailedCheckOnAnotherPlayersTurn) {
  Scenario sc = insurrection_position();
  sc.army(kBritish, Region::kPunjab);
  buy_check(sc);
  ASSERT_FALSE(sc.s.game_over());
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 2);
  EXPECT_EQ(sc.s.armies[Region::kPunjab][kBritish], 1);
  EXPECT_EQ(to_move(sc.s), 0);
}

// special_abilities.md, insurrection: "It does not happen when the game ends on that
// check": the final check ...
TEST(Abilities, InsurrectionDoesNotFollowTheFinalCheck) {
  Scenario sc = insurrection_position();
  for (int c = kFirstDominanceCheck + 1; c < kFirstDominanceCheck + kNumDominanceChecks; ++c) sc.detach(c);
  sc.s.dominance_checks_resolved = 3;
  buy_check(sc);
  ASSERT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.blocks_in_supply[kAfghan], kBlocksPerCoalition);
}

// ... or a check after which a player leads by 4 points (player 1's tribe scores 3 against
// player 0's 1, on top of 2 already).
TEST(Abilities, InsurrectionDoesNotFollowACheckWonByAFourPointLead) {
  Scenario sc = insurrection_position();
  sc.tribe(1, Region::kKandahar);
  sc.s.vp[1] = 2;
  buy_check(sc);
  ASSERT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.blocks_in_supply[kAfghan], kBlocksPerCoalition);
}

// The card must be in a court: in hand it does nothing.
TEST(Abilities, InsurrectionNeedsTheCardInCourt) {
  Scenario sc = insurrection_position();
  sc.to_hand(1, kPrinceAkbarKhan);
  buy_check(sc);
  ASSERT_FALSE(sc.s.game_over());
  EXPECT_EQ(sc.s.blocks_in_supply[kAfghan], kBlocksPerCoalition);
}

// special_abilities.md, notes: "Insurrection's armies come from the Afghan block supply. If
// the supply is short, the normal supply-shortage rule applies": the card's owner takes
// Afghan blocks from the map. 12 Afghan blocks against 9 British is a failed check.
TEST(Abilities, InsurrectionTakesArmiesFromTheMapWhenTheSupplyIsEmpty) {
  Scenario sc = insurrection_position();
  sc.army(kAfghan, Region::kHerat, kBlocksPerCoalition);
  sc.army(kBritish, Region::kPunjab, 9);
  buy_check(sc);
  ASSERT_FALSE(sc.s.game_over());
  EXPECT_EQ(to_move(sc.s), 1);
  EXPECT_EQ(sc.legal_names(), "take army herat");
  sc.act("take army herat");
  sc.act("take army herat");
  EXPECT_EQ(sc.s.armies[Region::kKabul][kAfghan], 2);
  EXPECT_EQ(sc.s.armies[Region::kHerat][kAfghan], kBlocksPerCoalition - 2);
  EXPECT_EQ(to_move(sc.s), 0);
}

// ---------------------------------------------------------------------------------------
// Infrastructure (card 78)
// ---------------------------------------------------------------------------------------

// Player 0 (British) rules Kabul with one tribe and holds the cards in `court`.
Scenario build_position(std::initializer_list<int> court, int rupees) {
  Scenario sc({kBritish, kRussian});
  for (int c : court) sc.to_court(0, c);
  sc.tribe(0, Region::kKabul);
  sc.set_rupees(0, rupees);
  return sc;
}

// special_abilities.md, infrastructure: "Each time you finish a build action, you place 1
// extra block for free: an army in a region you rule, or a road on a border of such a
// region." The placement is not optional.
TEST(Abilities, InfrastructurePlacesAFreeBlockAfterABuild) {
  Scenario sc = build_position({kCivicImprovements}, 2);
  sc.act("build 78");
  sc.act("build army kabul");  // the rupees run out: the build ends
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(to_move(sc.s), 0);
  EXPECT_EQ(sc.legal_names(),
            "build road kabul_transcaspia, build road herat_kabul, build road kabul_kandahar, "
            "build road kabul_punjab, build army kabul");
  sc.act("build road kabul_punjab");
  EXPECT_EQ(sc.s.roads[border_between(Region::kKabul, Region::kPunjab)][kBritish], 1);
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 1);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// "Each time you finish": also when the build is ended by choice, and with any build card.
TEST(Abilities, InfrastructureFollowsABuildEndedByChoice) {
  Scenario sc = build_position({kCivicImprovements, kBalkhArsenicMine}, 6);
  sc.act("build 10");
  sc.act("build army kabul");
  sc.act("done");
  EXPECT_EQ(sc.s.rupees[0], 4);
  sc.act("build army kabul");
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// One extra block per build action, also when Nation Building (card 112 bottom) doubles the
// blocks of the build.
TEST(Abilities, InfrastructureAddsOneBlockUnderNationBuilding) {
  Scenario sc = build_position({kCivicImprovements}, 2);
  sc.to_market(0, 0, kRiotsKabulNationBuilding);
  sc.act("purchase 0 0");
  sc.act("build 78");
  sc.act("build army kabul");
  sc.act("build army kabul");  // the pair costs 2: the build ends
  sc.act("build army kabul");  // Infrastructure
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 3);
  EXPECT_EQ(sc.s.rupees[0], 0);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Only build actions: an army placed by a played card's impact icon brings nothing.
TEST(Abilities, InfrastructureIgnoresBlocksFromImpactIcons) {
  Scenario sc = build_position({kCivicImprovements}, 2);
  sc.to_hand(0, kBalaHissar);
  sc.act("play 16 left");
  EXPECT_EQ(sc.s.armies[Region::kKabul][kBritish], 1);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// Without the card, or with the other player holding it, a build places what was paid for.
TEST(Abilities, InfrastructureHelpsOnlyItsOwnerWhileInCourt) {
  Scenario plain = build_position({kBalkhArsenicMine}, 2);
  plain.act("build 10");
  plain.act("build army kabul");
  EXPECT_EQ(plain.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(plain.s.armies[Region::kKabul][kBritish], 1);

  Scenario other = build_position({kBalkhArsenicMine}, 2);
  other.to_court(1, kCivicImprovements);
  other.act("build 10");
  other.act("build army kabul");
  EXPECT_EQ(other.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(to_move(other.s), 0);
}

// ---------------------------------------------------------------------------------------
// Savvy Operator (card 91) and Irregulars (card 99)
// ---------------------------------------------------------------------------------------

// special_abilities.md, notes: "Savvy Operator, Irregulars and the New Tactics event only
// make a card 'favored'. The card can still be used for only one action per turn."
TEST(Abilities, SavvyOperatorIsABonusActionButStillOncePerTurn) {
  Scenario sc({kAfghan, kBritish});
  sc.s.favored_suit = Suit::kEconomic;
  sc.to_court(0, kAllahQuliBahadur);
  sc.to_court(1, kKarakulSheep);
  sc.to_court(1, kAbbasMirza);
  sc.spy(0, kKarakulSheep);
  sc.spy(0, kAbbasMirza);
  sc.set_rupees(0, 4);
  sc.act("betray 91");
  sc.act("betray card 61");
  EXPECT_EQ(sc.s.actions_used, 0);
  EXPECT_FALSE(sc.offers("betray 91"));
}

// The ability favors its own card only: another political card is not a bonus action.
TEST(Abilities, SavvyOperatorFavorsOnlyItsOwnCard) {
  Scenario sc({kAfghan, kBritish});
  sc.s.favored_suit = Suit::kEconomic;
  sc.to_court(0, kAllahQuliBahadur);
  sc.to_court(0, kNasrullahKhan);
  sc.to_court(1, kKarakulSheep);
  sc.spy(0, kKarakulSheep);
  sc.set_rupees(0, 4);
  sc.set_market_rupees(0, 2, 1);  // something to tax
  EXPECT_TRUE(sc.offers("tax 90"));
  EXPECT_TRUE(sc.offers("betray 90"));
  sc.s.actions_used = 2;
  EXPECT_TRUE(sc.offers("betray 91"));
  EXPECT_FALSE(sc.offers("betray 90"));
  EXPECT_FALSE(sc.offers("tax 90"));
}

// Irregulars (a military card) under New Tactics (card 105 bottom): favored twice over,
// still one action.
TEST(Abilities, IrregularsUnderNewTacticsStillActOncePerTurn) {
  Scenario sc({kRussian, kBritish});
  sc.s.favored_suit = Suit::kEconomic;
  sc.to_court(0, kCossacks);
  sc.army(kRussian, Region::kTranscaspia, 2);
  sc.army(kBritish, Region::kTranscaspia, 2);
  sc.to_market(0, 0, kFavorMilitaryNewTactics);
  sc.act("purchase 0 0");
  sc.act("battle 99");
  sc.act("battle in transcaspia");
  sc.act("remove army british");
  EXPECT_EQ(sc.s.armies[Region::kTranscaspia][kBritish], 1);
  EXPECT_EQ(sc.s.actions_used, 1);  // the purchase only
  EXPECT_FALSE(sc.offers("battle 99"));
}

}  // namespace
}  // namespace pamir::testing
