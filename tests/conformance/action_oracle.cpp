#include "tests/conformance/action_oracle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/map.h"
#include "core/queries.h"
#include "core/random.h"

// The game's own answers where the rules differ (its rules tests' folder, tests/<game>/, is on
// the include path).
#if __has_include("oracle_rules.h")
#include "oracle_rules.h"
#else
#error \
    "this game's rules tests have no oracle_rules.h: write tests/<game>/oracle_rules.h (docs/architecture.md, Adding a game)"
#endif

namespace pamir::testing {
namespace {

using namespace pamir::core;
using namespace oracle_rules;

// What the oracle remembers of the move action under way (Pax Expanse's Mobilise: "Each fleet
// may only be moved once per Mobilise action", "Each transport may only be used in this way
// once per Mobilise action"), from the decisions it has seen.
struct MoveMemory {
  int crossings[kNumBorders] = {};   // supporters that crossed each border
  int arrived[Region::kCount] = {};  // fleets that arrived in each region
};

using Actions = std::vector<Action>;

// Court cards of p, left to right.
std::vector<int> court_of(const State& s, int p) {
  const int b = s.court_begin(p);
  return std::vector<int>(s.court + b, s.court + b + s.court_len[p]);
}

// The ability of court card c, if it has one.
const AbilityDef* ability_of(int c) {
  const int a = court_card(c).ability;
  return a == Ability::kNone ? nullptr : &ability_def(a);
}

bool court_has(const State& s, int p, int mechanic) {
  for (const int c : court_of(s, p))
    if (const AbilityDef* a = ability_of(c); a && a->mechanic == mechanic) return true;
  return false;
}

// "If you have no cylinders in your supply, you may take one from anywhere on the board"
// (a piece placed this turn excepted): whether p can place one.
bool cylinder_placeable(const State& s, int p) {
  for (int i = 0; i < kCylinders; ++i)
    if (s.cylinder[p][i] == CylLoc::kSupply || !(s.cylinders_placed[p] >> i & 1)) return true;
  return false;
}
bool block_placeable(const State& s, int k) {
  for (int i = 0; i < kBlocksPerCoalition; ++i)
    if (s.block[k][i] == BlockLoc::kSupply || !(s.blocks_placed[k] >> i & 1)) return true;
  return false;
}

// "Cost: the number of cards to its left" in rupees; Pax Pamir doubles it while military is
// favoured ("Military favored: card costs double"), Pax Expanse has no doubling. Herat,
// Persian and Russian Influence make cards of their region, or patriots of their coalition,
// free.
int purchase_price(const State& s, int p, int card, int col) {
  if (is_court_card(card))
    for (const int c : court_of(s, p)) {
      const AbilityDef* a = ability_of(c);
      if (!a || a->mechanic != AbilityMechanic::kFreePurchase) continue;
      if ((a->region != kNoRegion && a->region == card_region(s, card)) ||
          (a->coalition != Coalition::kNone && a->coalition == court_card(card).patriot))
        return 0;
    }
  return col * (kMilitaryDoublesPrices && s.favored_suit == Suit::kMilitary ? 2 : 1);
}

int free_gift_spaces(const State& s, int p) {
  int free = (1 << kGiftSlots) - 1;
  for (int i = 0; i < kCylinders; ++i)
    if (CylLoc::is_gift(s.cylinder[p][i])) free &= ~(1 << CylLoc::slot_of(s.cylinder[p][i]));
  return free;
}

// The regions p rules.
int ruled_by(const State& s, int p) {
  int m = 0;
  for (int r = 0; r < Region::kCount; ++r) m |= (ruler(s, r) == p) << r;
  return m;
}

// Tax: "take rupees from cards in the market or from players who have a card in their court
// associated with a region you rule", each player keeping rupees equal to their economic
// stars ("tax shelter"); Claim of Ancient Lineage: every region. Pax Expanse's Extort: from
// players with supporters in the asset's region, and from market assets of that region.
int tax_regions(const State& s, int p, int region) {
  if (court_has(s, p, AbilityMechanic::kClaimOfAncientLineage)) return (1 << Region::kCount) - 1;
  return kTaxTheAssetsRegion ? 1 << region : ruled_by(s, p);
}
bool market_cell_taxable(const State& s, int p, int region, int row, int col) {
  const int c = s.market[row][col];
  if (!c || !s.market_rupees[row][col]) return false;
  return !kTaxTheAssetsRegion || (is_court_card(c) && (tax_regions(s, p, region) >> card_region(s, c) & 1));
}
bool player_taxable(const State& s, int p, int region, int q) {
  const int regions = tax_regions(s, p, region);
  if (kTaxTheAssetsRegion) {
    bool present = false;
    for (int r = 0; r < Region::kCount; ++r) present |= (regions >> r & 1) && s.tribes[r][q] > 0;
    return present && s.rupees[q] > 0;
  }
  if (s.rupees[q] <= stars(s, q, Suit::kEconomic)) return false;
  for (const int c : court_of(s, q))
    if (regions >> card_region(s, c) & 1) return true;
  return false;
}
void tax_targets(const State& s, int p, int region, Actions& out) {
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      if (market_cell_taxable(s, p, region, row, col)) out.push_back(Act::tax_market(row, col));
  for (int off = 1; off < s.num_players; ++off)
    if (player_taxable(s, p, region, seat_at(s, p, off))) out.push_back(Act::tax_player(off));
}

// Gift: "place a cylinder on a gift space, paying 2, 4 or 6" (Pax Expanse's favours: the
// cheapest still free), and what else the game's gift offers.
constexpr int kGiftPrice[kGiftSlots] = {2, 4, 6};
void gift_choices(const State& s, int p, int region, Actions& out) {
  const int free = free_gift_spaces(s, p);
  const bool cylinder = cylinder_placeable(s, p);
  for (int slot = 0; slot < kGiftSlots; ++slot) {
    if (!(free >> slot & 1) || s.rupees[p] < kGiftPrice[slot] || !cylinder) continue;
    out.push_back(Act::gift(slot));
    if (kGiftsInPriceOrder) break;
  }
  extra_gift_choices(s, p, region, cylinder, out);
}

// Build: "place armies or roads in regions you rule, 2 rupees each" (Nation Building: two
// for the price of one); Pax Expanse's Rally also in the asset's region.
int build_price(const State& s, int p, int blocks) {
  return (s.player_effects[p] & PlayerEffect::kNationBuilding) ? 2 * ((blocks + 1) / 2) : 2 * blocks;
}
int buildable_regions(const State& s, int p, int region) {
  return ruled_by(s, p) | (kBuildInTheAssetsRegion ? 1 << region : 0);
}
void build_choices(const State& s, int p, int region, Actions& out) {
  if (!block_placeable(s, s.loyalty[p])) return;
  const int regions = buildable_regions(s, p, region);
  for (int b = 0; b < kNumBorders; ++b)
    if ((regions >> kBorders[b].a & 1) || (regions >> kBorders[b].b & 1)) out.push_back(Act::road(b));
  for (int r = 0; r < Region::kCount; ++r)
    if (regions >> r & 1) out.push_back(Act::army(r));
}

// Move. Armies: "to an adjacent region along a road of their coalition" (Indian Supplies and
// Wakhan: no road needed); Pax Expanse's fleets to any adjacent region, each once per action.
// Tribes move only under Nationalism, as armies; Pax Expanse's supporters across a loyal
// transport on the border, each transport once per action (Indian Supplies: any border, as
// the provisional data reads it). Spies: to an adjacent card of the ring of courts (two with
// Well Connected), and to cards of the same region with Strange Bedfellows or at Pax
// Expanse's Cold War.
int army_destinations(const State& s, int p, int r) {
  int m = 0;
  const bool free =
      kArmiesMoveWithoutRoads || court_has(s, p, AbilityMechanic::kIndianSupplies) || s.is_automaton(p);
  for (int b = 0; b < kNumBorders; ++b)
    if (border_touches(b, r) && (free || s.roads[b][s.loyalty[p]])) m |= 1 << border_other_side(b, r);
  return m;
}
int tribe_destinations(const State& s, int p, int r, const MoveMemory& memory) {
  if (!kTribesCrossTransports)
    return (s.player_effects[p] & PlayerEffect::kNationalism) ? army_destinations(s, p, r) : 0;
  int m = 0;
  const bool free = court_has(s, p, AbilityMechanic::kIndianSupplies);
  for (int b = 0; b < kNumBorders; ++b)
    if (border_touches(b, r) && (free || s.roads[b][s.loyalty[p]] > memory.crossings[b]))
      m |= 1 << border_other_side(b, r);
  return m;
}
std::vector<int> spy_destinations(const State& s, int p, int c) {
  std::vector<int> ring;
  for (int q = 0; q < s.num_players; ++q)
    for (const int d : court_of(s, q)) ring.push_back(d);
  std::vector<int> out;
  if (ring.size() < 2) return out;
  const int at = int(std::find(ring.begin(), ring.end(), c) - ring.begin()), n = int(ring.size());
  const int reach = court_has(s, p, AbilityMechanic::kWellConnected) ? 2 : 1;
  for (int d = 1; d <= reach; ++d) {
    out.push_back(ring[(at + d) % n]);
    out.push_back(ring[(at - d + 2 * n) % n]);
  }
  if (court_has(s, p, AbilityMechanic::kStrangeBedfellows) || spies_move_within_regions(s))
    for (const int d : ring)
      if (card_region(s, d) == card_region(s, c)) out.push_back(d);
  std::erase(out, c);
  return out;
}
int movable_armies(const State& s, int p, int r, const MoveMemory& memory) {
  return s.armies[r][s.loyalty[p]] - (kArmiesMoveOncePerAction ? memory.arrived[r] : 0);
}
void move_from_choices(const State& s, int p, const MoveMemory& memory, Actions& out) {
  for (int r = 0; r < Region::kCount; ++r)
    if (movable_armies(s, p, r, memory) > 0 && army_destinations(s, p, r))
      out.push_back(Act::move_from(Act::move_army(r)));
  std::vector<int> spied;
  for (int i = 0; i < kCylinders; ++i)
    if (CylLoc::is_spy(s.cylinder[p][i])) spied.push_back(CylLoc::card_of(s.cylinder[p][i]));
  for (const int c : spied)
    if (!spy_destinations(s, p, c).empty()) out.push_back(Act::move_from(Act::move_spy(c)));
  for (int r = 0; r < Region::kCount; ++r)
    if (s.tribes[r][p] && tribe_destinations(s, p, r, memory))
      out.push_back(Act::move_from(Act::move_tribe(r)));
}
void move_to_choices(const State& s, int p, int from, const MoveMemory& memory, Actions& out) {
  if (from >= Act::move_spy(1) && from < Act::move_tribe(0)) {
    for (const int d : spy_destinations(s, p, from - Act::move_spy(1) + 1))
      out.push_back(Act::move_to(Site::card(d)));
    return;
  }
  const int mask = from < Act::move_spy(1) ? army_destinations(s, p, from)
                                           : tribe_destinations(s, p, from - Act::move_tribe(0), memory);
  for (int r = 0; r < Region::kCount; ++r)
    if (mask >> r & 1) out.push_back(Act::move_to(Site::region(r)));
}

// Betray: "pay 2 rupees and discard a card on which you have a spy" (Bodyguards protect
// their owner's political cards).
bool can_betray(const State& s, int p) {
  if (s.rupees[p] < 2) return false;
  for (int i = 0; i < kCylinders; ++i) {
    if (!CylLoc::is_spy(s.cylinder[p][i])) continue;
    const int c = CylLoc::card_of(s.cylinder[p][i]);
    if (!(court_card(c).suit == Suit::kPolitical &&
          court_has(s, s.court_owner(c), AbilityMechanic::kBodyguards)))
      return true;
  }
  return false;
}

// Battle: at a region where p has armies of their coalition (and tribes under Nationalism),
// removing other coalitions' armies and roads on its borders, and tribes of players not of
// p's coalition (Citadel protects its owner's tribes in its region) (Pax Expanse: also
// damaging the Rocinante); or at a card where p has spies, removing other players' spies
// (Indispensable Advisors protects its owner's).
bool battle_somewhere(const State& s, int p) {
  const int k = s.loyalty[p];
  for (int r = 0; r < Region::kCount; ++r) {
    const int strength =
        s.armies[r][k] + ((s.player_effects[p] & PlayerEffect::kNationalism) ? s.tribes[r][p] : 0);
    if (!strength) continue;
    bool target = neutral_piece_at(s, r);
    for (int o = 0; o < Coalition::kCount; ++o) {
      if (o == k) continue;
      target |= s.armies[r][o] > 0;
      for (int b = 0; b < kNumBorders; ++b) target |= border_touches(b, r) && s.roads[b][o] > 0;
    }
    for (int q = 0; q < s.num_players; ++q) {
      if (q == p || !s.tribes[r][q] || s.loyalty[q] == k) continue;
      bool citadel = false;
      for (const int c : court_of(s, q)) {
        const AbilityDef* a = ability_of(c);
        citadel |= a && a->mechanic == AbilityMechanic::kCitadel && a->region == r;
      }
      target |= !citadel;
    }
    if (target) return true;
  }
  for (int i = 0; i < kCylinders; ++i) {
    if (!CylLoc::is_spy(s.cylinder[p][i])) continue;
    const int c = CylLoc::card_of(s.cylinder[p][i]);
    for (int q = 0; q < s.num_players; ++q)
      if (q != p && spies_of(s, q, c) && !court_has(s, q, AbilityMechanic::kIndispensableAdvisors))
        return true;
  }
  return false;
}

bool card_action_has_work(const State& s, int p, int c, int act, const MoveMemory& memory) {
  const int region = card_region(s, c);
  switch (act) {
    case CardAction::kTax: {
      Actions targets;
      tax_targets(s, p, region, targets);
      return !targets.empty();
    }
    case CardAction::kGift: {
      Actions choices;
      gift_choices(s, p, region, choices);
      return !choices.empty();
    }
    case CardAction::kBuild:
      return s.rupees[p] >= build_price(s, p, 1) && block_placeable(s, s.loyalty[p]) &&
             buildable_regions(s, p, region);
    case CardAction::kMove: {
      Actions choices;
      move_from_choices(s, p, MoveMemory{}, choices);
      (void)memory;
      return !choices.empty();
    }
    case CardAction::kBetray:
      return can_betray(s, p);
    case CardAction::kBattle:
      return battle_somewhere(s, p);
  }
  return false;
}

// The turn: "take two actions" (purchase, play, or a card action), and some card actions are
// bonus actions; each card acts once per turn; a card refused a bribe this turn is not
// offered again.
void turn_choices(const State& s, int p, const MoveMemory& memory, Actions& out) {
  out.push_back(Act::kDone);
  const bool actions_left = s.actions_used < 2;
  if (actions_left)
    for (int row = 0; row < kMarketRows; ++row)
      for (int col = 0; col < kMarketCols; ++col) {
        const int card = s.market[row][col];
        // Any card may be bought but Public Withdrawal, and none with a rupee placed on it this turn.
        if (!card || card == kRupeeSinkCard || (s.market_paid >> (row * kMarketCols + col) & 1)) continue;
        if (s.rupees[p] >= purchase_price(s, p, card, col)) out.push_back(Act::purchase(row, col));
      }
  if (actions_left)
    for (int c = 1; c <= kNumCourtCards; ++c)
      if (s.in_hand(p, c) && !bit_test(s.refused_cards, c)) {
        out.push_back(Act::play(c, false));
        out.push_back(Act::play(c, true));
      }
  for (const int c : court_of(s, p)) {
    if (bit_test(s.used_cards, c) || bit_test(s.refused_cards, c)) continue;
    const CourtCard& cc = court_card(c);
    // Bonus actions: cards of the favoured suit, military cards under New Tactics, and the
    // cards whose ability says their actions are bonus actions (Savvy Operator, Irregulars).
    const AbilityDef* ability = ability_of(c);
    const bool bonus = cc.suit == s.favored_suit ||
                       (cc.suit == Suit::kMilitary && (s.player_effects[p] & PlayerEffect::kNewTactics)) ||
                       (ability && (ability->mechanic == AbilityMechanic::kSavvyOperator ||
                                    ability->mechanic == AbilityMechanic::kIrregulars));
    if (!actions_left && !bonus) continue;
    for (int i = 0; i < cc.num_actions; ++i)
      if (card_action_has_work(s, p, c, cc.actions[i], memory))
        out.push_back(Act::card_action(c, cc.actions[i]));
  }
}

// The oracle's legal actions at the decision on top, for the decisions it covers.
bool oracle_choices(const State& s, const MoveMemory& memory, Actions& out) {
  const Task& t = s.top();
  const int p = t.player;
  switch (t.kind) {
    case TaskKind::kTurnActions:
      turn_choices(s, p, memory, out);
      return true;
    case TaskKind::kTax:
      if (t.b > 0) out.push_back(Act::kDone);
      tax_targets(s, p, t.c, out);
      return true;
    case TaskKind::kGift:
      gift_choices(s, p, t.c, out);
      return true;
    case TaskKind::kBuild:
      if (t.a > 0) out.push_back(Act::kDone);
      if (t.a < t.b && s.rupees[p] >= build_price(s, p, t.a + 1)) build_choices(s, p, t.c, out);
      return true;
    case TaskKind::kMoveFrom:
      if (t.b > 0) out.push_back(Act::kDone);
      if (t.a > 0) move_from_choices(s, p, memory, out);
      return true;
    case TaskKind::kMoveTo:
      move_to_choices(s, p, t.c, memory, out);
      return true;
  }
  return false;
}

std::string names(const State& s, const Actions& actions) {
  std::string out;
  for (const Action a : actions) out += (out.empty() ? "" : ", ") + action_name(s, a);
  return out.empty() ? "none" : out;
}

// Returns the decisions compared.
int check_game(int players, u64 seed) {
  int compared = 0;
  State s = new_game(players, seed);
  u64 rng = seed * 0x2545F4914F6CDD1Dull + u64(players);
  MoveMemory memory;
  Action legal[kMaxLegalActions];
  for (int decision = 0; !s.game_over() && decision < 20000; ++decision) {
    const int n = legal_actions(s, legal);
    Actions oracle;
    if (oracle_choices(s, memory, oracle)) {
      ++compared;
      std::sort(oracle.begin(), oracle.end());
      oracle.erase(std::unique(oracle.begin(), oracle.end()), oracle.end());
      const Actions generated(legal, legal + n);
      Actions missing, extra;
      std::set_difference(oracle.begin(), oracle.end(), generated.begin(), generated.end(),
                          std::back_inserter(missing));
      std::set_difference(generated.begin(), generated.end(), oracle.begin(), oracle.end(),
                          std::back_inserter(extra));
      EXPECT_TRUE(missing.empty() && extra.empty())
          << players << " players, seed " << seed << ", decision " << decision << " (task "
          << int(s.top().kind) << ", player " << int(s.top().player)
          << "): allowed but not offered: " << names(s, missing)
          << "; offered but not allowed: " << names(s, extra);
      if (!missing.empty() || !extra.empty()) return compared;
    }
    const Action a = legal[random_below(rng, n)];
    const Act::Decoded d = Act::decode(a);
    const Task t = s.top();
    if (t.kind == TaskKind::kTurnActions && d.family == Act::kCardActionFamily && d.b == CardAction::kMove)
      memory = MoveMemory{};  // a move action starts
    if (t.kind == TaskKind::kMoveTo && Site::is_region(d.a)) {
      const int p = t.player, from = t.c;
      if (from < Act::move_spy(1))
        ++memory.arrived[d.a];
      else if (from >= Act::move_tribe(0) && !court_has(s, p, AbilityMechanic::kIndianSupplies))
        ++memory.crossings[border_between(from - Act::move_tribe(0), d.a)];
    }
    apply(s, a);
  }
  return compared;
}

}  // namespace

void check_random_games_against_oracle(int players, u64 first_seed, int count) {
  long compared = 0;
  for (int i = 0; i < count && !::testing::Test::HasFailure(); ++i)
    compared += check_game(players, first_seed + u64(i));
  // A turn alone is several such decisions: far fewer means the games were cut short.
  EXPECT_GT(compared, 40L * count) << "decisions compared";
}

}  // namespace pamir::testing
