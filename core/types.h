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

// The points where the two rulesets' rules differ, each a hook where the rule applies
// (`if constexpr (kHooks.x)`): the rules code is compiled once per ruleset (CMakeLists.txt,
// pamir_add_core), so the other game's branches cost nothing. Everything else the two games
// share, and the data (core/rulesets/<game>/) gives their facts.
struct RuleHooks {
  bool wakhan = false;         // the automated opponent of the 2- and 3-seat Pax Pamir game
  bool leverage_debt = false;  // a leverage card leaving the court costs 2 (Pax Expanse: none)
  bool military_doubles_purchase = false;  // Pax Pamir: military favoured doubles card prices
  // Pax Expanse: deck piles, influence by turn order, the first player starts (core/expanse.h).
  bool expanse_setup = false;
  bool climate_track = false;  // the favoured suit is a space of a track, moved one space by icons
  bool prosperity_waives_play_bribe = false;  // at Prosperity nobody pays a ruler to play
  // Pax Expanse's Dominance Check: faction control of regions, the card's values, the
  // objective token; no blocks removed and no early end.
  bool faction_dominance = false;
  bool crew_cards = false;  // Pax Expanse: the crew cards' region is the Rocinante's
  // Pax Pamir: the last tribe of a region lost discards its political cards, the last
  // political card lost removes its tribes (Pax Expanse has no such rule).
  bool overthrow = false;
  // Pax Expanse: Extort takes from players with supporters in, and market assets of, the
  // asset's region (no shelter); Rally also builds in the asset's region.
  bool actions_by_asset_region = false;
  // Pax Expanse: each Network is refreshed at the end of its owner's turn (Pax Pamir: the
  // used marks of the turn are cleared at its end), so an exhausted asset stays so.
  bool refresh_own_network = false;
  // Pax Expanse's Mobilise: fleets to any adjacent region, each once per action; supporters
  // across loyal transports, each transport once per action (Pax Pamir: armies along roads).
  bool expanse_mobilise = false;
  bool cold_war_region_adjacency = false;  // at Cold War, assets of one region are adjacent for agents
  // Pax Expanse's Rocinante: a neutral ship that acts from its AI deck after every round,
  // can be damaged in a Combat, and moved by a Favour (core/expanse.h).
  bool rocinante = false;
  // Pax Expanse's Favour: gain a favour (Pax Pamir's gift), move the Rocinante, or place a
  // supporter for 2 influence per supporter already there.
  bool favour_uses = false;
  // Pax Expanse: agents on an asset that leaves play may move to an adjacent asset (Pax
  // Pamir: spies on a discarded card go home).
  bool agents_leave_discarded_assets = false;
  // Pax Expanse's Eliminate may also remove one supporter of the asset's owner (not at Peace).
  bool eliminate_removes_supporter = false;
  // Pax Expanse's Combat: each supporter killed may exhaust an asset of its owner in its
  // region (destabilisation, not at Peace), and at War the rank may be split among sites.
  bool destabilisation = false;
  bool war_splits_combat = false;
  // Pax Expanse: on a loyalty change a player keeps up to their economic stars of old
  // loyalists and rewards (Pax Pamir: all are discarded).
  bool economic_stars_keep_loyalists = false;
  // Pax Expanse: loyalty is chosen secretly; the choices are hidden until all are made.
  bool secret_loyalty = false;
};
// The words a ruleset names its pieces and actions with (action names, logs).
struct Terms {
  const char *army, *road, *tribe, *spy, *gift, *tax, *build, *betray, *prize, *battle, *rupees;
};
#include "game.inc"
constexpr int kNoPlayer = 0xFF;
// The region printed on Pax Expanse's crew cards: wherever the Rocinante is (card_region).
constexpr u8 kRocinanteRegion = 0xFE;

// Counts of the data (cards, regions, borders) and the enumerations it names (Coalition,
// Region, Ability), generated from the game's data (core/ruleset.h says how the rules read
// them). Pax Expanse's factions are the coalitions of the rules code.
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
constexpr int kWakhanCards = 24;  // the Wakhan AI deck

namespace Suit {
enum : u8 { kEconomic, kMilitary, kPolitical, kIntelligence, kCount };
}
// Impact icons, in the order of their appearance in the data files.
namespace Icon {
enum : u8 {
  kArmy, kRoad, kTribe, kSpy, kLeverage,
  kFavorEconomic, kFavorMilitary, kFavorPolitical, kFavorIntelligence,
  kClimateProsperity, kClimateWar,  // Pax Expanse: the climate one space toward that end
  kCount
};
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

}  // namespace pamir::core
