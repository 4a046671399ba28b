#pragma once
// Pax Pamir's names and steps shared by the rules tests: the coalitions as plain ints, the cards
// that several tests place, by their ids in data/court_cards.tsv and data/event_cards.tsv
// (core/rulesets/pamir/card_table.inc), and buying a Dominance Check. A card or a step only
// one test uses is written in that test.

#include "tests/scenario.h"

namespace pamir::testing {

constexpr int kAfghan = Coalition::kAfghan, kBritish = Coalition::kBritish, kRussian = Coalition::kRussian;

// Court cards without an ability.
constexpr int kJanFishanKhan = 2;  // Kabul, intelligence, rank 2: battle, move
constexpr int kKabulBazaar = 8;    // Kabul, economic, rank 2: tax
constexpr int kBalaHissar = 16;    // Kabul, military, rank 1: tax, betray; army icon
constexpr int kKarakulSheep = 61;  // Herat, economic, rank 2: tax
constexpr int kAbbasMirza = 75;    // Persia, political, rank 1: tax, battle

// Event cards (the event if discarded / the event if purchased).
constexpr int kFavorMilitaryNewTactics = 105;
constexpr int kRiotsHeratNationalism = 110;
constexpr int kRiotsKabulNationBuilding = 112;
constexpr int kFavorPoliticalRebuke = 116;

// Seat 0 buys Dominance Check `card` from the market's first space (it costs nothing there),
// which resolves the check at once.
inline void buy_check(Scenario& sc, int card = kFirstDominanceCheck) {
  sc.to_market(0, 0, card);
  sc.act("purchase 0 0");
}

}  // namespace pamir::testing
