#pragma once
// Pax Expanse's answers to the shared action oracle's questions (tests/conformance/
// action_oracle.cpp), the points where the games' rules differ, from the rule text
// (pax-expanse-rulebook.en.txt). Each game's rules tests bring their own; the oracle does not
// compile for a game without one.

#include <algorithm>
#include <vector>

#include "core/game.h"
#include "core/map.h"

namespace pamir::testing::oracle_rules {

// No price doubling: Pax Expanse has no "military favored" rule.
inline constexpr bool kMilitaryDoublesPrices = false;
// Extort reaches the asset's region, not the regions ruled: market assets of that region with
// influence on them, and players with supporters there and influence to give (no tax shelter).
inline constexpr bool kTaxTheAssetsRegion = true;
// Favours are gained cheapest first.
inline constexpr bool kGiftsInPriceOrder = true;
// Rally also builds in the asset's region.
inline constexpr bool kBuildInTheAssetsRegion = true;
// Fleets move to any adjacent region, "each fleet ... only once per Mobilise action".
inline constexpr bool kArmiesMoveWithoutRoads = true;
inline constexpr bool kArmiesMoveOncePerAction = true;
// Supporters cross a border on a transport of their faction, "each transport ... only once
// per Mobilise action".
inline constexpr bool kTribesCrossTransports = true;

// "The faction with the most fleets in a region plus transports on its borders" (strictly).
inline int faction_control(const core::State& s, int r) {
  using namespace core;
  int count[Coalition::kCount] = {};
  for (int k = 0; k < Coalition::kCount; ++k) {
    count[k] = s.armies[r][k];
    for (int b = 0; b < kNumBorders; ++b)
      if (border_touches(b, r)) count[k] += s.roads[b][k];
  }
  int best = Coalition::kNone, best_n = 0, second = 0;
  for (int k = 0; k < Coalition::kCount; ++k)
    if (count[k] > best_n)
      second = best_n, best_n = count[k], best = k;
    else
      second = std::max(second, count[k]);
  return best_n > second ? best : Coalition::kNone;
}

// A favour may instead move the Rocinante (free; a damaged one cannot be moved) into the
// asset's region or, from there, to a neighbour, or place a supporter (a cylinder, when one
// can be placed) in the asset's region or one the player's faction controls, paying 2 per
// supporter already there.
inline void extra_gift_choices(const core::State& s, int p, int region, bool cylinder,
                               std::vector<core::Action>& out) {
  using namespace core;
  if (!s.rocinante_damaged)
    for (int r = 0; r < Region::kCount; ++r) {
      const bool adjacent = border_between(r, s.rocinante_region) >= 0;
      if ((s.rocinante_region == region && adjacent) ||
          (r == region && border_between(region, s.rocinante_region) >= 0))
        out.push_back(Act::move_neutral(r));
    }
  if (cylinder)
    for (int r = 0; r < Region::kCount; ++r)
      if ((r == region || faction_control(s, r) == s.loyalty[p]) && s.rupees[p] >= 2 * s.tribes[r][p])
        out.push_back(Act::place_tribe(r));
}
// At Cold War (climate.tsv: it favours intelligence) spies move to any card of their region.
inline bool spies_move_within_regions(const core::State& s) {
  return s.favored_suit == core::Suit::kIntelligence;
}
// The Rocinante, undamaged, may be battled in its region.
inline bool neutral_piece_at(const core::State& s, int r) {
  return r == s.rocinante_region && !s.rocinante_damaged;
}

}  // namespace pamir::testing::oracle_rules
