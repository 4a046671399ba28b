#pragma once
// The vocabulary of the game: integer aliases, counts and the small enumerations that
// every other file uses. Enumerations are plain integers inside a namespace (so that
// `Region::kKabul` reads well and indexes arrays directly); each has a kCount.

#include <cstdint>

namespace pamir::core {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i16 = std::int16_t;

constexpr int kMaxPlayers = 5;
constexpr int kMinPlayers = 2;
constexpr int kNoPlayer = 0xFF;

// Counts of the data (cards, regions, borders) and the enumerations it names (Region,
// Ability), generated from data/ (core/ruleset.h says how the rules read them).
#include "core/ruleset_names.inc"

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
constexpr int kMaxDeck = 6 * (5 + kMaxPlayers) + 10;
constexpr int kGiftSlots = 3;
constexpr int kWakhanCards = 24;  // the Wakhan AI deck

namespace Suit {
enum : u8 { kEconomic, kMilitary, kPolitical, kIntelligence, kCount };
}
namespace Coalition {
enum : u8 { kAfghan, kBritish, kRussian, kCount, kNone = kCount };
}
// Impact icons, in the order of their appearance in the data files.
namespace Icon {
enum : u8 {
  kArmy, kRoad, kTribe, kSpy, kLeverage,
  kFavorEconomic, kFavorMilitary, kFavorPolitical, kFavorIntelligence, kCount
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
