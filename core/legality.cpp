#include "core/legality.h"

#include "core/game_rules.h"
#include "core/map.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

bool bribes_waived(const State& s, int p) {
  return (s.global_effects & GlobalEffect::kDisregardForCustoms) ||
         (s.player_effects[p] & PlayerEffect::kCourtlyManners);
}

bool has_court_card_in(const State& s, int q, int region_mask) {
  const int b = s.court_begin(q);
  for (int i = b; i < b + s.court_len[q]; ++i)
    if (region_mask >> card_region(s, s.court[i]) & 1) return true;
  return false;
}

// Index of court card c in the all-courts track.
int track_index(const State& s, int c) {
  const int total = s.court_begin(s.num_players);
  for (int i = 0; i < total; ++i)
    if (s.court[i] == c) return i;
  return -1;
}

// The borders of `among` (a bit mask) that p's land pieces may cross: those with a road of
// p's coalition (all of them with Indian Supplies, and for Wakhan).
unsigned passable_borders(const State& s, int p, unsigned among = (1u << kNumBorders) - 1) {
  if (has_mechanic(s, p, AbilityMechanic::kIndianSupplies) || s.is_automaton(p)) return among;
  unsigned mask = 0;
  for (unsigned m = among; m; m &= m - 1)
    if (s.roads[__builtin_ctz(m)][s.loyalty[p]]) mask |= m & -m;
  return mask;
}

// Writes the removal actions available to p at a battle site; returns the count. With
// kAnyOnly it stops at the first one (out may then be null).
template <bool kAnyOnly>
int removals_at(const State& s, int p, int site, Action* out) {
  int n = 0;
  // Records one removal; true when the caller should stop looking.
  auto add = [&](Action a) {
    if constexpr (!kAnyOnly) out[n] = a;
    ++n;
    return kAnyOnly;
  };
  const int k = s.loyalty[p];
  if (Site::is_region(site)) {
    const int r = site;
    for (int o = 0; o < Coalition::kCount; ++o)
      if (o != k && s.armies[r][o] && add(Act::remove_army(o))) return n;
    for (unsigned borders = region_border_mask(r); borders; borders &= borders - 1) {
      const int b = __builtin_ctz(borders);
      for (int o = 0; o < Coalition::kCount; ++o)
        if (o != k && s.roads[b][o] && add(Act::remove_road(b, o))) return n;
    }
    for (int off = 1; off < s.num_players; ++off) {
      const int q = seat_at(s, p, off);
      if (s.tribes[r][q] && s.loyalty[q] != k && !tribe_protected(s, q, r) && add(Act::remove_tribe(off)))
        return n;
    }
    // A neutral piece the ruleset lets a battle damage (Rules::neutral_target).
    if (Rules::neutral_target(s, r) && add(Act::kDamageNeutral)) return n;
  } else {
    const int c = Site::card_of(site);
    for (int off = 1; off < s.num_players; ++off) {
      const int q = seat_at(s, p, off);
      if (spies_of(s, q, c) && spy_removable(s, q) && add(Act::remove_spy(off))) return n;
    }
  }
  return n;
}

}  // namespace

bool any_battle(const State& s, int p, int from_site) {
  for (int r = from_site; r < Region::kCount; ++r)
    if (battle_site_ok(s, p, Site::region(r))) return true;
  // A card battle needs another player's spy beside one of p's.
  for (unsigned m = spy_cylinders(s, p); m; m &= m - 1) {
    const int c = CylLoc::card_of(s.cylinder[p][__builtin_ctz(m)]);
    if (Site::card(c) >= from_site && s.spies_on[c] > spies_of(s, p, c) &&
        removals_at<true>(s, p, Site::card(c), nullptr))
      return true;
  }
  return false;
}

namespace {

// Bodyguards protect their owner's political cards from betrayal.
bool guarded(const State& s, int c) {
  return court_card(c).suit == Suit::kPolitical &&
         has_mechanic(s, s.court_owner(c), AbilityMechanic::kBodyguards);
}

bool any_betray(const State& s, int p) {
  if (s.rupees[p] < 2) return false;
  for (unsigned m = spy_cylinders(s, p); m; m &= m - 1)
    if (!guarded(s, CylLoc::card_of(s.cylinder[p][__builtin_ctz(m)]))) return true;
  return false;
}

}  // namespace

bool ruler_bribe_waived(const State& s, int p) {
  if (Rules::play_bribe_waived(s)) return true;
  return bribes_waived(s, p) || has_mechanic(s, p, AbilityMechanic::kCharismaticCourtiers);
}

int hostage_bribe(const State& s, int p, int c, int* holder) {
  const int h = hostage_holder(s, c);
  if (h == kNoPlayer || bribes_waived(s, p) || has_mechanic(s, p, AbilityMechanic::kCivilServiceReforms))
    return 0;
  if (holder) *holder = h;
  return spies_of(s, h, c);
}

// Regions p rules, as a bit mask.
int ruled_regions(const State& s, int p) {
  int mask = 0;
  for (int r = 0; r < Region::kCount; ++r)
    if (rules(s, p, r)) mask |= 1 << r;
  return mask;
}

namespace {

// The regions a tax reaches: those p rules, or with kHooks.actions_by_card_region the card's
// region; Claim of Ancient Lineage makes it every region.
int tax_regions(const State& s, int p, int region) {
  if (has_mechanic(s, p, AbilityMechanic::kClaimOfAncientLineage)) return (1 << Region::kCount) - 1;
  if constexpr (kHooks.actions_by_card_region) return 1 << region;
  return ruled_regions(s, p);
}

}  // namespace

int taxable_players(const State& s, int p, int region) {
  const int regions = tax_regions(s, p, region);
  int mask = 0;
  if (!regions) return 0;
  for (int q = 0; q < s.num_players; ++q) {
    if (q == p) continue;
    if constexpr (kHooks.actions_by_card_region) {
      // Anyone with rupees and a tribe in the region; no shelter.
      // Without a branch per seat: the move generator asks at nearly every turn.
      bool present = false;
      for (u32 m = regions; m; m &= m - 1) present |= s.tribes[__builtin_ctz(m)][q] != 0;
      mask |= (present & (s.rupees[q] > 0)) << q;
    } else if (s.rupees[q] > tax_shelter(s, q) && has_court_card_in(s, q, regions)) {
      mask |= 1 << q;
    }
  }
  return mask;
}

namespace {

// Whether a market card has rupees a tax reaching `regions` (tax_regions) may take.
bool taxable_cell(const State& s, int regions, int row, int col) {
  const int c = s.market[row][col];
  if (!c || !s.market_rupees[row][col]) return false;
  if constexpr (kHooks.actions_by_card_region)  // cards of the region only
    return is_court_card(c) && (regions >> card_region(s, c) & 1);
  return true;
}

}  // namespace

bool market_has_taxable_rupees(const State& s, int p, int region) {
  const int regions = kHooks.actions_by_card_region ? tax_regions(s, p, region) : 0;
  for (unsigned cells = market_cells_with_rupees(s); cells; cells &= cells - 1) {
    const int i = __builtin_ctz(cells);
    if (taxable_cell(s, regions, i / kMarketCols, i % kMarketCols)) return true;
  }
  return false;
}

bool market_card_taxable(const State& s, int p, int region, int row, int col) {
  return taxable_cell(s, kHooks.actions_by_card_region ? tax_regions(s, p, region) : 0, row, col);
}

int build_regions(const State& s, int p, int region) {
  if constexpr (kHooks.actions_by_card_region) return ruled_regions(s, p) | 1 << region;
  return ruled_regions(s, p);
}

bool any_build_region(const State& s, int p) {
  if constexpr (kHooks.actions_by_card_region) return true;  // the card's own region, whichever
  return rules_any_region(s, p);
}

int cheapest_gift(const State& s, int p) {
  const int taken = gift_spaces_taken(s, p);
  for (int slot = 0; slot < kGiftSlots; ++slot)
    if (!(taken >> slot & 1)) return kGiftCost[slot];
  return 1000;
}

int build_cost(const State& s, int p, int blocks) {
  return (s.player_effects[p] & PlayerEffect::kNationBuilding) ? 2 * ((blocks + 1) / 2) : 2 * blocks;
}

bool can_place_cylinder(const State& s, int p) {
  return s.cylinders_in_supply[p] > 0 || cylinder_available(s, p);
}
bool can_place_block(const State& s, int k) { return s.blocks_in_supply[k] > 0 || block_available(s, k); }

// Court cards a spy on c may step to, written to out; returns the count.
int spy_destinations(const State& s, int p, int c, u8* out) {
  const int total = s.court_begin(s.num_players);
  if (total < 2) return 0;
  const int at = track_index(s, c);
  const int reach = has_mechanic(s, p, AbilityMechanic::kWellConnected) ? 2 : 1;
  int n = 0;
  auto add = [&](int card) {
    if (card == c) return;
    for (int i = 0; i < n; ++i)
      if (out[i] == card) return;
    out[n++] = u8(card);
  };
  for (int d = 1; d <= reach; ++d) {
    add(s.court[(at + d) % total]);
    add(s.court[(at - d + total * 2) % total]);
  }
  // Strange Bedfellows, and where the ruleset says so (Rules::region_cards_adjacent): cards of
  // one region are adjacent.
  if (has_mechanic(s, p, AbilityMechanic::kStrangeBedfellows) || Rules::region_cards_adjacent(s)) {
    const int region = card_region(s, c);
    for (int i = 0; i < total; ++i)
      if (card_region(s, s.court[i]) == region) add(s.court[i]);
  }
  return n;
}

// Regions a land piece of p (army or, under Nationalism, tribe) may step to from r.
int land_destinations(const State& s, int p, int r) {
  // With kHooks.free_army_moves armies need no road (tribes: Rules::tribe_destinations).
  const unsigned borders =
      kHooks.free_army_moves ? region_border_mask(r) : passable_borders(s, p, region_border_mask(r));
  int mask = 0;
  for (unsigned m = borders; m; m &= m - 1) mask |= 1 << border_other_side(__builtin_ctz(m), r);
  return mask;
}

namespace {

// movable_land; with kAnyOnly it may stop at the first region found (any_move).
template <bool kAnyOnly>
MovableLand find_movable_land(const State& s, int p) {
  MovableLand m;
  const int k = s.loyalty[p];
  if constexpr (kHooks.free_army_moves) {  // every region has a neighbour
    for (int r = 0; r < Region::kCount; ++r) {
      if (Rules::movable_armies(s, r, k) > 0) {
        m.armies |= 1 << r;
        if constexpr (kAnyOnly) return m;
      }
      if (s.tribes[r][p] && Rules::tribe_destinations(s, p, r)) {
        m.tribes |= 1 << r;
        if constexpr (kAnyOnly) return m;
      }
    }
    return m;
  }
  const unsigned borders = passable_borders(s, p);
  if (!borders) return m;
  const bool tribes_move = s.player_effects[p] & PlayerEffect::kNationalism;
  for (int r = 0; r < Region::kCount; ++r)
    if (region_border_mask(r) & borders) {
      m.armies |= (s.armies[r][k] != 0) << r;
      m.tribes |= (tribes_move && s.tribes[r][p]) << r;
    }
  return m;
}

}  // namespace

MovableLand movable_land(const State& s, int p) { return find_movable_land<false>(s, p); }

// The cards p has spies on, ascending and without repeats; returns the count.
int spy_cards(const State& s, int p, u8* out) {
  u64 cards[2] = {0, 0};
  for (unsigned m = spy_cylinders(s, p); m; m &= m - 1)
    bit_set(cards, CylLoc::card_of(s.cylinder[p][__builtin_ctz(m)]));
  return bit_members(cards, out);
}

bool any_move(const State& s, int p) {
  // With two or more cards in play every spy has a neighbour to step to.
  if (spy_cylinders(s, p) && s.court_begin(s.num_players) >= 2) return true;
  const MovableLand land = find_movable_land<true>(s, p);
  return land.armies | land.tribes;
}

bool betrayable(const State& s, int p, int c) { return spies_of(s, p, c) && !guarded(s, c); }

int battle_strength(const State& s, int p, int site) {
  if (Site::is_region(site)) {
    int n = s.armies[site][s.loyalty[p]];
    if (s.player_effects[p] & PlayerEffect::kNationalism) n += s.tribes[site][p];
    return n;
  }
  return spies_of(s, p, Site::card_of(site));
}

bool spy_removable(const State& s, int q) {
  return !has_mechanic(s, q, AbilityMechanic::kIndispensableAdvisors);
}

bool tribe_protected(const State& s, int q, int r) {
  return s.abilities[q] & kAbilitiesByRegion<AbilityMechanic::kCitadel>[r];
}

int battle_removals(const State& s, int p, int site, Action* out) {
  return removals_at<false>(s, p, site, out);
}
bool has_battle_removal(const State& s, int p, int site) {
  return removals_at<true>(s, p, site, nullptr) > 0;
}

bool battle_site_ok(const State& s, int p, int site) {
  return battle_strength(s, p, site) > 0 && removals_at<true>(s, p, site, nullptr) > 0;
}

// The least a card action costs once started (to keep a hostage bribe affordable).
int min_action_cost(const State& s, int p, int c, int act) {
  switch (act) {
    case CardAction::kGift:
      return Rules::gift_cost(s, p, card_region(s, c));
    case CardAction::kBuild:
    case CardAction::kBetray:
      return 2;
    default:
      return 0;
  }
}

bool card_action_feasible(const State& s, int p, int act, int region) {
  switch (act) {
    case CardAction::kTax:
      // The market first: it is the cheaper question.
      return market_has_taxable_rupees(s, p, region) || taxable_players(s, p, region);
    case CardAction::kGift:
      return Rules::gift_feasible(s, p, region);
    case CardAction::kBuild:
      return s.rupees[p] >= 2 && any_build_region(s, p) && can_place_block(s, s.loyalty[p]);
    case CardAction::kMove:
      return any_move(s, p);
    case CardAction::kBetray:
      return any_betray(s, p);
    case CardAction::kBattle:
      return any_battle(s, p);
  }
  return false;
}

// Court cards of a region with no spies on them (Blackmail targets), ascending.
int spy_free_cards(const State& s, int region, u8* out) {
  int n = 0;
  const CardWords cards = court_cards_of_region(s, region);
  for (int w = 0; w < 2; ++w)
    for (u64 bits = cards[w]; bits; bits &= bits - 1)
      if (const int c = w * 64 + __builtin_ctzll(bits) + 1; !s.spies_on[c]) out[n++] = u8(c);
  return n;
}

// Safe House cards in p's court that a spy removed from card `from` may go to, ascending.
int safe_houses(const State& s, int p, int from, u8* out) {
  if (!has_mechanic(s, p, AbilityMechanic::kSafeHouse)) return 0;
  const CardWords court = court_cards(s, p), houses = kCardsWithMechanic[AbilityMechanic::kSafeHouse];
  u64 cards[2] = {court[0] & houses[0], court[1] & houses[1]};
  bit_clear(cards, from);
  return bit_members(cards, out);
}

}  // namespace pamir::core::inline PAMIR_RULESET
