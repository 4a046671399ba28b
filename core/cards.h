#pragma once
// Static card data, generated from data/*.tsv (see scripts/gen_card_table.py).

#include <array>

#include "core/ruleset.h"

namespace pamir::core::inline PAMIR_RULESET {

struct CourtCard {
  u8 number;
  const char* name;
  u8 region;
  u8 suit;
  u8 rank;
  u8 patriot;               // Coalition::kNone when the card is no patriot
  u8 prize;                 // Coalition::kNone when the card carries no prize
  std::array<u8, 4> icons;  // impact icons, printed top to bottom
  u8 num_icons;
  std::array<u8, 3> actions;  // card actions, printed left to right
  u8 num_actions;
  u8 ability;

  bool has_action(int a) const {
    for (int i = 0; i < num_actions; ++i)
      if (actions[i] == a) return true;
    return false;
  }
  bool has_leverage() const {
    for (int i = 0; i < num_icons; ++i)
      if (icons[i] == Icon::kLeverage) return true;
    return false;
  }
};

extern const CourtCard kCourtCardTable[kNumCourtCards];
// c in 1..kNumCourtCards. Inline: the rules read card data on every legal-move generation.
inline const CourtCard& court_card(int c) { return kCourtCardTable[c - 1]; }
// Bit a set when card c has CardAction a (any printed position).
u8 card_action_mask(int c);

// Sets of court cards (bit c - 1 of two words, as State's card sets) from the card table, so
// that the move generator asks "which of these cards" with a mask instead of a walk along a
// court: by suit, by card action, by their ability's mechanic, and by printed region.
using CardWords = std::array<u64, 2>;
extern const std::array<CardWords, Suit::kCount> kCardsOfSuit;
extern const std::array<CardWords, CardAction::kCount> kCardsWithAction;
extern const std::array<CardWords, AbilityMechanic::kCount> kCardsWithMechanic;
extern const std::array<CardWords, Region::kCount> kCardsPrintedIn;  // by printed region
extern const CardWords kCardsPrintedNeutral;                         // printed kNeutralPieceRegion

// Events are described in core/ruleset.h (event_discard_effect, event_purchase_effect).

// Printed name of any card (court, Dominance Check or event).
const char* card_name(int c);

}  // namespace pamir::core::inline PAMIR_RULESET
