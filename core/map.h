#pragma once
// The map: the regions and the borders between them (data/regions.tsv, data/map.tsv).

#include <array>

#include "core/ruleset.h"

namespace pamir::core::inline PAMIR_RULESET {

// The borders in data/map.tsv order (kBorderDefs: each names its two regions).
inline constexpr const BorderDef (&kBorders)[kNumBorders] = kBorderDefs;

constexpr bool border_touches(int border, int region) {
  return kBorders[border].a == region || kBorders[border].b == region;
}
constexpr int border_other_side(int border, int region) {
  return kBorders[border].a == region ? kBorders[border].b : kBorders[border].a;
}
// The border between two regions, or -1 when they are not adjacent.
constexpr int border_between(int r1, int r2) {
  for (int b = 0; b < kNumBorders; ++b)
    if ((kBorders[b].a == r1 && kBorders[b].b == r2) || (kBorders[b].a == r2 && kBorders[b].b == r1))
      return b;
  return -1;
}
// Bit b set when border b touches the region; a table, since the rules ask on every move.
constexpr std::array<u16, Region::kCount> kRegionBorders = [] {
  std::array<u16, Region::kCount> m{};
  for (int b = 0; b < kNumBorders; ++b) {
    m[kBorders[b].a] |= u16(1u << b);
    m[kBorders[b].b] |= u16(1u << b);
  }
  return m;
}();
constexpr u16 region_border_mask(int region) { return kRegionBorders[region]; }
// Bit r2 set when region r2 borders the region.
constexpr std::array<u8, Region::kCount> kRegionNeighbours = [] {
  std::array<u8, Region::kCount> m{};
  for (int b = 0; b < kNumBorders; ++b) {
    m[kBorders[b].a] |= u8(1u << kBorders[b].b);
    m[kBorders[b].b] |= u8(1u << kBorders[b].a);
  }
  return m;
}();
constexpr int region_neighbours(int region) { return kRegionNeighbours[region]; }

const char* border_name(int b);
int border_from_name(const char* s);

}  // namespace pamir::core::inline PAMIR_RULESET
