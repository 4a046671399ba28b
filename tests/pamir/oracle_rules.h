#pragma once
// Pax Pamir's answers to the shared action oracle's questions (tests/conformance/
// action_oracle.cpp), the points where the games' rules differ, from the rule text
// (pax-pamir-guide.en.txt). Each game's rules tests bring their own; the oracle does not
// compile for a game without one.

#include <vector>

#include "core/game.h"

namespace pamir::testing::oracle_rules {

// "Military favored: card costs double."
inline constexpr bool kMilitaryDoublesPrices = true;
// Tax reaches the regions the player rules, from market cards with rupees and from players
// with a court card of those regions who keep their tax shelter (economic stars).
inline constexpr bool kTaxTheAssetsRegion = false;
// A gift is any free gift space the player can pay for.
inline constexpr bool kGiftsInPriceOrder = false;
// Armies and roads are built in regions the player rules only.
inline constexpr bool kBuildInTheAssetsRegion = false;
// Armies move along roads of their coalition (Indian Supplies and Wakhan aside), each as
// often as the move action allows.
inline constexpr bool kArmiesMoveWithoutRoads = false;
inline constexpr bool kArmiesMoveOncePerAction = false;
// Tribes move only under Nationalism, as armies do.
inline constexpr bool kTribesCrossTransports = false;

// Choices a gift offers beyond the gift spaces: none.
inline void extra_gift_choices(const core::State&, int, int, bool, std::vector<core::Action>&) {}
// Spies move to cards of the same region only with Strange Bedfellows.
inline bool spies_move_within_regions(const core::State&) { return false; }
// No neutral piece stands on the map to battle.
inline bool neutral_piece_at(const core::State&, int) { return false; }

}  // namespace pamir::testing::oracle_rules
