// Scenario tests, one per ruling in the question-and-answer part of the Spanish rules seed
// (seeds/pax-pamir-rules.es.txt, the paragraphs after the end-of-game rules). Where the seed
// disagrees with the published rule, the published rule (rules_notes.md) is tested.

#include <algorithm>

#include "tests/pamir/pamir_cards.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

// Makes card c (in the undrawn deck) the next card drawn, by swapping two deck positions.
void put_on_deck_top(Scenario& sc, int c) {
  u8* begin = sc.s.deck + sc.s.deck_pos;
  u8* at = std::find(begin, sc.s.deck + sc.s.deck_size, c);
  ASSERT_NE(at, sc.s.deck + sc.s.deck_size) << "card " << c << " is not in the deck";
  std::swap(*begin, *at);
}

// "Si no pagas el soborno requerido ... la acción de jugar la carta no se lleva a cabo. No se
// coloca la carta en la corte ni se resuelven sus efectos."
TEST(RulingsEs, UnpaidBribeMeansTheCardIsNeitherPlacedNorResolved) {
  Scenario sc({kAfghan, kBritish});
  sc.set_rupees(0, 3);
  sc.tribe(1, Region::kPunjab);
  sc.to_hand(0, 27);  // Maqpon Dynasty, Punjab: tribe, leverage
  sc.act("play 27 left");
  sc.act("demand 1");
  sc.act("refuse bribe");
  EXPECT_TRUE(sc.s.in_hand(0, 27));
  EXPECT_EQ(sc.s.court_len[0], 0);
  EXPECT_EQ(sc.s.rupees[0], 3);                   // no leverage rupees
  EXPECT_EQ(sc.s.tribes[Region::kPunjab][0], 0);  // no tribe
  EXPECT_EQ(sc.s.actions_used, 0);
}

// "Al jugar una carta con icono de palanca, recibes dos rupias del banco. Si esa carta se
// descarta posteriormente, debes devolver esas dos rupias ... Si no puedes, descarta una carta
// de tu mano o corte (excluyendo ésta) por cada rupia que falte devolver."
TEST(RulingsEs, LeverageIsRepaidOrMadeUpWithOtherCards) {
  Scenario sc({kAfghan, kBritish}, 1, 1);
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 27);  // leveraged, in seat 0's court
  sc.to_court(0, 33);
  sc.to_hand(0, 31);
  sc.set_rupees(0, 1);
  sc.to_court(1, 18);  // Harry Flashman: betray
  sc.set_rupees(1, 2);
  sc.spy(1, 27);
  sc.act("betray 18");
  sc.act("betray card 27");
  EXPECT_EQ(sc.s.rupees[0], 0);
  ASSERT_EQ(sc.s.top().kind, TaskKind::kDiscardLeverage);
  EXPECT_EQ(sc.s.top().player, 0);
  EXPECT_EQ(sc.legal_names(), "discard 31, discard 33");  // not the betrayed card
  sc.act("discard 33");
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
  EXPECT_EQ(sc.s.top().player, 1);
}

// "Para mover un ejército entre regiones, es necesario que haya una carretera colocada en la
// frontera que coincida con tu lealtad actual ... los espías sí pueden moverse libremente por
// la corte como una pista continua."
TEST(RulingsEs, ArmiesNeedARoadOfYourLoyaltyWhileSpiesMoveFreely) {
  Scenario sc({kAfghan, kBritish});
  sc.to_court(0, 13);  // Ghilzai Nomads, rank 2: tax, move
  sc.to_court(1, 62);
  sc.army(kAfghan, Region::kKabul);
  sc.road(kBritish, border_from_name("kabul_punjab"));
  sc.spy(0, 62);
  sc.act("move 13");
  EXPECT_EQ(sc.legal_names(), "move spy 62");
  sc.set_turn(0);
  sc.road(kAfghan, border_from_name("kabul_punjab"));
  sc.act("move 13");
  EXPECT_EQ(sc.legal_names(), "move army kabul, move spy 62");
}

// A position about to score an unsuccessful Dominance Check bought from the market: seat 0 has
// two cylinders in play, seat 1 none, so seat 0 takes 3 VP and seat 1 takes 1.
Scenario check_in_market(int vp0) {
  Scenario sc({kAfghan, kBritish});
  sc.tribe(0, Region::kHerat, 2);
  sc.s.vp[0] = u8(vp0);
  sc.to_market(0, 0, 101);
  return sc;
}

// "Si después de cualquier revisión de Dominancia un jugador tiene al menos cuatro puntos de
// victoria más que todos los demás, gana la partida inmediatamente."
TEST(RulingsEs, FourPointLeadAfterAnyDominanceCheckWinsAtOnce) {
  Scenario sc = check_in_market(2);
  sc.act("purchase 0 0");
  EXPECT_EQ(sc.s.vp[0], 5);
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(returns(sc.s)[0], 1.0f);
  EXPECT_EQ(returns(sc.s)[1], 0.0f);
}

TEST(RulingsEs, ThreePointLeadPlaysOn) {
  Scenario sc = check_in_market(1);
  sc.act("purchase 0 0");
  EXPECT_EQ(sc.s.vp[0], 4);
  EXPECT_EQ(sc.s.vp[1], 1);
  EXPECT_FALSE(sc.s.game_over());
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// "Si hay empate en el número de piezas de gobierno, nadie gobierna esa región, incluso si hay
// ejércitos enemigos presentes." Nobody rules, so nobody is owed a bribe there.
TEST(RulingsEs, TiedRulingPiecesMeanNobodyRulesEvenWithEnemyArmies) {
  Scenario sc({kAfghan, kBritish, kRussian}, 1, 2);
  sc.tribe(0, Region::kKabul, 2);
  sc.tribe(1, Region::kKabul);
  sc.army(kBritish, Region::kKabul);
  sc.army(kRussian, Region::kKabul);
  EXPECT_EQ(ruler(sc.s, Region::kKabul), kNoPlayer);
  sc.to_hand(2, 16);  // Bala Hissar, Kabul
  sc.act("play 16 left");
  EXPECT_TRUE(sc.s.in_court(2, 16));
}

// "Las acciones bonus ... no se cuentan dentro del límite de dos acciones principales por turno.
// Sin embargo, cada carta aún solo puede usarse para una acción por turno".
TEST(RulingsEs, BonusActionsComeOnTopButEachCardActsOnce) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.set_market_rupees(1, 3, 2);
  sc.to_court(0, 55);  // Hazara Chiefs: political (favored), battle, tax, move
  sc.to_court(1, 57);
  sc.spy(0, 57);
  sc.to_hand(0, 16);
  sc.act("purchase 0 0");
  sc.act("play 16 left");
  ASSERT_EQ(sc.s.actions_used, 2);
  sc.act("tax 55");  // a third action: a bonus
  sc.act("tax market 1 3");
  EXPECT_EQ(sc.s.actions_used, 2);
  EXPECT_FALSE(sc.offers("move 55"));  // used once this turn already
  EXPECT_EQ(sc.legal_names(), "done");
}

// "Tras una revisión de Dominancia exitosa, se retiran todos los bloques de coalición del mapa,
// tanto ejércitos en regiones como carreteras en fronteras."
TEST(RulingsEs, SuccessfulCheckRemovesEveryBlockFromTheMap) {
  Scenario sc({kAfghan, kAfghan});
  sc.army(kAfghan, Region::kKabul, 3);
  sc.road(kAfghan, border_from_name("kabul_punjab"), 2);
  sc.army(kBritish, Region::kHerat);
  sc.to_market(0, 0, 101);
  sc.act("purchase 0 0");
  // Afghan 5 blocks against 1: successful; equal influence shares 5+3.
  EXPECT_EQ(sc.s.vp[0], 4);
  EXPECT_EQ(sc.s.vp[1], 4);
  for (int k = 0; k < Coalition::kCount; ++k) EXPECT_EQ(blocks_on_map(sc.s, k), 0);
  EXPECT_FALSE(sc.s.game_over());
}

// "La acción de traición te permite descartar una carta en la que tienes al menos un espía, ya
// sea en tu corte o en el de otro jugador. ... recuperas tus espías y puedes tomar la carta como
// premio ..., a menos que su lealtad no coincida con la tuya." The last clause disagrees with the
// published rule (rules notes 5 and 8: a prize of another coalition may be taken and changes
// your loyalty); the published rule is tested.
TEST(RulingsEs, BetrayYourOwnCardAndTakeAPrizeOfAnotherCoalition) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 18);  // Harry Flashman: betray
  sc.to_court(0, 57);  // own card, British prize
  sc.spy(0, 57);
  sc.spy(1, 57);
  sc.set_rupees(0, 2);
  sc.act("betray 18");
  sc.act("betray card 57");
  EXPECT_EQ(sc.s.cylinders_in_supply[0], kCylinders);
  EXPECT_EQ(sc.s.cylinders_in_supply[1], kCylinders);
  ASSERT_TRUE(sc.can("take prize"));
  sc.act("take prize");
  EXPECT_EQ(sc.s.loyalty[0], kBritish);
  EXPECT_EQ(sc.s.card_loc[57], Loc::kPrize + 0);
}

// "Las estrellas de oro en tu corte actúan como refugio fiscal: protegen un número de rupias
// igual a su cantidad ... Solo las rupias que superen ese número ... pueden ser tomadas".
TEST(RulingsEs, TaxShelterProtectsAsManyRupeesAsGoldStars) {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 64, 65, 67}, {79, 80, 95, 96, 81, 94});
  sc.to_court(0, 29);  // Khyber Pass, rank 2: tax
  sc.tribe(0, Region::kKabul);
  sc.to_court(1, 13);  // Kabul, economic rank 2: shelter 2
  sc.set_rupees(1, 2);
  EXPECT_FALSE(sc.can("tax 29"));  // all of seat 1's rupees are sheltered
  sc.set_rupees(1, 3);
  sc.act("tax 29");
  sc.act("tax player 1");
  EXPECT_EQ(sc.s.rupees[1], 2);
  EXPECT_EQ(sc.s.top().kind, TaskKind::kTurnActions);
}

// A market with Dominance Check 102 in it, and 101 next in the deck; seat 0 buys the free card
// in the bottom row, so the refill draws 101. The cards after it must be no checks.
Scenario instability() {
  Scenario sc({kAfghan, kBritish});
  sc.set_market({61, 62, 63, 102, 65, 67}, {79, 80, 95, 96, 81, 94});
  put_on_deck_top(sc, 101);
  for (int i = 1; i <= 2; ++i) EXPECT_FALSE(is_dominance_check(sc.s.deck[sc.s.deck_pos + i]));
  sc.act("purchase 1 0");
  return sc;
}

// "Si al descartar ... revela una revisión de Dominancia y ya había otra en el mercado, se
// realiza inmediatamente la revisión de Dominancia. Luego se descartan ambas cartas ..., se
// llenan los huecos en el mercado".
TEST(RulingsEs, InstabilityScoresOneCheckDiscardsBothAndRefills) {
  Scenario sc = instability();
  sc.act("done");
  EXPECT_EQ(sc.s.card_loc[101], Loc::kDiscard);
  EXPECT_EQ(sc.s.card_loc[102], Loc::kDiscard);
  EXPECT_EQ(sc.s.dominance_checks_resolved, 1);
  // Unsuccessful (no blocks), both with no cylinders in play: 3 and 1 shared.
  EXPECT_EQ(sc.s.vp[0], 2);
  EXPECT_EQ(sc.s.vp[1], 2);
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) {
      EXPECT_NE(sc.s.market[row][col], kNoCard);
      EXPECT_FALSE(is_dominance_check(sc.s.market[row][col]));
    }
  EXPECT_EQ(sc.s.current, 1);
}

// "... y, si era la última revisión de Dominancia, cuenta como la revisión final": the points
// are doubled and the game ends.
TEST(RulingsEs, InstabilityWithTheLastChecksIsTheFinalCheck) {
  Scenario sc = instability();
  sc.detach(103);
  sc.detach(104);
  sc.s.dominance_checks_resolved = 2;
  sc.check();
  sc.act("done");
  EXPECT_TRUE(sc.s.game_over());
  EXPECT_EQ(sc.s.vp[0], 4);  // (6 + 2) / 2
  EXPECT_EQ(sc.s.vp[1], 4);
}

}  // namespace
}  // namespace pamir::testing
