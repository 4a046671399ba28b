#include "core/movegen.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "core/game_rules.h"
#include "core/legality.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

// The purchase actions of each pattern of buyable cells in a market row, in id order, padded
// to 8 so that one 16-byte copy writes a row's and the pattern's popcount says how many count:
// the turn's purchases are written without a branch per card.
using RowPurchases = std::array<Action, 8>;
constexpr auto kRowPurchases = [] {
  static_assert(kMarketCols <= 8);
  std::array<std::array<RowPurchases, 1 << kMarketCols>, kMarketRows> table{};
  for (int row = 0; row < kMarketRows; ++row)
    for (int cells = 0; cells < 1 << kMarketCols; ++cells) {
      int n = 0;
      for (int col = 0; col < kMarketCols; ++col)
        if (cells >> col & 1) table[row][cells][n++] = Act::purchase(row, col);
    }
  return table;
}();

// For each set of card actions (bit CardAction), its members in order as four 16-bit lanes
// of each of two words: one card's actions are written as its first id added to every lane,
// and one 16-byte copy, whatever their number.
constexpr auto kActionSlots = [] {
  static_assert(CardAction::kCount <= 8 && sizeof(Action) == 2 &&
                Act::card_action(1, 5) == Act::card_action(1, 0) + 5);
  std::array<std::array<u64, 2>, 1 << CardAction::kCount> table{};
  for (int acts = 0; acts < 1 << CardAction::kCount; ++acts) {
    int n = 0;
    for (int act = 0; act < CardAction::kCount; ++act)
      if (acts >> act & 1) table[acts][n / 4] |= u64(act) << (16 * (n % 4)), ++n;
  }
  return table;
}();

// Where gen_turn_actions keeps each kind of card action in its `wanted` and `feasible` sets:
// bit act * kActionStride + region, with a stride of a bit per region only for rulesets where
// some kinds' feasibility depends on the card's region (kActionsFeasibleByRegion).
constexpr int kActionStride = kActionsFeasibleByRegion ? Region::kCount : 1;
static_assert(CardAction::kCount * kActionStride <= 64);
// Bit act * kActionStride for each act of a set of card actions (bit CardAction).
constexpr auto kActionBits = [] {
  std::array<u64, 1 << CardAction::kCount> table{};
  for (int acts = 0; acts < 1 << CardAction::kCount; ++acts)
    for (int act = 0; act < CardAction::kCount; ++act)
      if (acts >> act & 1) table[acts] |= u64(1) << (act * kActionStride);
  return table;
}();

// The action phase's choices before the card actions' feasibility, shared by the list
// (gen_turn_actions) and the sampler (sample_turn_action). Done is always a choice.
struct TurnChoices {
  unsigned buyable = 0;  // bit row*6+col: a market card p may buy
  CardWords playable{};  // hand cards p may play, to either side
  CardWords usable{};    // court cards whose actions p may take, where the kind is feasible
};

TurnChoices turn_choices(const State& s, int p) {
  TurnChoices c;
  const bool core_left = s.actions_used < 2;
  if (core_left) {
    // Bit row*6+col: a card that may be bought there (present, not Public Withdrawal, no
    // rupee of this turn's on it), then cut to the columns p can afford at the price a column
    // costs now (purchase_cost's, without the abilities that waive it).
    unsigned buyable = market_cells_buyable(s) & ~unsigned(s.market_paid);
    const int affordable = std::min(s.rupees[p] / Rules::price_multiplier(s), kMarketCols - 1);
    const unsigned columns = (2u << affordable) - 1;
    unsigned priced = buyable & ~(columns | columns << kMarketCols);
    buyable &= columns | columns << kMarketCols;
    // Abilities that waive the price (rare) can make a dearer card free.
    if (s.abilities[p] & kPriceWaivers)
      for (; priced; priced &= priced - 1) {
        const int i = __builtin_ctz(priced);
        if (purchase_cost(s, p, i / kMarketCols, i % kMarketCols) == 0) buyable |= 1u << i;
      }
    c.buyable = buyable;
  }
  // Wakhan plays the card she bought as part of the same action, even her second.
  if (core_left || s.is_automaton(p))
    for (int w = 0; w < 2; ++w) c.playable[w] = s.hand[p][w] & ~s.refused_cards[w];
  c.usable = court_cards(s, p);
  const CardWords favored = core_left ? CardWords{~u64(0), ~u64(0)} : favored_cards(s, p);
  for (int w = 0; w < 2; ++w) c.usable[w] &= ~(s.used_cards[w] | s.refused_cards[w]) & favored[w];
  return c;
}

// The usable cards that have a kind of card action.
CardWords cards_with_action(const CardWords& usable, int act) {
  const CardWords& with = kCardsWithAction[act];
  return {usable[0] & with[0], usable[1] & with[1]};
}

// The kinds of card action the usable cards have, as the bits where gen_turn_actions keeps
// their feasibility: act * kActionStride, plus the card's region for the kinds feasible by
// region. Feasibility is worked out once for each kind, or for those kinds once per region
// they are had in. regions_wanted: those kinds' bits alone (the sampler's groups by region);
// kinds_wanted: every kind's.
u64 regions_wanted(const State& s, const CardWords& usable) {
  u64 wanted = 0;
  if constexpr (kActionsFeasibleByRegion != 0)
    for (int w = 0; w < 2; ++w)
      for (u64 cards = usable[w]; cards; cards &= cards - 1) {
        const int card = w * 64 + __builtin_ctzll(cards) + 1;
        if (const unsigned by_region = card_action_mask(card) & kActionsFeasibleByRegion)
          wanted |= kActionBits[by_region] << card_region(s, card);
      }
  return wanted;
}
u64 kinds_wanted(const State& s, const CardWords& usable) {
  u64 wanted = regions_wanted(s, usable);
  // A bit set from a comparison, not a branch per kind: whether p has a kind is random.
  for (int act = 0; act < CardAction::kCount; ++act)
    if (!(kActionsFeasibleByRegion >> act & 1)) {
      const CardWords cards = cards_with_action(usable, act);
      wanted |= u64((cards[0] | cards[1]) != 0) << (act * kActionStride);
    }
  return wanted;
}

// The kind of card action of a bit of kinds_wanted, and the region it is asked for
// (kNoRegion for the kinds feasible whatever the card's region).
constexpr int wanted_act(int bit) { return bit / kActionStride; }
constexpr int wanted_region(int bit) {
  return kActionsFeasibleByRegion >> wanted_act(bit) & 1 ? bit % kActionStride : kNoRegion;
}

int gen_turn_actions(const State& s, int p, Action* out) {
  const TurnChoices choices = turn_choices(s, p);
  Action* o = out;
  *o++ = Act::kDone;
  // The buffer has room for kMaxLegalActions, far past the market's two rows of 8.
  for (int row = 0; row < kMarketRows; ++row) {
    const unsigned cells = choices.buyable >> (row * kMarketCols) & ((1u << kMarketCols) - 1);
    std::memcpy(o, kRowPurchases[row][cells].data(), sizeof(RowPurchases));
    o += std::popcount(cells);
  }
  for (int w = 0; w < 2; ++w)
    for (u64 bits = choices.playable[w]; bits; bits &= bits - 1) {
      const int c = w * 64 + __builtin_ctzll(bits) + 1;
      *o++ = Act::play(c, false);
      *o++ = Act::play(c, true);
    }
  // Court order is not id order: the usable cards are a set, emitted in card order.
  const u64 wanted = kinds_wanted(s, choices.usable);
  u64 feasible = 0;
  unsigned feasible_acts = 0;  // bit act: feasible with some card (whatever its region, for most kinds)
  // Kind by kind, each a constant: a branch per kind instead of a jump through a table.
#pragma GCC unroll 8
  for (int act = 0; act < CardAction::kCount; ++act)
    for (u64 m = wanted >> (act * kActionStride) & ((u64(1) << kActionStride) - 1); m; m &= m - 1) {
      const int bit = act * kActionStride + __builtin_ctzll(m);
      if (card_action_feasible(s, p, act, wanted_region(bit)))
        feasible |= u64(1) << bit, feasible_acts |= 1u << act;
    }
  feasible_acts &= ~kActionsFeasibleByRegion;
  for (int w = 0; w < 2; ++w)
    for (u64 cards = choices.usable[w]; cards; cards &= cards - 1) {
      const int c = w * 64 + __builtin_ctzll(cards) + 1;
      unsigned acts = card_action_mask(c) & feasible_acts;
      if constexpr (kActionsFeasibleByRegion != 0)
        if (const unsigned by_region = card_action_mask(c) & kActionsFeasibleByRegion) {
          const u64 here = feasible >> card_region(s, c);
          for (unsigned m = by_region; m; m &= m - 1)
            acts |= unsigned(here >> (__builtin_ctz(m) * kActionStride) & 1) << __builtin_ctz(m);
        }
      // The card's actions in id order, from a table: no branch per action (no lane carries:
      // every id is below 2^16).
      const u64 first = 0x0001000100010001ull * Act::card_action(c, 0);
      const u64 ids[2] = {kActionSlots[acts][0] + first, kActionSlots[acts][1] + first};
      std::memcpy(o, ids, sizeof ids);
      o += std::popcount(acts);
    }
  return int(o - out);
}

// A uniformly random action of gen_turn_actions' list without writing the list: a choice is
// drawn from every one that needs no feasibility check and every card action of a usable
// card; a card action of a kind found infeasible takes its kind's choices out (each kind is
// asked at most once) and the draw is repeated. Each legal action stays equally likely at
// every draw, so the one returned is uniform over the legal ones, and most turns ask one
// feasibility question or none instead of one per kind.
Action sample_turn_action(const State& s, int p, u64& rng) {
  const TurnChoices choices = turn_choices(s, p);
  const int purchases = std::popcount(choices.buyable);
  const int plays = 2 * (std::popcount(choices.playable[0]) + std::popcount(choices.playable[1]));
  // The card actions of a kind (and region, for the kinds feasible by region): its usable
  // cards. The kinds feasible whatever the region get a group each, empty or not.
  constexpr int kMaxGroups = CardAction::kCount * kActionStride;
  CardWords group[kMaxGroups];
  int size[kMaxGroups], bit_of[kMaxGroups];
  int groups = 0, total = 1 + purchases + plays;
  auto add_group = [&](int bit, const CardWords& cards) {
    group[groups] = cards;
    bit_of[groups] = bit;
    size[groups] = std::popcount(cards[0]) + std::popcount(cards[1]);
    total += size[groups++];
  };
  for (int act = 0; act < CardAction::kCount; ++act)
    if (!(kActionsFeasibleByRegion >> act & 1))
      add_group(act * kActionStride, cards_with_action(choices.usable, act));
  for (u64 m = regions_wanted(s, choices.usable); m; m &= m - 1) {
    const int bit = __builtin_ctzll(m);
    CardWords cards = cards_with_action(choices.usable, wanted_act(bit));
    for (int w = 0; w < 2; ++w)
      for (u64 bits = cards[w]; bits; bits &= bits - 1)
        if (card_region(s, w * 64 + __builtin_ctzll(bits) + 1) != wanted_region(bit))
          cards[w] &= ~(bits & -bits);
    add_group(bit, cards);
  }
  for (;;) {
    int r = random_below(rng, total);
    if (r == 0) return Act::kDone;
    if ((r -= 1) < purchases) {
      const int i = nth_set_bit(choices.buyable, r);
      return Act::purchase(i / kMarketCols, i % kMarketCols);
    }
    if ((r -= purchases) < plays) return Act::play(nth_member(choices.playable, r / 2), r % 2);
    r -= plays;
    int g = 0;
    while (r >= size[g]) r -= size[g++];
    const int act = wanted_act(bit_of[g]);
    if (card_action_feasible(s, p, act, wanted_region(bit_of[g])))
      return Act::card_action(nth_member(group[g], r), act);
    total -= size[g];
    size[g] = 0;
  }
}

int gen_tax(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.b > 0) *o++ = Act::kDone;
  static_assert(Act::tax_market(1, 2) == Act::kTaxMarket + 1 * kMarketCols + 2,
                "a market tax id is its cell's bit");
  for (unsigned cells = market_cells_with_rupees(s); cells; cells &= cells - 1) {
    const int i = __builtin_ctz(cells);
    if (market_card_taxable(s, p, t.c, i / kMarketCols, i % kMarketCols)) *o++ = Action(Act::kTaxMarket + i);
  }
  const int victims = taxable_players(s, p, t.c);
  for (int off = 1; off < s.num_players; ++off)
    if (victims >> seat_at(s, p, off) & 1) *o++ = Act::tax_player(off);
  return int(o - out);
}

}  // namespace

// Where p may put a block of its coalition: roads on borders of the regions (a bit mask),
// then armies in them (the build action and Infrastructure).
int gen_block_placements(const State& s, int p, int regions, Action* out) {
  Action* o = out;
  if (!can_place_block(s, s.loyalty[p])) return 0;
  u16 borders = 0;
  for (int r = 0; r < Region::kCount; ++r)
    if (regions >> r & 1) borders |= region_border_mask(r);
  for (int b = 0; b < kNumBorders; ++b)
    if (borders >> b & 1) *o++ = Act::road(b);
  for (int r = 0; r < Region::kCount; ++r)
    if (regions >> r & 1) *o++ = Act::army(r);
  return int(o - out);
}

namespace {

int gen_build(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.a > 0) *o++ = Act::kDone;
  if (t.a < t.b && s.rupees[p] >= build_cost(s, p, t.a + 1))
    o += gen_block_placements(s, p, build_regions(s, p, t.c), o);
  return int(o - out);
}

int gen_move_from(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.b > 0) *o++ = Act::kDone;
  if (t.a == 0) return int(o - out);
  const MovableLand land = movable_land(s, p);
  for (int m = land.armies; m; m &= m - 1) *o++ = Act::move_from(Act::move_army(__builtin_ctz(m)));
  u8 cards[kCylinders];
  const int n = s.court_begin(s.num_players) >= 2 ? spy_cards(s, p, cards) : 0;
  for (int i = 0; i < n; ++i) *o++ = Act::move_from(Act::move_spy(cards[i]));
  for (int m = land.tribes; m; m &= m - 1) *o++ = Act::move_from(Act::move_tribe(__builtin_ctz(m)));
  return int(o - out);
}

int gen_move_to(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  const int from = t.c;
  if (from >= Region::kCount && from < Region::kCount + kNumCourtCards) {
    u8 dest[kNumCourtCards];
    const int n = spy_destinations(s, p, from - Region::kCount + 1, dest);
    std::sort(dest, dest + n);
    for (int i = 0; i < n; ++i) *o++ = Act::move_to(Site::card(dest[i]));
  } else {
    const int r = from < Region::kCount ? from : from - Region::kCount - kNumCourtCards;
    const int mask = from >= Region::kCount ? Rules::tribe_destinations(s, p, r) : land_destinations(s, p, r);
    for (int d = 0; d < Region::kCount; ++d)
      if (mask >> d & 1) *o++ = Act::move_to(Site::region(d));
  }
  return int(o - out);
}

int gen_battle(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.c > 0) *o++ = Act::kDone;
  if (t.b == 0) return int(o - out);
  o += battle_removals(s, p, t.a, o);
  std::sort(out, o);
  return int(o - out);
}

// Cards p holds in hand or court, as discard actions in id order.
int gen_discards(const State& s, int p, bool hand, bool court, Action* out) {
  CardWords cards = court ? court_cards(s, p) : CardWords{};
  if (hand) cards[0] |= s.hand[p][0], cards[1] |= s.hand[p][1];
  Action* o = out;
  for (int w = 0; w < 2; ++w)
    for (u64 bits = cards[w]; bits; bits &= bits - 1) *o++ = Act::discard(w * 64 + __builtin_ctzll(bits) + 1);
  return int(o - out);
}

int gen_take(const State& s, const Task& t, Action* out) {
  Action* o = out;
  const int p = t.player;
  // Bit i: a piece at TakeLoc i may be taken (a set, not an array to clear and scan: in some
  // rulesets supply shortages are frequent).
  static_assert(Act::kTakeCount <= 128);
  u64 seen[2] = {0, 0};
  auto mark = [&](int i) { seen[i >> 6] |= u64(1) << (i & 63); };
  if (t.kind == TaskKind::kTakeCylinder) {
    for (int i = 0; i < kCylinders; ++i) {
      const u8 l = s.cylinder[p][i];
      if (l == CylLoc::kSupply || (s.cylinders_placed[p] >> i & 1)) continue;
      const int idx = CylLoc::is_tribe(l)  ? Act::take_tribe(CylLoc::region_of(l))
                      : CylLoc::is_gift(l) ? Act::take_gift(CylLoc::slot_of(l))
                                           : Act::take_spy(CylLoc::card_of(l));
      mark(idx);
    }
  } else {
    const int k = t.a;
    for (int i = 0; i < kBlocksPerCoalition; ++i) {
      const u8 l = s.block[k][i];
      if (l == BlockLoc::kSupply || (s.blocks_placed[k] >> i & 1)) continue;
      mark(BlockLoc::is_army(l) ? Act::take_army(BlockLoc::region_of(l))
                                : Act::take_road(BlockLoc::border_of(l)));
    }
  }
  for (int w = 0; w < 2; ++w)
    for (u64 bits = seen[w]; bits; bits &= bits - 1) *o++ = Act::take(w * 64 + __builtin_ctzll(bits));
  return int(o - out);
}

}  // namespace

Action sample_decision(const State& s, u64& rng) {
  const Task& t = s.top();
  if (t.kind == TaskKind::kTurnActions) return sample_turn_action(s, t.player, rng);
  // The other decisions have a few choices each: listing them costs little.
  Action legal[kMaxLegalActions];
  return legal[random_below(rng, gen_decision(s, legal))];
}

int gen_decision(const State& s, Action* out) {
  const Task& t = s.top();
  const int p = t.player;
  // The action phase is over half of all decisions: a branch that predicts well, before the
  // jump table that does not.
  if (t.kind == TaskKind::kTurnActions) return gen_turn_actions(s, p, out);
  Action* o = out;
  switch (t.kind) {
    case TaskKind::kChooseLoyalty:
      for (int k = 0; k < Coalition::kCount; ++k) *o++ = Act::loyalty(k);
      break;
    case TaskKind::kTurnActions:
      return gen_turn_actions(s, p, out);
    case TaskKind::kBribeDemand:
      for (int k = 0; k <= t.a; ++k) *o++ = Act::demand(k);
      break;
    case TaskKind::kBribePay: {
      const int extra =
          t.c >= BribeFor::kCardAction ? min_action_cost(s, p, t.b, t.c - BribeFor::kCardAction) : 0;
      if (s.rupees[p] >= t.a + extra) *o++ = Act::kPayBribe;
      *o++ = Act::kRefuseBribe;
      break;
    }
    case TaskKind::kPlaceRoad:
      for (int b = 0; b < kNumBorders; ++b)
        if (border_touches(b, t.a)) *o++ = Act::road(b);
      break;
    case TaskKind::kPlaceSpy: {
      const CardWords cards = court_cards_of_region(s, t.a);
      for (int w = 0; w < 2; ++w)
        for (u64 bits = cards[w]; bits; bits &= bits - 1) *o++ = Act::spy(w * 64 + __builtin_ctzll(bits) + 1);
      break;
    }
    case TaskKind::kTakeCylinder:
    case TaskKind::kTakeBlock:
      return gen_take(s, t, out);
    case TaskKind::kTax:
      return gen_tax(s, p, t, out);
    case TaskKind::kGift:
      return Rules::gen_gift(s, p, t, out);
    case TaskKind::kBuild:
      return gen_build(s, p, t, out);
    case TaskKind::kMoveFrom:
      return gen_move_from(s, p, t, out);
    case TaskKind::kMoveTo:
      return gen_move_to(s, p, t, out);
    case TaskKind::kBetray: {
      u8 cards[kCylinders];
      const int n = spy_cards(s, p, cards);
      for (int i = 0; i < n; ++i)
        if (betrayable(s, p, cards[i])) *o++ = Act::betray(cards[i]);
      break;
    }
    case TaskKind::kPrize:
      *o++ = Act::kTakePrize;
      *o++ = Act::kDeclinePrize;
      break;
    case TaskKind::kBattleSite: {
      // A split battle (kHooks.battles_split) goes on at sites from t.b on, and may stop (t.c);
      // otherwise both are 0.
      if (t.c) *o++ = Act::kDone;
      for (int r = t.b; r < Region::kCount; ++r)
        if (battle_site_ok(s, p, Site::region(r))) *o++ = Act::battle_at(Site::region(r));
      u8 cards[kCylinders];
      const int n = spy_cards(s, p, cards);
      for (int i = 0; i < n; ++i)
        if (Site::card(cards[i]) >= t.b && battle_site_ok(s, p, Site::card(cards[i])))
          *o++ = Act::battle_at(Site::card(cards[i]));
      break;
    }
    case TaskKind::kBattle:
      return gen_battle(s, p, t, out);
    case TaskKind::kDiscardLeverage:
      return gen_discards(s, p, true, true, out);
    case TaskKind::kDiscardCourt:
      return gen_discards(s, p, false, true, out);
    case TaskKind::kDiscardHand:
    case TaskKind::kConfidenceFailure:
      return gen_discards(s, p, true, false, out);
    case TaskKind::kChoosePlayer:
      for (int off = 1; off < s.num_players; ++off) *o++ = Act::choose_player(off);
      break;
    case TaskKind::kChooseRegion:
      for (int r = 0; r < Region::kCount; ++r) *o++ = Act::choose_region(r);
      break;
    case TaskKind::kChooseSuit:
      for (int k = 0; k < Suit::kCount; ++k) *o++ = Act::choose_suit(k);
      break;
    case TaskKind::kSafeHouse:
    case TaskKind::kBlackmail: {
      u8 cards[kNumCourtCards];
      const int n =
          t.kind == TaskKind::kSafeHouse ? safe_houses(s, p, t.a, cards) : spy_free_cards(s, t.a, cards);
      *o++ = Act::kDone;  // decline: the spy stays home (Safe House) / no spy placed (Blackmail)
      for (int i = 0; i < n; ++i) *o++ = Act::spy(cards[i]);
      break;
    }
    case TaskKind::kInfrastructure:
      return gen_block_placements(s, p, ruled_regions(s, p), out);
    default:
      if constexpr (kGameDecisions) return Rules::gen_own_decision(s, out);
      break;
  }
  return int(o - out);
}

}  // namespace pamir::core::inline PAMIR_RULESET
