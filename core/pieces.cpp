#include "core/pieces.h"

#include <cassert>
#include <cstring>

#include "core/game_rules.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {

void set_cylinder(State& s, int p, int i, u8 loc) {
  const u8 old = s.cylinder[p][i];
  if (old == loc) return;
  if (old == CylLoc::kSupply)
    --s.cylinders_in_supply[p];
  else if (CylLoc::is_tribe(old))
    --s.tribes[CylLoc::region_of(old)][p];
  else if (CylLoc::is_spy(old))
    --s.spies_on[CylLoc::card_of(old)];
  if (loc == CylLoc::kSupply) {
    ++s.cylinders_in_supply[p];
    s.cylinders_placed[p] &= u16(~(1u << i));
  } else if (CylLoc::is_tribe(loc)) {
    ++s.tribes[CylLoc::region_of(loc)][p];
  } else if (CylLoc::is_spy(loc)) {
    ++s.spies_on[CylLoc::card_of(loc)];
  }
  s.cylinder[p][i] = loc;
}

void set_block(State& s, int k, int i, u8 loc) {
  const u8 old = s.block[k][i];
  if (old == loc) return;
  if (old == BlockLoc::kSupply)
    --s.blocks_in_supply[k];
  else if (BlockLoc::is_army(old))
    --s.armies[BlockLoc::region_of(old)][k];
  else
    --s.roads[BlockLoc::border_of(old)][k];
  if (loc == BlockLoc::kSupply) {
    ++s.blocks_in_supply[k];
    s.blocks_placed[k] &= u16(~(1u << i));
  } else if (BlockLoc::is_army(loc)) {
    ++s.armies[BlockLoc::region_of(loc)][k];
  } else {
    ++s.roads[BlockLoc::border_of(loc)][k];
  }
  s.block[k][i] = loc;
}

int cylinder_at(const State& s, int p, u8 loc, bool only_old) {
  for (int i = 0; i < kCylinders; ++i)
    if (s.cylinder[p][i] == loc && !(only_old && (s.cylinders_placed[p] >> i & 1))) return i;
  return -1;
}
int block_at(const State& s, int k, u8 loc, bool only_old) {
  for (int i = 0; i < kBlocksPerCoalition; ++i)
    if (s.block[k][i] == loc && !(only_old && (s.blocks_placed[k] >> i & 1))) return i;
  return -1;
}

bool cylinder_available(const State& s, int p) {
  for (int i = 0; i < kCylinders; ++i)
    if (s.cylinder[p][i] != CylLoc::kSupply && !(s.cylinders_placed[p] >> i & 1)) return true;
  return false;
}

bool block_available(const State& s, int k) {
  for (int i = 0; i < kBlocksPerCoalition; ++i)
    if (s.block[k][i] != BlockLoc::kSupply && !(s.blocks_placed[k] >> i & 1)) return true;
  return false;
}

void place_cylinder(State& s, int p, u8 loc) {
  for (int i = 0; i < kCylinders; ++i)
    if (s.cylinder[p][i] == CylLoc::kSupply) {
      set_cylinder(s, p, i, loc);
      s.cylinders_placed[p] |= u16(1u << i);
      return;
    }
  if (cylinder_available(s, p)) push_task(s, TaskKind::kTakeCylinder, p, loc);
}

void place_block(State& s, int p, int k, u8 loc) {
  for (int i = 0; i < kBlocksPerCoalition; ++i)
    if (s.block[k][i] == BlockLoc::kSupply) {
      set_block(s, k, i, loc);
      s.blocks_placed[k] |= u16(1u << i);
      return;
    }
  if (block_available(s, k)) push_task(s, TaskKind::kTakeBlock, p, k, loc);
}

namespace {

// Whether card c, in p's court, has brought its leverage rupees: false while the card's
// icons are still to resolve up to its leverage icon (it was played and is being discarded
// before then, docs/rules-notes.md). Such a card owes nothing when it leaves.
bool leverage_received(const State& s, int p, int c) {
  const CourtCard& cc = court_card(c);
  int leverage = 0;
  while (cc.icons[leverage] != Icon::kLeverage) ++leverage;
  for (int i = 0; i < s.num_tasks; ++i) {
    const Task& t = s.tasks[i];
    if (t.kind == TaskKind::kResolveIcons && t.player == p && t.a == c && t.b <= leverage) return false;
  }
  return true;
}

// The overthrow rule, tribe side: p lost the last tribe in region r.
void discard_political_cards_of(State& s, int p, int r) {
  // Collect first: discarding changes the court array.
  u8 victims[kNumCourtCards];
  int n = 0;
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i) {
    if (card_region(s, s.court[i]) == r && court_card(s.court[i]).suit == Suit::kPolitical)
      victims[n++] = s.court[i];
  }
  for (int i = 0; i < n; ++i)
    if (s.in_court(p, victims[i])) discard_court_card(s, victims[i]);
}

void remove_tribes_silently(State& s, int p, int r) {
  for (int i = 0; i < kCylinders; ++i)
    if (s.cylinder[p][i] == CylLoc::tribe(r)) set_cylinder(s, p, i, CylLoc::kSupply);
}

}  // namespace

void move_cylinder(State& s, int p, int i, u8 loc) {
  const u8 old = s.cylinder[p][i];
  set_cylinder(s, p, i, loc);
  if (kHooks.overthrow && CylLoc::is_tribe(old) && s.tribes[CylLoc::region_of(old)][p] == 0)
    discard_political_cards_of(s, p, CylLoc::region_of(old));
}

void remove_all_tribes_and_armies(State& s, int region) {
  for (int k = 0; k < Coalition::kCount; ++k)
    for (int i = 0; i < kBlocksPerCoalition; ++i)
      if (s.block[k][i] == BlockLoc::army(region)) set_block(s, k, i, BlockLoc::kSupply);
  for (int p = 0; p < s.num_players; ++p) {
    if (!s.tribes[region][p]) continue;
    remove_tribes_silently(s, p, region);
    if constexpr (kHooks.overthrow) discard_political_cards_of(s, p, region);
  }
}

void remove_all_blocks(State& s) {
  for (int k = 0; k < Coalition::kCount; ++k)
    for (int i = 0; i < kBlocksPerCoalition; ++i) set_block(s, k, i, BlockLoc::kSupply);
}

void court_insert(State& s, int p, int c, bool left) {
  const int b = s.court_begin(p);
  const int total = s.court_begin(s.num_players);
  const int at = left ? b : b + s.court_len[p];
  std::memmove(&s.court[at + 1], &s.court[at], total - at);
  s.court[at] = u8(c);
  ++s.court_len[p];
  s.card_loc[c] = u8(Loc::kCourt + p);
  const CourtCard& cc = court_card(c);
  s.abilities[p] |= u32(1) << cc.ability;
  s.suit_stars[p][cc.suit] += cc.rank;
}

void refresh_court_caches(State& s, int p) {
  s.abilities[p] = 0;
  std::memset(s.suit_stars[p], 0, sizeof s.suit_stars[p]);
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i) {
    const CourtCard& cc = court_card(s.court[i]);
    s.abilities[p] |= u32(1) << cc.ability;
    s.suit_stars[p][cc.suit] += cc.rank;
  }
}

void rebuild_caches(State& s) {
  std::memset(s.tribes, 0, sizeof s.tribes);
  std::memset(s.armies, 0, sizeof s.armies);
  std::memset(s.roads, 0, sizeof s.roads);
  std::memset(s.spies_on, 0, sizeof s.spies_on);
  std::memset(s.cylinders_in_supply, 0, sizeof s.cylinders_in_supply);
  std::memset(s.blocks_in_supply, 0, sizeof s.blocks_in_supply);
  std::memset(s.prizes, 0, sizeof s.prizes);
  for (int p = 0; p < s.num_players; ++p)
    for (int i = 0; i < kCylinders; ++i) {
      const u8 l = s.cylinder[p][i];
      if (l == CylLoc::kSupply)
        ++s.cylinders_in_supply[p];
      else if (CylLoc::is_tribe(l))
        ++s.tribes[CylLoc::region_of(l)][p];
      else if (CylLoc::is_spy(l))
        ++s.spies_on[CylLoc::card_of(l)];
    }
  for (int k = 0; k < Coalition::kCount; ++k)
    for (int i = 0; i < kBlocksPerCoalition; ++i) {
      const u8 l = s.block[k][i];
      if (l == BlockLoc::kSupply)
        ++s.blocks_in_supply[k];
      else if (BlockLoc::is_army(l))
        ++s.armies[BlockLoc::region_of(l)][k];
      else
        ++s.roads[BlockLoc::border_of(l)][k];
    }
  for (int c = 1; c <= kNumCards; ++c)
    if (s.card_loc[c] >= Loc::kPrize && s.card_loc[c] < Loc::kPrize + kMaxPlayers)
      ++s.prizes[s.card_loc[c] - Loc::kPrize];
  std::memset(s.abilities, 0, sizeof s.abilities);
  std::memset(s.suit_stars, 0, sizeof s.suit_stars);
  for (int p = 0; p < s.num_players; ++p) refresh_court_caches(s, p);
}

void hand_add(State& s, int p, int c) {
  bit_set(s.hand[p], c);
  s.card_loc[c] = u8(Loc::kHand + p);
}

void hand_remove(State& s, int p, int c) { bit_clear(s.hand[p], c); }

void discard_court_card(State& s, int c) {
  const int p = s.court_owner(c);
  assert(p != kNoPlayer);
  const int b = s.court_begin(p);
  int at = b;
  while (s.court[at] != c) ++at;
  const int total = s.court_begin(s.num_players);
  // Spies that may step on (kHooks.spies_leave_discarded_cards) go to a card adjacent to this
  // one: its ring neighbours now.
  u8 left = 0, right = 0;
  if (kHooks.spies_leave_discarded_cards && s.spies_on[c] && total > 1) {
    left = s.court[at == 0 ? total - 1 : at - 1];
    right = s.court[at + 1 == total ? 0 : at + 1];
  }
  std::memmove(&s.court[at], &s.court[at + 1], total - at - 1);
  s.court[total - 1] = 0;
  --s.court_len[p];
  s.card_loc[c] = Loc::kDiscard;
  refresh_court_caches(s, p);
  if (s.spies_on[c]) Rules::spies_leave_card(s, c, left, right);
  const CourtCard& cc = court_card(c);
  if (kHooks.leverage_debt && cc.has_leverage() && leverage_received(s, p, c))
    push_task(s, TaskKind::kLeverageDebt, p, 2);
  if (kHooks.overthrow && cc.suit == Suit::kPolitical) {
    // The overthrow rule, card side: p lost the last political card of the region.
    const int region = card_region(s, c);
    bool any_left = false;
    for (int i = b; i < b + s.court_len[p]; ++i)
      any_left |= card_region(s, s.court[i]) == region && court_card(s.court[i]).suit == Suit::kPolitical;
    if (!any_left) remove_tribes_silently(s, p, region);
  }
}

void discard_from_hand(State& s, int p, int c) {
  hand_remove(s, p, c);
  s.card_loc[c] = Loc::kDiscard;
}

void discard_prizes(State& s, int p) {
  if (!s.prizes[p]) return;
  for (int c = 1; c <= kNumCourtCards; ++c)
    if (s.card_loc[c] == Loc::kPrize + p) s.card_loc[c] = Loc::kDiscard;
  s.prizes[p] = 0;
}

void change_loyalty(State& s, int p, int coalition) {
  // Wakhan is loyal to every coalition: patriots and prizes never turn her dial.
  if (s.loyalty[p] == coalition || s.is_automaton(p)) return;
  for (int i = 0; i < kCylinders; ++i)
    if (CylLoc::is_gift(s.cylinder[p][i])) set_cylinder(s, p, i, CylLoc::kSupply);
  Rules::turn_loyalty(s, p, coalition);
}

}  // namespace pamir::core::inline PAMIR_RULESET
