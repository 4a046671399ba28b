#include "core/game.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "core/check.h"
#include "core/dominance.h"
#include "core/events.h"
#include "core/legality.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"
#include "core/wakhan.h"
#include "core/world.h"

namespace pamir::core {
namespace {

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

void build_deck(State& s) {
  u8 court[kNumCourtCards], events[kNumEvents], checks[kNumDominanceChecks];
  for (int i = 0; i < kNumCourtCards; ++i) court[i] = u8(i + 1);
  for (int i = 0; i < kNumEvents; ++i) events[i] = u8(kFirstEvent + i);
  for (int i = 0; i < kNumDominanceChecks; ++i) checks[i] = u8(kFirstDominanceCheck + i);
  shuffle(court, kNumCourtCards, s.rng);
  shuffle(events, kNumEvents, s.rng);
  shuffle(checks, kNumDominanceChecks, s.rng);
  // Six piles, top first: 5+N court cards each, 2 events in pile 2, one event and one
  // Dominance Check in each of piles 3-6; each pile shuffled on its own.
  const PileLayout layout = pile_layout(s.num_players);
  int next_court = 0, next_event = 0, next_check = 0;
  for (int pile = 0; pile < 6; ++pile) {
    u8* begin = &s.deck[layout.begin[pile]];
    int n = 0;
    for (int i = 0; i < 5 + s.num_players; ++i) begin[n++] = court[next_court++];
    for (int i = 0; i < layout.events[pile]; ++i) begin[n++] = events[next_event++];
    for (int i = 0; i < layout.checks[pile]; ++i) begin[n++] = checks[next_check++];
    shuffle(begin, n, s.rng);
  }
  s.deck_size = u8(layout.end[5]);
  for (int i = 0; i < s.deck_size; ++i) s.card_loc[s.deck[i]] = Loc::kDeck;
  // Cards left out stay Loc::kUnused (0).
}

}  // namespace

void begin_turn(State& s, int p) {
  s.current = u8(p);
  clear_tasks(s);
  s.actions_used = 0;
  s.used_cards[0] = s.used_cards[1] = 0;
  s.refused_cards[0] = s.refused_cards[1] = 0;
  s.market_paid = 0;
  std::memset(s.cylinders_placed, 0, sizeof s.cylinders_placed);
  std::memset(s.blocks_placed, 0, sizeof s.blocks_placed);
  if (s.is_wakhan(p)) draw_ai_card(s);
  push_task(s, TaskKind::kTurnActions, s.current);
  // Blackmail comes before the actions, one decision per Blackmail card, in data order
  // (pushed last to first, so that the first is decided first).
  for (u32 m = s.abilities[s.current] & kMechanicAbilities[AbilityMechanic::kBlackmail]; m;) {
    const int a = 31 - std::countl_zero(m);
    m &= ~(u32(1) << a);
    push_task(s, TaskKind::kBlackmail, s.current, ability_def(a).region);
  }
}

namespace {

// ---------------------------------------------------------------------------------------
// Legal actions, one generator per decision
// ---------------------------------------------------------------------------------------

// Bit i set where byte i of w is zero or equal to `value` (bits 0..7). Word-at-a-time: the
// turn-action generator asks this of the 12 market cells at nearly every decision.
unsigned bytes_equal_or_zero(u64 w, u8 value) {
  constexpr u64 kLow7 = 0x7F7F7F7F7F7F7F7Full;
  auto zero_bytes = [](u64 x) { return ~(((x & kLow7) + kLow7) | x | kLow7); };  // 0x80 per zero byte
  const u64 flags = zero_bytes(w) | zero_bytes(w ^ (0x0101010101010101ull * value));
  // Gathers the eight 0x80 flags into one byte: each lands in a distinct bit of the top byte.
  return unsigned(((flags >> 7) * 0x0102040810204080ull) >> 56);
}

// Bit row*6+col: the market space holds a card that can be bought (not the rupee sink, Public Withdrawal).
unsigned market_cells_buyable(const State& s) {
  static_assert(kNoCard == 0 && kMarketRows * kMarketCols == 12 && std::endian::native == std::endian::little);
  u64 first = 0;
  u32 last = 0;
  std::memcpy(&first, &s.market[0][0], 8);
  std::memcpy(&last, &s.market[0][0] + 8, 4);
  const unsigned unbuyable = bytes_equal_or_zero(first, kRupeeSinkCard) |
                             (bytes_equal_or_zero(last, kRupeeSinkCard) & 0xF) << 8;
  return ~unbuyable & 0xFFF;
}

int gen_turn_actions(const State& s, int p, Action* out) {
  Action* o = out;
  *o++ = Act::kDone;
  const bool core_left = s.actions_used < 2;
  if (core_left) {
    // Bit row*6+col: a card that may be bought there (present, not Public Withdrawal, no
    // rupee of this turn's on it), then cut to the columns p can afford at the plain price.
    unsigned buyable = market_cells_buyable(s) & ~unsigned(s.market_paid);
    const int affordable = std::min(s.rupees[p] / (s.favored_suit == Suit::kMilitary ? 2 : 1), kMarketCols - 1);
    const unsigned columns = (2u << affordable) - 1;
    unsigned priced = buyable & ~(columns | columns << kMarketCols);
    buyable &= columns | columns << kMarketCols;
    // Abilities that waive the price (rare) can make a dearer card free.
    if (s.abilities[p] & kPriceWaivers)
      for (; priced; priced &= priced - 1) {
        const int i = __builtin_ctz(priced);
        if (purchase_cost(s, p, i / kMarketCols, i % kMarketCols) == 0) buyable |= 1u << i;
      }
    for (; buyable; buyable &= buyable - 1) *o++ = Act::purchase(__builtin_ctz(buyable) / kMarketCols, __builtin_ctz(buyable) % kMarketCols);
  }
  // Wakhan plays the card she bought as part of the same action, even her second.
  if (core_left || s.is_wakhan(p)) {
    for (int w = 0; w < 2; ++w) {
      u64 bits = s.hand[p][w] & ~s.refused_cards[w];
      while (bits) {
        const int c = w * 64 + __builtin_ctzll(bits) + 1;
        bits &= bits - 1;
        *o++ = Act::play(c, false);
        *o++ = Act::play(c, true);
      }
    }
  }
  // Court order is not id order: collect the usable cards, then emit in card order.
  u64 usable[2] = {0, 0};
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i) {
    const int c = s.court[i];
    if (bit_test(s.used_cards, c) || bit_test(s.refused_cards, c)) continue;
    if (!core_left && !is_favored(s, p, c)) continue;
    bit_set(usable, c);
  }
  u8 cards[kNumCourtCards];
  const int n = bit_members(usable, cards);
  // Whether each kind of card action could be carried out: worked out once, on demand.
  enum : u8 { kUnknown, kYes, kNo };
  u8 feasible[CardAction::kCount] = {};
  for (int i = 0; i < n; ++i) {
    for (unsigned acts = card_action_mask(cards[i]); acts; acts &= acts - 1) {
      const int act = __builtin_ctz(acts);
      if (feasible[act] == kUnknown) feasible[act] = card_action_feasible(s, p, act) ? kYes : kNo;
      if (feasible[act] == kYes) *o++ = Act::card_action(cards[i], act);
    }
  }
  return int(o - out);
}

int gen_tax(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.b > 0) *o++ = Act::kDone;
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      if (s.market[row][col] && s.market_rupees[row][col])
        *o++ = Act::tax_market(row, col);
  const int victims = taxable_players(s, p);
  for (int off = 1; off < s.num_players; ++off)
    if (victims >> seat_at(s, p, off) & 1) *o++ = Act::tax_player(off);
  return int(o - out);
}

// Where p may put a block of its coalition: roads on borders of regions p rules, then
// armies in them (the build action and Infrastructure).
int gen_block_placements(const State& s, int p, Action* out) {
  Action* o = out;
  if (!can_place_block(s, s.loyalty[p])) return 0;
  const int ruled = ruled_regions(s, p);
  u16 borders = 0;
  for (int r = 0; r < Region::kCount; ++r)
    if (ruled >> r & 1) borders |= region_border_mask(r);
  for (int b = 0; b < kNumBorders; ++b)
    if (borders >> b & 1) *o++ = Act::road(b);
  for (int r = 0; r < Region::kCount; ++r)
    if (ruled >> r & 1) *o++ = Act::army(r);
  return int(o - out);
}

int gen_build(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.a > 0) *o++ = Act::kDone;
  if (t.a < t.b && s.rupees[p] >= build_cost(s, p, t.a + 1)) o += gen_block_placements(s, p, o);
  return int(o - out);
}

// Court cards of a region with no spies on them (Blackmail targets), ascending.
int spy_free_cards(const State& s, int region, u8* out) {
  u64 cards[2] = {0, 0};
  const int total = s.court_begin(s.num_players);
  for (int i = 0; i < total; ++i)
    if (court_card(s.court[i]).region == region && !s.spies_on[s.court[i]]) bit_set(cards, s.court[i]);
  return bit_members(cards, out);
}

// Safe House cards in p's court that a spy removed from card `from` may go to, ascending.
int safe_houses(const State& s, int p, int from, u8* out) {
  if (!has_mechanic(s, p, AbilityMechanic::kSafeHouse)) return 0;
  u64 cards[2] = {0, 0};
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i)
    if (ability_def(court_card(s.court[i]).ability).mechanic == AbilityMechanic::kSafeHouse && s.court[i] != from) bit_set(cards, s.court[i]);
  return bit_members(cards, out);
}

int gen_move_from(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  if (t.b > 0) *o++ = Act::kDone;
  if (t.a == 0) return int(o - out);
  for (int r = 0; r < Region::kCount; ++r)
    if (can_move_from(s, p, Act::move_army(r))) *o++ = Act::move_from(Act::move_army(r));
  u8 cards[kCylinders];
  const int n = s.court_begin(s.num_players) >= 2 ? spy_cards(s, p, cards) : 0;
  for (int i = 0; i < n; ++i) *o++ = Act::move_from(Act::move_spy(cards[i]));
  for (int r = 0; r < Region::kCount; ++r)
    if (can_move_from(s, p, Act::move_tribe(r))) *o++ = Act::move_from(Act::move_tribe(r));
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
    const int mask = land_destinations(s, p, r);
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
  u64 cards[2] = {0, 0};
  if (hand) cards[0] = s.hand[p][0], cards[1] = s.hand[p][1];
  if (court) {
    const int b = s.court_begin(p);
    for (int i = b; i < b + s.court_len[p]; ++i) bit_set(cards, s.court[i]);
  }
  Action* o = out;
  for (int w = 0; w < 2; ++w)
    for (u64 bits = cards[w]; bits; bits &= bits - 1)
      *o++ = Act::discard(w * 64 + __builtin_ctzll(bits) + 1);
  return int(o - out);
}

int gen_take(const State& s, const Task& t, Action* out) {
  Action* o = out;
  const int p = t.player;
  bool seen[Act::kTakeCount] = {};
  if (t.kind == TaskKind::kTakeCylinder) {
    for (int i = 0; i < kCylinders; ++i) {
      const u8 l = s.cylinder[p][i];
      if (l == CylLoc::kSupply || (s.cylinders_placed[p] >> i & 1)) continue;
      const int idx = CylLoc::is_tribe(l)  ? Act::take_tribe(CylLoc::region_of(l))
                      : CylLoc::is_gift(l) ? Act::take_gift(CylLoc::slot_of(l))
                                           : Act::take_spy(CylLoc::card_of(l));
      seen[idx] = true;
    }
  } else {
    const int k = t.a;
    for (int i = 0; i < kBlocksPerCoalition; ++i) {
      const u8 l = s.block[k][i];
      if (l == BlockLoc::kSupply || (s.blocks_placed[k] >> i & 1)) continue;
      seen[BlockLoc::is_army(l) ? Act::take_army(BlockLoc::region_of(l))
                                : Act::take_road(BlockLoc::border_of(l))] = true;
    }
  }
  for (int i = 0; i < Act::kTakeCount; ++i)
    if (seen[i]) *o++ = Act::take(i);
  return int(o - out);
}

int gen_decision(const State& s, Action* out) {
  const Task& t = s.top();
  const int p = t.player;
  Action* o = out;
  switch (t.kind) {
    case TaskKind::kChooseLoyalty:
      for (int k = 0; k < Coalition::kCount; ++k) *o++ = Act::loyalty(k);
      break;
    case TaskKind::kTurnActions: return gen_turn_actions(s, p, out);
    case TaskKind::kBribeDemand:
      for (int k = 0; k <= t.a; ++k) *o++ = Act::demand(k);
      break;
    case TaskKind::kBribePay: {
      const int extra = t.c >= BribeFor::kCardAction ? min_action_cost(s, p, t.c - BribeFor::kCardAction) : 0;
      if (s.rupees[p] >= t.a + extra) *o++ = Act::kPayBribe;
      *o++ = Act::kRefuseBribe;
      break;
    }
    case TaskKind::kPlaceRoad:
      for (int b = 0; b < kNumBorders; ++b)
        if (border_touches(b, t.a)) *o++ = Act::road(b);
      break;
    case TaskKind::kPlaceSpy: {
      const int total = s.court_begin(s.num_players);
      u8 cards[kNumCourtCards];
      int n = 0;
      for (int i = 0; i < total; ++i)
        if (court_card(s.court[i]).region == t.a) cards[n++] = s.court[i];
      std::sort(cards, cards + n);
      for (int i = 0; i < n; ++i) *o++ = Act::spy(cards[i]);
      break;
    }
    case TaskKind::kTakeCylinder:
    case TaskKind::kTakeBlock: return gen_take(s, t, out);
    case TaskKind::kTax: return gen_tax(s, p, t, out);
    case TaskKind::kGift: {
      const int taken = gift_spaces_taken(s, p);
      for (int slot = 0; slot < kGiftSlots; ++slot)
        if (!(taken >> slot & 1) && s.rupees[p] >= kGiftCost[slot]) *o++ = Act::gift(slot);
      break;
    }
    case TaskKind::kBuild: return gen_build(s, p, t, out);
    case TaskKind::kMoveFrom: return gen_move_from(s, p, t, out);
    case TaskKind::kMoveTo: return gen_move_to(s, p, t, out);
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
      for (int r = 0; r < Region::kCount; ++r)
        if (battle_site_ok(s, p, Site::region(r))) *o++ = Act::battle_at(Site::region(r));
      u8 cards[kCylinders];
      const int n = spy_cards(s, p, cards);
      for (int i = 0; i < n; ++i)
        if (battle_site_ok(s, p, Site::card(cards[i]))) *o++ = Act::battle_at(Site::card(cards[i]));
      break;
    }
    case TaskKind::kBattle: return gen_battle(s, p, t, out);
    case TaskKind::kDiscardLeverage: return gen_discards(s, p, true, true, out);
    case TaskKind::kDiscardCourt: return gen_discards(s, p, false, true, out);
    case TaskKind::kDiscardHand:
    case TaskKind::kConfidenceFailure: return gen_discards(s, p, true, false, out);
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
      const int n = t.kind == TaskKind::kSafeHouse ? safe_houses(s, p, t.a, cards) : spy_free_cards(s, t.a, cards);
      *o++ = Act::kDone;  // decline: the spy stays home (Safe House) / no spy placed (Blackmail)
      for (int i = 0; i < n; ++i) *o++ = Act::spy(cards[i]);
      break;
    }
    case TaskKind::kInfrastructure: return gen_block_placements(s, p, out);
  }
  return int(o - out);
}

// ---------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------

// Resolves icon number i of card c for p. Wakhan's roads follow her region priority, so her
// road task carries how many road icons of the card came before (field c).
void resolve_icon(State& s, int p, int c, int i) {
  const CourtCard& cc = court_card(c);
  const int r = cc.region, icon = cc.icons[i];
  switch (icon) {
    case Icon::kArmy: place_block(s, p, s.loyalty[p], BlockLoc::army(r)); break;
    case Icon::kRoad: {
      const int earlier_roads = s.is_wakhan(p) ? int(std::count(&cc.icons[0], &cc.icons[i], Icon::kRoad)) : 0;
      push_task(s, TaskKind::kPlaceRoad, p, r, s.loyalty[p], earlier_roads);
      break;
    }
    case Icon::kTribe: place_cylinder(s, p, CylLoc::tribe(r)); break;
    case Icon::kSpy: push_task(s, TaskKind::kPlaceSpy, p, r); break;
    case Icon::kLeverage:
      s.rupees[p] += 2;
      s.bank -= 2;
      break;
    case Icon::kFavorEconomic: change_favored_suit(s, Suit::kEconomic); break;
    case Icon::kFavorMilitary: change_favored_suit(s, Suit::kMilitary); break;
    case Icon::kFavorPolitical: change_favored_suit(s, Suit::kPolitical); break;
    case Icon::kFavorIntelligence: change_favored_suit(s, Suit::kIntelligence); break;
  }
}

void play_card(State& s, int p, int c, bool left) {
  if (!s.is_wakhan(p)) ++s.actions_used;  // her plays are part of the radicalize that bought them
  hand_remove(s, p, c);
  court_insert(s, p, c, left);
  push_task(s, TaskKind::kResolveIcons, p, c, 0);
  // A patriot of another coalition turns the dial first; the debts of the patriots it
  // discards are settled before the icons resolve (they sit above them on the stack).
  const int patriot = court_card(c).patriot;
  if (patriot != Coalition::kNone) change_loyalty(s, p, patriot);
}

void start_card_action(State& s, int p, int c, int act) {
  bit_set(s.used_cards, c);
  if (!is_favored(s, p, c)) ++s.actions_used;
  const int rank = court_card(c).rank;
  switch (act) {
    case CardAction::kTax: push_task(s, TaskKind::kTax, p, rank, 0); break;
    case CardAction::kGift: push_task(s, TaskKind::kGift, p); break;
    case CardAction::kBuild:
      push_task(s, TaskKind::kBuild, p, 0,
                (s.player_effects[p] & PlayerEffect::kNationBuilding) ? 6 : 3);
      break;
    case CardAction::kMove: push_task(s, TaskKind::kMoveFrom, p, rank, 0); break;
    case CardAction::kBetray: push_task(s, TaskKind::kBetray, p); break;
    case CardAction::kBattle: push_task(s, TaskKind::kBattleSite, p, rank); break;
  }
}

// Continues the play or card action a bribe was negotiated for.
void carry_out(State& s, int p, int c, int purpose) {
  if (purpose == BribeFor::kPlayLeft || purpose == BribeFor::kPlayRight)
    play_card(s, p, c, purpose == BribeFor::kPlayLeft);
  else
    start_card_action(s, p, c, purpose - BribeFor::kCardAction);
}

void finish_build(State& s, int p, int placed) {
  if (placed) pay_action_cost(s, p, build_cost(s, p, placed));
  if (has_mechanic(s, p, AbilityMechanic::kInfrastructure)) push_task(s, TaskKind::kInfrastructure, p);
}

void purchase(State& s, int p, int row, int col) {
  const int card = s.market[row][col];
  ++s.actions_used;
  pay_purchase(s, p, row, col);
  s.rupees[p] += s.market_rupees[row][col];
  s.market_rupees[row][col] = 0;
  s.market[row][col] = kNoCard;
  if (is_court_card(card)) {
    hand_add(s, p, card);
  } else if (is_dominance_check(card)) {
    s.card_loc[card] = Loc::kDiscard;
    resolve_dominance_check(s);
  } else {
    apply_purchase_event(s, p, card);
  }
}

void begin_cleanup(State& s, int p) {
  push_task(s, TaskKind::kEndTurn, p);
  push_task(s, TaskKind::kRefillMarket, p);
  push_task(s, TaskKind::kCleanupEvents, p, 0);
  push_task(s, TaskKind::kDiscardHand, p);
  push_task(s, TaskKind::kDiscardCourt, p);
}

// Finds a cylinder of p at loc, preferring one not placed this turn.
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

void take_piece(State& s, const Task& t, int idx) {
  const int p = t.player;
  if (t.kind == TaskKind::kTakeCylinder) {
    const u8 from = idx < 6 ? CylLoc::tribe(idx) : idx < 9 ? CylLoc::gift(idx - 6) : CylLoc::spy(idx - 9 + 1);
    const int i = cylinder_at(s, p, from, true);
    s.cylinders_placed[p] |= u16(1u << i);
    if (from == t.a) return;  // a tribe taken for its own region stays where it is
    // Lift it first: losing a last tribe can discard cards (the overthrow rule), and the
    // card a spy was headed for may be among them.
    move_cylinder(s, p, i, CylLoc::kSupply);
    if (CylLoc::is_spy(t.a) && s.court_owner(CylLoc::card_of(t.a)) == kNoPlayer) return;
    set_cylinder(s, p, i, t.a);
    s.cylinders_placed[p] |= u16(1u << i);
  } else {
    const int k = t.a;
    const int j = idx - 9 - kNumCourtCards;
    const u8 from = j < 6 ? BlockLoc::army(j) : BlockLoc::road(j - 6);
    const int i = block_at(s, k, from, true);
    set_block(s, k, i, t.b);
    s.blocks_placed[k] |= u16(1u << i);
  }
}

void move_piece(State& s, int p, int from, int to_site) {
  if (from < Region::kCount) {
    const int k = s.loyalty[p];
    const int i = block_at(s, k, BlockLoc::army(from), false);
    set_block(s, k, i, BlockLoc::army(to_site));
  } else if (from < Region::kCount + kNumCourtCards) {
    const int i = cylinder_at(s, p, CylLoc::spy(from - Region::kCount + 1), false);
    set_cylinder(s, p, i, CylLoc::spy(Site::card_of(to_site)));
  } else {
    const int r = from - Region::kCount - kNumCourtCards;
    move_cylinder(s, p, cylinder_at(s, p, CylLoc::tribe(r), false), CylLoc::tribe(to_site));
  }
}

void battle_remove(State& s, int p, int site, Act::Decoded d) {
  if (d.family == Act::kRemoveArmyFamily) {
    const int k = d.a;
    set_block(s, k, block_at(s, k, BlockLoc::army(site), false), BlockLoc::kSupply);
  } else if (d.family == Act::kRemoveRoadFamily) {
    const int b = d.a, k = d.b;
    set_block(s, k, block_at(s, k, BlockLoc::road(b), false), BlockLoc::kSupply);
  } else if (d.family == Act::kRemoveTribeFamily) {
    const int q = seat_at(s, p, d.a);
    move_cylinder(s, q, cylinder_at(s, q, CylLoc::tribe(site), false), CylLoc::kSupply);
  } else {
    const int q = seat_at(s, p, d.a);
    const int c = Site::card_of(site);
    set_cylinder(s, q, cylinder_at(s, q, CylLoc::spy(c), false), CylLoc::kSupply);
    u8 houses[kNumCourtCards];
    if (safe_houses(s, q, c, houses)) push_task(s, TaskKind::kSafeHouse, q, c);
  }
}

// The block location a `road <border>` or `build army <region>` action names.
u8 block_destination(Act::Decoded d) {
  return d.family == Act::kRoadFamily ? BlockLoc::road(d.a) : BlockLoc::army(d.a);
}

// Discards card c of p from hand or court.
void discard_own(State& s, int p, int c) {
  if (s.in_hand(p, c))
    discard_from_hand(s, p, c);
  else
    discard_court_card(s, c);
}

// Applies the answer to the decision on top of the stack.
void decide(State& s, Action a) {
  const Task t = s.top();
  const int p = t.player;
  const Act::Decoded d = Act::decode(a);
  // The action phase stays under whatever an action pushes, until `done`.
  if (t.kind != TaskKind::kTurnActions || a == Act::kDone) pop_task(s);
  switch (t.kind) {
    case TaskKind::kChooseLoyalty:
      s.loyalty[p] = d.a;
      return refresh_pragmatic_loyalty(s);
    case TaskKind::kTurnActions: {
      if (a == Act::kDone) return begin_cleanup(s, p);
      if (d.family == Act::kPurchaseFamily) return purchase(s, p, d.a, d.b);
      if (d.family == Act::kPlayFamily) {
        const int c = d.a, right = d.b;
        const int region = court_card(c).region, owner = ruler(s, region);
        if (owner != kNoPlayer && owner != p && !ruler_bribe_waived(s, p))
          return push_task(s, TaskKind::kBribeDemand, owner, s.tribes[region][owner], c,
                           right ? BribeFor::kPlayRight : BribeFor::kPlayLeft);
        return play_card(s, p, c, !right);
      }
      const int c = d.a, act = d.b;
      int holder = kNoPlayer;
      if (const int bribe = hostage_bribe(s, p, c, &holder))
        return push_task(s, TaskKind::kBribeDemand, holder, bribe, c, BribeFor::kCardAction + act);
      return start_card_action(s, p, c, act);
    }
    case TaskKind::kBribeDemand: {
      const int amount = d.a, actor = s.current;
      if (amount == 0) return carry_out(s, actor, t.b, t.c);
      return push_task(s, TaskKind::kBribePay, actor, amount, t.b, t.c, p);
    }
    case TaskKind::kBribePay:
      if (a == Act::kRefuseBribe) return bit_set(s.refused_cards, t.b);
      s.rupees[p] -= t.a;
      s.rupees[t.d] += t.a;
      return carry_out(s, p, t.b, t.c);
    case TaskKind::kPlaceRoad: return place_block(s, p, t.b, BlockLoc::road(d.a));
    case TaskKind::kPlaceSpy: return place_cylinder(s, p, CylLoc::spy(d.a));
    case TaskKind::kTakeCylinder:
    case TaskKind::kTakeBlock: return take_piece(s, t, d.a);
    case TaskKind::kTax:
      if (a == Act::kDone) return;
      push_task(s, TaskKind::kTax, p, t.a - 1, t.b + 1);
      if (d.family == Act::kTaxMarketFamily)
        --s.market_rupees[d.a][d.b];
      else
        --s.rupees[seat_at(s, p, d.a)];
      ++s.rupees[p];
      return;
    case TaskKind::kGift: {
      const int slot = d.a;
      pay_action_cost(s, p, kGiftCost[slot]);
      return place_cylinder(s, p, CylLoc::gift(slot));
    }
    case TaskKind::kBuild:
      if (a == Act::kDone) return finish_build(s, p, t.a);
      push_task(s, TaskKind::kBuild, p, t.a + 1, t.b);
      return place_block(s, p, s.loyalty[p], block_destination(d));
    case TaskKind::kMoveFrom:
      if (a == Act::kDone) return;
      return push_task(s, TaskKind::kMoveTo, p, t.a, t.b, d.a);
    case TaskKind::kMoveTo:
      push_task(s, TaskKind::kMoveFrom, p, t.a - 1, t.b + 1);
      return move_piece(s, p, t.c, d.a);
    case TaskKind::kBetray: {
      const int c = d.a;
      pay_action_cost(s, p, 2);
      if (court_card(c).prize != Coalition::kNone) push_task(s, TaskKind::kPrize, p, c);
      return discard_court_card(s, c);
    }
    case TaskKind::kPrize: {
      if (a == Act::kDeclinePrize) return;
      const int c = t.a;
      change_loyalty(s, p, court_card(c).prize);
      s.card_loc[c] = u8(Loc::kPrize + p);
      ++s.prizes[p];
      return;
    }
    case TaskKind::kBattleSite: {
      const int site = d.a;
      return push_task(s, TaskKind::kBattle, p, site, std::min<int>(t.a, battle_strength(s, p, site)), 0);
    }
    case TaskKind::kBattle:
      if (a == Act::kDone) return;
      push_task(s, TaskKind::kBattle, p, t.a, t.b - 1, t.c + 1);
      return battle_remove(s, p, t.a, d);
    case TaskKind::kDiscardLeverage:
      if (t.a > 1) push_task(s, TaskKind::kDiscardLeverage, p, t.a - 1);
      return discard_own(s, p, d.a);
    case TaskKind::kDiscardCourt:
    case TaskKind::kDiscardHand:
      push_task(s, t.kind, p);  // until within the limit
      return discard_own(s, p, d.a);
    case TaskKind::kConfidenceFailure: return discard_own(s, p, d.a);
    case TaskKind::kChoosePlayer:
      return resolve_event_choice(s, p, t.a, seat_at(s, p, d.a));
    case TaskKind::kChooseRegion: return resolve_event_choice(s, p, t.a, d.a);
    case TaskKind::kChooseSuit: return resolve_event_choice(s, p, t.a, d.a);
    case TaskKind::kSafeHouse:
    case TaskKind::kBlackmail:
      if (a == Act::kDone) return;
      return place_cylinder(s, p, CylLoc::spy(d.a));
    case TaskKind::kInfrastructure: return place_block(s, p, s.loyalty[p], block_destination(d));
  }
}

// Whether the decision on top still has something to decide; pops it (finishing what it
// owes) when not.
bool decision_ready(State& s) {
  const Task& t = s.top();
  const int p = t.player;
  bool ready = true;
  switch (t.kind) {
    case TaskKind::kTax:
      ready = t.a > 0 && (market_has_taxable_rupees(s) || taxable_players(s, p));
      break;
    case TaskKind::kBuild:
      ready = t.a < t.b && s.rupees[p] >= build_cost(s, p, t.a + 1) &&
              can_place_block(s, s.loyalty[p]) && rules_any_region(s, p);
      if (!ready) {
        const int placed = t.a;
        pop_task(s);
        finish_build(s, p, placed);
        return false;
      }
      break;
    case TaskKind::kMoveFrom: ready = t.a > 0 && any_move(s, p); break;
    case TaskKind::kBattle: ready = t.b > 0 && has_battle_removal(s, p, t.a); break;
    case TaskKind::kDiscardLeverage:
      ready = t.a > 0 && (hand_size(s, p) > 0 || s.court_len[p] > 0);
      break;
    case TaskKind::kDiscardCourt: ready = s.court_len[p] > court_limit(s, p); break;
    case TaskKind::kDiscardHand: ready = hand_size(s, p) > hand_limit(s, p); break;
    case TaskKind::kConfidenceFailure: ready = hand_size(s, p) > 0; break;
    case TaskKind::kPlaceSpy: {
      const int total = s.court_begin(s.num_players);
      ready = false;
      for (int i = 0; i < total && !ready; ++i) ready = court_card(s.court[i]).region == t.a;
      break;
    }
    case TaskKind::kTakeCylinder: ready = cylinder_available(s, p); break;
    case TaskKind::kBlackmail: {
      u8 cards[kNumCourtCards];
      ready = spy_free_cards(s, t.a, cards) > 0 && can_place_cylinder(s, p);
      break;
    }
    case TaskKind::kInfrastructure: {
      Action buf[kNumBorders + Region::kCount];
      ready = gen_block_placements(s, p, buf) > 0;
      break;
    }
    case TaskKind::kTakeBlock: ready = block_available(s, t.a); break;
    default: break;
  }
  if (!ready) pop_task(s);
  return ready;
}

void run_automatic(State& s, const Task& t) {
  const int p = t.player;
  switch (t.kind) {
    case TaskKind::kResolveIcons: {
      const CourtCard& cc = court_card(t.a);
      // Icons resolve from the court: a card discarded before they do (for a leverage debt
      // that its own play caused) resolves nothing more (docs/rules-notes.md).
      if (t.b >= cc.num_icons || !s.in_court(p, t.a)) return;
      if (t.b + 1 < cc.num_icons) push_task(s, TaskKind::kResolveIcons, p, t.a, t.b + 1);
      return resolve_icon(s, p, t.a, t.b);
    }
    case TaskKind::kLeverageDebt: {
      const int paid = std::min<int>(t.a, s.rupees[p]);
      s.rupees[p] -= paid;
      s.bank += paid;
      // Wakhan discards nothing for leverage she cannot repay.
      if (paid < t.a && !s.is_wakhan(p)) push_task(s, TaskKind::kDiscardLeverage, p, t.a - paid);
      return;
    }
    case TaskKind::kCleanupEvents:
      if (t.a == 0) push_task(s, TaskKind::kCleanupEvents, p, 1);
      discard_leftmost_event(s, t.a);
      return;
    case TaskKind::kRefillMarket: refill_market(s); return;
    case TaskKind::kEndTurn:
      s.current = u8((s.current + 1) % s.num_players);
      ++s.turn;
      return;
  }
}

// Resolves automatic tasks until a decision is pending or the game is over.
void advance(State& s) {
  while (!s.game_over()) {
    if (s.num_tasks == 0) {
      if (s.phase == Phase::kSetup) {
        s.phase = Phase::kPlaying;
        // The last to choose loyalty starts; with Wakhan she starts, seated before that player.
        s.current = s.wakhan ? u8(s.wakhan_seat()) : u8((s.first_chooser + s.num_players - 1) % s.num_players);
      }
      begin_turn(s, s.current);
      continue;
    }
    if (is_decision(s.top())) {
      if (!decision_ready(s)) continue;
      if (!s.is_wakhan(s.top().player)) return;
      decide(s, wakhan_choice(s));  // her decisions are the engine's: she never is to move
      continue;
    }
    const Task t = s.top();
    pop_task(s);
    run_automatic(s, t);
  }
}

}  // namespace

State new_game(int num_players, u64 seed, int wakhan_seat) {
  assert(num_players >= kMinPlayers && num_players <= kMaxPlayers);
  assert(wakhan_seat == kNoPlayer || (num_players <= 3 && wakhan_seat >= 0 && wakhan_seat < num_players));
  State s;
  std::memset(&s, 0, sizeof s);
  s.rng = seed;
  s.num_players = u8(num_players);
  s.phase = Phase::kSetup;
  s.favored_suit = Suit::kPolitical;
  s.bank = i16(kTotalRupees - kStartingRupees * num_players);
  for (int p = 0; p < kMaxPlayers; ++p) s.loyalty[p] = Coalition::kNone;
  for (int p = 0; p < num_players; ++p) {
    s.rupees[p] = kStartingRupees;
    s.cylinders_in_supply[p] = kCylinders;
  }
  for (int k = 0; k < Coalition::kCount; ++k) s.blocks_in_supply[k] = kBlocksPerCoalition;
  build_deck(s);
  refill_market(s);
  if (wakhan_seat == kNoPlayer) {
    s.first_chooser = u8(random_below(s.rng, num_players));
    for (int i = num_players - 1; i >= 0; --i)
      push_task(s, TaskKind::kChooseLoyalty, (s.first_chooser + i) % num_players);
    return s;
  }
  // Wakhan chooses no loyalty and sits just before the last chooser: the others choose
  // clockwise from two seats after her (with 3 seats), ending with the seat after her.
  s.wakhan = u8(wakhan_seat + 1);
  deal_ai_deck(s);
  push_task(s, TaskKind::kChooseLoyalty, seat_at(s, wakhan_seat, 1));
  if (num_players == 3) push_task(s, TaskKind::kChooseLoyalty, seat_at(s, wakhan_seat, 2));
  s.first_chooser = s.top().player;
  return s;
}

int legal_actions(const State& s, Action* out) {
  if (s.game_over()) return 0;
  const int n = gen_decision(s, out);
  assert(n > 0 && n <= kMaxLegalActions);
  return n;
}

bool has_legal_action(const State& s) {
  Action buf[kMaxLegalActions];
  return !s.game_over() && gen_decision(s, buf) > 0;
}

bool is_legal(const State& s, Action a) {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, buf);
  return std::binary_search(buf, buf + n, a);
}

void apply(State& s, Action a) {
  assert(is_legal(s, a));
  decide(s, a);
  advance(s);
  assert(check_consistency(s).empty());  // debug builds recompute everything derived
}

std::array<float, kMaxPlayers> returns(const State& s) {
  if (!s.game_over()) return {};
  return standing_shares(s);
}

std::array<float, kMaxPlayers> standing_shares(const State& s) {
  std::array<float, kMaxPlayers> r{};
  const auto rank = final_ranks(s);
  int winners = 0;
  for (int p = 0; p < s.num_players; ++p) winners += rank[p] == 0;
  for (int p = 0; p < s.num_players; ++p) r[p] = rank[p] == 0 ? 1.0f / winners : 0.0f;
  return r;
}

}  // namespace pamir::core
