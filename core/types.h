#pragma once
// The vocabulary of the game: integer aliases, counts and the small enumerations that
// every other file uses. Enumerations are plain integers inside a namespace (so that
// `Region::kKabul` reads well and indexes arrays directly); each has a kCount.

#include <cstdint>

#ifndef PAMIR_RULESET
#error "PAMIR_RULESET (the ruleset's inline namespace) is set by the pamir_core targets"
#endif

namespace pamir::core::inline PAMIR_RULESET {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i16 = std::int16_t;

// A ruleset's rule variants that shared code applies inline (`if constexpr (kHooks.x)` where
// the rule applies), each named for the rule; each ruleset sets them in its game.inc. Rules
// that a ruleset implements with code of its own are its customisation points instead
// (core/game_rules.h, core/rulesets/<game>/rules.h).
struct RuleHooks {
  bool leverage_debt = false;  // a leverage card leaving the court costs 2 rupees
  // The last tribe of a region lost discards the political cards of that region, and the last
  // political card of a region lost removes its tribes.
  bool overthrow = false;
  // Tax, gift and build act in the region of the card used: tax takes from players with tribes
  // in it and from market cards of it (no shelter), build may also build in it.
  bool actions_by_card_region = false;
  // Move: armies go to any adjacent region (no road needed); each army and each road is used
  // once per action.
  bool free_army_moves = false;
  // Spies on a card that leaves play may step to an adjacent card (else they go home).
  bool spies_leave_discarded_cards = false;
  // A battle's rank may be split among several sites while Rules::battle_splits holds.
  bool battles_split = false;
  // The decisions of a gift's other uses (a neutral piece moved, a tribe placed), of a neutral
  // piece damaged in battle, and of a card exhausted after a battle: their action families
  // (core/actions.h) are empty without them.
  bool gift_uses = false;
  bool neutral_piece = false;
  bool exhaust_after_battle = false;
  // A loyalty change may keep cards of the coalition left (Pax Expanse's economic stars keep
  // old loyalists and rewards), so a court may hold another coalition's patriots and prizes.
  bool old_loyalty_cards_may_stay = false;
};
// The words a ruleset names its pieces and actions with (action names, logs).
struct Terms {
  const char *army, *road, *tribe, *spy, *gift, *tax, *build, *betray, *prize, *battle, *rupees;
  const char* neutral;  // the neutral piece (nullptr: none)
  // A coalition, a player's loyalty points with it (Pax Pamir's influence), and the suit
  // whose cards take bonus actions.
  const char *coalition, *loyalty_points, *favored_suit;
};
// Impact icons every game has, in the order of their appearance in the data files. A
// ruleset's own icons follow from kFirstOwn (its game.inc adds them to this namespace); the
// rules resolve them with Rules::own_icon and name them with Rules::kOwnIcons.
namespace Icon {
enum : u8 {
  kArmy,
  kRoad,
  kTribe,
  kSpy,
  kLeverage,
  kFavorEconomic,
  kFavorMilitary,
  kFavorPolitical,
  kFavorIntelligence,
  kFirstOwn
};
}
// A ruleset's own impact icon, as the board names its mechanism (one symbol per mechanism)
// and as logs and card descriptions word it.
struct OwnIcon {
  const char* mechanic;
  const char* words;
};
#include "game.inc"
constexpr int kNoPlayer = 0xFF;
// The region printed on cards whose region is wherever the neutral piece is (Rules::card_region).
constexpr u8 kNeutralPieceRegion = 0xFE;

// Counts of the data (cards, regions, borders) and the enumerations it names (Coalition,
// Region, Ability), generated from the game's data (core/ruleset.h says how the rules read
// them). A ruleset with factions names them as the coalitions of the rules code.
#include "ruleset_names.inc"

// Card ids: 1.. court cards, then the Dominance Checks, then the events; 0 means "no card".
using CardId = u8;
constexpr CardId kNoCard = 0;
constexpr CardId kFirstDominanceCheck = kNumCourtCards + 1;
constexpr CardId kFirstEvent = kFirstDominanceCheck + kNumDominanceChecks;
constexpr int kNumCards = kNumCourtCards + kNumDominanceChecks + kNumEvents;

constexpr bool is_court_card(int c) { return c >= 1 && c <= kNumCourtCards; }
constexpr bool is_dominance_check(int c) { return c >= kFirstDominanceCheck && c < kFirstEvent; }
constexpr bool is_event(int c) { return c >= kFirstEvent && c <= kNumCards; }

// Each player has 11 cylinders; one marks victory points, 10 are usable.
constexpr int kCylinders = 10;
constexpr int kBlocksPerCoalition = 12;
constexpr int kStartingRupees = 4;
constexpr int kTotalRupees = 36;  // the coins in the box; not a hard limit (bank may go negative)

constexpr int kMarketRows = 2;
constexpr int kMarketCols = 6;
constexpr int kGiftSlots = 3;

namespace Suit {
enum : u8 { kEconomic, kMilitary, kPolitical, kIntelligence, kCount };
}
namespace CardAction {
enum : u8 { kTax, kGift, kBuild, kMove, kBetray, kBattle, kCount };
}

const char* region_name(int r);
const char* suit_name(int s);
const char* coalition_name(int c);
const char* card_action_name(int a);
// Inverse lookups; return -1 when the name is unknown.
int region_from_name(const char* s);
int suit_from_name(const char* s);
int coalition_from_name(const char* s);

}  // namespace pamir::core::inline PAMIR_RULESET
