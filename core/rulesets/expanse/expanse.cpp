#include "expanse.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <utility>

#include "core/dominance.h"
#include "core/events.h"
#include "core/legality.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"
#include "core/tasks.h"
#include "rules.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

struct PileDef {
  u8 assets, events;
  u8 dominance_check;  // the check on top of the pile, or 0
};
struct DominanceCheckDef {
  u8 faction[3];  // faction scoring, 1st to 3rd place
  u8 player[2];   // player scoring, 1st and 2nd
  u8 objective_vp;
  u8 objective_next;  // where the objective token goes, or kNoRegion
  bool last;          // the final check
};
#include "expanse_tables.inc"

// The climate track's spaces (climate.tsv order); it starts at Peace (seed, "Starting Political Climate").
constexpr int kProsperity = 0, kPeace = 1, kColdWar = 2, kWar = 3;

constexpr int deck_cards() {
  int n = 0;
  for (const PileDef& p : kPiles) n += p.assets + p.events + (p.dominance_check ? 1 : 0);
  return n;
}
static_assert(deck_cards() == kMaxDeck, "kMaxDeck (core/rulesets/expanse/game.inc) is the piles' size");

const DominanceCheckDef& check_def(int card) { return kDominanceCheckDefs[card - kFirstDominanceCheck]; }

void build_deck(State& s) {
  u8 assets[kNumCourtCards], events[kNumEvents];
  for (int i = 0; i < kNumCourtCards; ++i) assets[i] = u8(i + 1);
  for (int i = 0; i < kNumEvents; ++i) events[i] = u8(kFirstEvent + i);
  shuffle(assets, kNumCourtCards, s.rng);
  shuffle(events, kNumEvents, s.rng);
  // Top pile first; each pile's assets and events shuffled together, its Dominance Check
  // then laid on top (seed, "Build the Draw Deck").
  int at = 0, next_asset = 0, next_event = 0;
  for (const PileDef& pile : kPiles) {
    if (pile.dominance_check) s.deck[at++] = pile.dominance_check;
    u8* begin = &s.deck[at];
    int n = 0;
    for (int i = 0; i < pile.assets; ++i) begin[n++] = assets[next_asset++];
    for (int i = 0; i < pile.events; ++i) begin[n++] = events[next_event++];
    shuffle(begin, n, s.rng);
    at += n;
  }
  s.deck_size = u8(at);
  for (int i = 0; i < s.deck_size; ++i) s.card_loc[s.deck[i]] = Loc::kDeck;
}

// Places of a scoring: the primary measure, then war stars (seed, "Faction Scoring").
int with_war_stars(const State& s, int p, int measure) { return measure * 64 + stars(s, p, Suit::kMilitary); }

}  // namespace

PileLayout expanse_pile_layout() {
  PileLayout l{};
  int at = 0;
  for (int i = 0; i < 6; ++i) {
    l.events[i] = kPiles[i].events;
    l.checks[i] = kPiles[i].dominance_check ? 1 : 0;
    l.begin[i] = at;
    at += kPiles[i].assets + l.events[i] + l.checks[i];
    l.end[i] = at;
  }
  return l;
}

void Rules::setup(State& s, int automaton_seat) {
  assert(automaton_seat == kNoPlayer);  // no automated opponent
  (void)automaton_seat;
  const int n = s.num_players;
  s.favored_suit = kClimateSuits[kPeace];
  s.rocinante_region = kRocinanteStart;
  s.objective_region = kObjectiveStart;
  build_deck(s);
  refill_market(s);
  // The first player is drawn at random; influence follows turn order from them.
  s.first_chooser = u8(random_below(s.rng, n));
  int bank = kTotalRupees;
  for (int i = 0; i < n; ++i) {
    const int p = seat_at(s, s.first_chooser, i);
    s.rupees[p] = kStartingInfluence[n][i];
    bank -= s.rupees[p];
  }
  s.bank = i16(bank);
  // The Rocinante AI deck, its top card face up (State::rocinante_deck[rocinante_drawn - 1]).
  for (int i = 0; i < kRocinanteCards; ++i) s.rocinante_deck[i] = u8(i + 1);
  shuffle(s.rocinante_deck, kRocinanteCards, s.rng);
  s.rocinante_drawn = 1;
  // Loyalty is chosen secretly and revealed together: the engine asks each seat in turn
  // order, and an observation hides the choices until all are made (docs/rules-notes.md).
  for (int i = n - 1; i >= 0; --i) push_task(s, TaskKind::kChooseLoyalty, seat_at(s, s.first_chooser, i));
}

// The climate space of each favoured suit (the inverse of kClimateSuits): the rules ask for
// the climate at every Combat, elimination and agent move.
constexpr std::array<u8, Suit::kCount> kSuitClimates = [] {
  std::array<u8, Suit::kCount> spaces{};
  for (int i = 0; i < int(std::size(kClimateSuits)); ++i) spaces[kClimateSuits[i]] = u8(i);
  return spaces;
}();

int climate(const State& s) { return kSuitClimates[s.favored_suit]; }
const char* climate_name(int space) { return kClimateKeys[space]; }
std::span<const char* const> climate_spaces() { return kClimateKeys; }
bool at_prosperity(const State& s) { return climate(s) == kProsperity; }
bool at_cold_war(const State& s) { return climate(s) == kColdWar; }
bool at_peace(const State& s) { return climate(s) == kPeace; }
bool at_war(const State& s) { return climate(s) == kWar; }

void move_climate(State& s, int toward) {
  const int space = climate(s) + toward;
  if (space >= 0 && space < 4) change_favored_suit(s, kClimateSuits[space]);
}

void refresh_network(State& s, int p) {
  // Keep the marks of the other Networks' assets only: of the few cards marked, those in
  // another player's Network.
  for (int w = 0; w < 2; ++w)
    for (u64 bits = s.used_cards[w]; bits; bits &= bits - 1) {
      const int c = w * 64 + __builtin_ctzll(bits) + 1, owner = s.court_owner(c);
      if (owner == p || owner == kNoPlayer) s.used_cards[w] &= ~(bits & -bits);
    }
}

void end_mobilise(State& s) {
  s.transports_used[0] = s.transports_used[1] = 0;
  for (u8& n : s.fleets_arrived) n = 0;
}

int movable_fleets(const State& s, int r, int k) { return s.armies[r][k] - s.fleets_arrived[r]; }

namespace {

// Each transport may carry a supporter once per Mobilise (seed, "Mobilise"): bit i of
// transports_used marks block i of the mobilising player's faction as used this action.
static_assert(kBlocksPerCoalition <= 16, "transports_used has a bit per block of a faction");
unsigned transports_used(const State& s) {
  return s.transports_used[0] | unsigned(s.transports_used[1]) << 8;
}

// The first block of faction k on border b not used this action, or -1.
int free_transport(const State& s, int k, int b) {
  if (!s.roads[b][k]) return -1;
  const unsigned used = transports_used(s);
  for (int i = 0; i < kBlocksPerCoalition; ++i)
    if (s.block[k][i] == BlockLoc::road(b) && !(used >> i & 1)) return i;
  return -1;
}

}  // namespace

int supporter_destinations(const State& s, int p, int r) {
  const bool free = has_mechanic(s, p, AbilityMechanic::kIndianSupplies);
  int mask = 0;
  for (u32 m = region_border_mask(r); m; m &= m - 1) {
    const int b = __builtin_ctz(m);
    if (free || free_transport(s, s.loyalty[p], b) >= 0) mask |= 1 << border_other_side(b, r);
  }
  return mask;
}

void note_mobilise_move(State& s, int p, int from, int to) {
  if (from < Region::kCount) {  // a fleet
    ++s.fleets_arrived[to];
  } else if (from >= Region::kCount + kNumCourtCards &&
             !has_mechanic(s, p, AbilityMechanic::kIndianSupplies)) {
    const int b = border_between(from - Region::kCount - kNumCourtCards, to);  // a supporter
    const int i = free_transport(s, s.loyalty[p], b);
    s.transports_used[i >> 3] |= u8(1u << (i & 7));
  }
}

int rocinante_region(const State& s) { return s.rocinante_region; }
int objective_region(const State& s) { return s.objective_region; }
int rocinante_card(const State& s) { return s.rocinante_deck[s.rocinante_drawn - 1]; }

namespace {

bool is_crew_card(int c) { return court_card(c).region == kNeutralPieceRegion; }

// Among the seats in `mask`, the one with the most VP (or the fewest), ties by seat order from
// the first player (data/expanse/rocinante_actions.tsv, docs/rules-notes.md); kNoPlayer if none.
int rocinante_pick_player(const State& s, unsigned mask, bool most) {
  int best = kNoPlayer;
  for (int i = 0; i < s.num_players; ++i) {
    const int q = seat_at(s, s.first_chooser, i);
    if (!(mask >> q & 1)) continue;
    if (best == kNoPlayer || (most ? s.vp[q] > s.vp[best] : s.vp[q] < s.vp[best])) best = q;
  }
  return best;
}

// The leader (most VP) among the players for whom target(q) is not 0 (a card, a count).
template <class Target>
int leader_with(const State& s, Target target) {
  unsigned mask = 0;
  for (int q = 0; q < s.num_players; ++q)
    if (target(q)) mask |= 1u << q;
  return rocinante_pick_player(s, mask, true);
}

// The faction with the most of `count`, ties to the one controlling more regions, then in the
// order the action vocabulary gives (rocinante_actions.tsv: earth, mars, belt); -1 if none.
int rocinante_pick_faction(const State& s, const int (&count)[Coalition::kCount]) {
  static constexpr u8 kTieOrder[] = {Coalition::kEarth, Coalition::kMars, Coalition::kBelt};
  const int most = *std::max_element(count, count + Coalition::kCount);
  if (!most) return -1;
  int controlled[Coalition::kCount] = {}, tied = 0;
  for (int k = 0; k < Coalition::kCount; ++k) tied += count[k] == most;
  if (tied > 1)  // the regions they control break the tie
    for (int r = 0; r < Region::kCount; ++r)
      if (const int k = faction_controller(s, r); k != Coalition::kNone) ++controlled[k];
  int best = -1;
  for (const int k : kTieOrder)
    if (count[k] == most && (best < 0 || controlled[k] > controlled[best])) best = k;
  return best;
}

bool rocinante_combat_fleet(State& s, int r) {
  int count[Coalition::kCount];
  for (int k = 0; k < Coalition::kCount; ++k) count[k] = s.armies[r][k];
  const int k = rocinante_pick_faction(s, count);
  if (k < 0) return false;
  set_block(s, k, block_at(s, k, BlockLoc::army(r)), BlockLoc::kSupply);
  return true;
}

bool rocinante_combat_transport(State& s, int r) {
  int count[Coalition::kCount] = {};
  for (u32 m = region_border_mask(r); m; m &= m - 1)
    for (int k = 0; k < Coalition::kCount; ++k) count[k] += s.roads[__builtin_ctz(m)][k];
  const int k = rocinante_pick_faction(s, count);
  if (k < 0) return false;
  int border = -1;
  for (u32 m = region_border_mask(r); m; m &= m - 1)
    if (const int b = __builtin_ctz(m); border < 0 || s.roads[b][k] > s.roads[border][k]) border = b;
  set_block(s, k, block_at(s, k, BlockLoc::road(border)), BlockLoc::kSupply);
  return true;
}

bool rocinante_remove_supporter(State& s, int r) {
  const int q = leader_with(s, [&](int q) { return s.tribes[r][q]; });
  if (q == kNoPlayer) return false;
  move_cylinder(s, q, cylinder_at(s, q, CylLoc::tribe(r)), CylLoc::kSupply);
  return true;
}

// The rightmost asset of region r (no crew asset) in q's Network, or kNoCard.
int rightmost_asset_of(const State& s, int q, int r) {
  const int b = s.court_begin(q);
  for (int i = b + s.court_len[q] - 1; i >= b; --i)
    if (!is_crew_card(s.court[i]) && card_region(s, s.court[i]) == r) return s.court[i];
  return kNoCard;
}

bool rocinante_eliminate_asset(State& s, int r) {
  const int q = leader_with(s, [&](int q) { return rightmost_asset_of(s, q, r); });
  if (q == kNoPlayer) return false;
  discard_court_card(s, rightmost_asset_of(s, q, r));
  return true;
}

// For each seat q, the first asset of region r (no crew asset) round the Networks from the
// first player's, each left to right, with an agent of q on it (kNoCard if none), in one pass.
void first_agent_assets(const State& s, int r, int (&first)[kMaxPlayers]) {
  for (int& c : first) c = kNoCard;
  for (int i = 0; i < s.num_players; ++i) {
    const int owner = seat_at(s, s.first_chooser, i), b = s.court_begin(owner);
    for (int j = b; j < b + s.court_len[owner]; ++j) {
      const int c = s.court[j];
      if (!s.spies_on[c] || is_crew_card(c) || card_region(s, c) != r) continue;
      for (int q = 0; q < s.num_players; ++q)
        if (first[q] == kNoCard && spies_of(s, q, c)) first[q] = c;
    }
  }
}

bool rocinante_remove_agent(State& s, int r) {
  int first[kMaxPlayers];
  first_agent_assets(s, r, first);
  const int q = leader_with(s, [&](int q) { return first[q]; });
  if (q == kNoPlayer) return false;
  set_cylinder(s, q, cylinder_at(s, q, CylLoc::spy(first[q])), CylLoc::kSupply);
  return true;
}

bool rocinante_grant_influence(State& s) {
  const int q = rocinante_pick_player(s, (1u << s.num_players) - 1, false);
  s.rupees[q] += 2;
  s.bank -= 2;
  return true;
}

// Performs one action of an AI card in region r; false when it has no target.
bool rocinante_perform(State& s, int action, int r) {
  switch (action) {
    case RocinanteAction::kCombatFleet:
      return rocinante_combat_fleet(s, r);
    case RocinanteAction::kCombatTransport:
      return rocinante_combat_transport(s, r);
    case RocinanteAction::kRemoveSupporter:
      return rocinante_remove_supporter(s, r);
    case RocinanteAction::kEliminateAsset:
      return rocinante_eliminate_asset(s, r);
    case RocinanteAction::kRemoveAgent:
      return rocinante_remove_agent(s, r);
    case RocinanteAction::kGrantInfluence:
      return rocinante_grant_influence(s);
  }
  return false;
}

const RocinanteCardDef& face_up_card(const State& s) { return rocinante_card_def(rocinante_card(s)); }

}  // namespace

const RocinanteCardDef& rocinante_card_def(int card) { return kRocinanteCardDefs[card - 1]; }

std::string describe_rocinante_card(int card) {
  // data/expanse/rocinante_actions.tsv, in RocinanteAction order.
  static constexpr const char* kActionKeys[RocinanteAction::kCount] = {
      "none",         "combat_fleet",   "combat_transport", "remove_supporter", "eliminate_asset",
      "remove_agent", "grant_influence"};
  const RocinanteCardDef& d = rocinante_card_def(card);
  return std::string(kActionKeys[d.top]) + (d.both ? " and " : ", else ") + kActionKeys[d.bottom] +
         "; then to " + region_name(d.location);
}

void rocinante_acts(State& s) {
  const RocinanteCardDef& d = face_up_card(s);
  const int r = s.rocinante_region;
  const bool resolved = rocinante_perform(s, d.top, r);
  if (d.both || !resolved) rocinante_perform(s, d.bottom, r);
}

void end_rocinante_turn(State& s) {
  if (!s.rocinante_damaged) s.rocinante_region = face_up_card(s).location;
  s.rocinante_damaged = 0;
  if (s.rocinante_drawn < kRocinanteCards) {
    ++s.rocinante_drawn;
  } else {  // the deck is out: the discards are shuffled into a new one
    shuffle(s.rocinante_deck, kRocinanteCards, s.rng);
    s.rocinante_drawn = 1;
  }
}

int rocinante_destinations(const State& s, int region) {
  if (s.rocinante_damaged) return 0;
  if (s.rocinante_region == region) return region_neighbours(region);
  return region_neighbours(region) >> s.rocinante_region & 1 ? 1 << region : 0;
}

int supporter_regions(const State& s, int p, int region) {
  return 1 << region | faction_regions(s, s.loyalty[p]);
}

int supporter_price(const State& s, int p, int r) { return 2 * s.tribes[r][p]; }

int favour_cost(const State& s, int p, int region, int budget) {
  // Cheapest checks first: the move generator asks this of every Favour asset at every turn.
  if (rocinante_destinations(s, region)) return 0;  // moving the Rocinante is free
  if (!can_place_cylinder(s, p)) return 1000;
  int best = supporter_price(s, p, region);
  if (best <= budget) return best;
  best = std::min(best, cheapest_gift(s, p));
  if (best <= budget) return best;
  // A supporter in a region p's faction controls: only a cheaper one is worth the control check.
  for (int r = 0; r < Region::kCount && best > budget; ++r)
    if (const int price = supporter_price(s, p, r); price < best && faction_controller(s, r) == s.loyalty[p])
      best = price;
  return best;
}

int Rules::gen_gift(const State& s, int p, const Task& t, Action* out) {
  Action* o = out;
  const int taken = gift_spaces_taken(s, p);
  const bool place = can_place_cylinder(s, p);
  // Favours are gained in price order: only the cheapest free one is offered.
  for (int slot = 0; slot < kGiftSlots; ++slot)
    if (place && !(taken >> slot & 1) && s.rupees[p] >= kGiftCost[slot]) {
      *o++ = Act::gift(slot);
      break;
    }
  // The other two uses (t.c: the asset's region).
  for (int m = rocinante_destinations(s, t.c); m; m &= m - 1) *o++ = Act::move_neutral(__builtin_ctz(m));
  if (place)
    for (int m = supporter_regions(s, p, t.c); m; m &= m - 1)
      if (s.rupees[p] >= supporter_price(s, p, __builtin_ctz(m))) *o++ = Act::place_tribe(__builtin_ctz(m));
  return int(o - out);
}

bool Rules::decide_gift(State& s, int p, Act::Decoded d) {
  if (d.family == Act::kMoveNeutralFamily) {
    s.rocinante_region = u8(d.a);
    return true;
  }
  if (d.family == Act::kPlaceTribeFamily) {
    pay_action_cost(s, p, supporter_price(s, p, d.a));
    place_cylinder(s, p, CylLoc::tribe(d.a));
    return true;
  }
  return false;
}

void Rules::after_turn(State& s, int p) {
  // After every player's turn the Rocinante takes its own; what its actions ask (agents
  // leaving an eliminated asset) is decided before it moves on.
  if (s.current != s.first_chooser) return;
  push_task(s, TaskKind::kEndTurn, p, 1);
  rocinante_acts(s);
}

void Rules::sample_hidden(State& w, int p, u64& rng) {
  shuffle(&w.rocinante_deck[w.rocinante_drawn], kRocinanteCards - w.rocinante_drawn,
          rng);  // below its face-up card
  sample_loyalty_choices(w, p, rng);
}

std::string Rules::check_own_state(const State& s) {
  unsigned seen = 0;
  for (int c : s.rocinante_deck) {
    if (c < 1 || c > kRocinanteCards || (seen >> c & 1)) return "the Rocinante's deck is not its 24 AI cards";
    seen |= 1u << c;
  }
  if (s.rocinante_drawn < 1 || s.rocinante_drawn > kRocinanteCards)
    return "the Rocinante has no face-up AI card";
  bool moving = false;
  for (int i = 0; i < s.num_tasks; ++i)
    moving |= s.tasks[i].kind == TaskKind::kMoveFrom || s.tasks[i].kind == TaskKind::kMoveTo;
  bool marks = s.transports_used[0] || s.transports_used[1];
  for (const u8 n : s.fleets_arrived) marks |= n != 0;
  if (marks && !moving) return "Mobilise marks outside a Mobilise action";
  if (s.automaton) return "an automated opponent's seat in a game that has none";
  return "";
}

void agents_leave_asset(State& s, int c, int left, int right) {
  const int region = card_region(s, c);
  // Pushed last seat first, so that the current player decides first.
  for (int i = s.num_players - 1; i >= 0; --i) {
    const int q = seat_at(s, s.current, i);
    int agents = 0;
    for (int j = 0; j < kCylinders; ++j)
      if (s.cylinder[q][j] == CylLoc::spy(c)) {
        set_cylinder(s, q, j, CylLoc::kSupply);
        ++agents;
      }
    if (agents) push_task(s, TaskKind::kRelocateAgent, q, left, right, region, agents);
  }
}

void eliminate_extras(State& s, int p, int c) {
  const int owner = s.court_owner(c), region = card_region(s, c);
  if (!at_peace(s) && owner != p && s.tribes[region][owner])
    push_task(s, TaskKind::kEliminateSupporter, p, owner, region);
  set_cylinder(s, p, cylinder_at(s, p, CylLoc::spy(c)), CylLoc::kSupply);
}

void supporter_killed(State& s, int p, int q, int r) {
  if (at_peace(s)) return;
  // Under the Combat's own next step (the top task), so that it is decided after the Combat.
  push_task(s, TaskKind::kDestabilise, p, q, r);
  std::swap(s.tasks[s.num_tasks - 1], s.tasks[s.num_tasks - 2]);
}

void shed_old_loyalty(State& s, int p) { push_task(s, TaskKind::kShedOldLoyalty, p); }

void hide_loyalty_choices(State& v, int p) {
  for (int q = 0; q < std::min<int>(v.num_players, kMaxPlayers); ++q)
    if (loyalty_hidden(v, p, q)) v.loyalty[q] = Coalition::kNone;
}

void sample_loyalty_choices(State& w, int p, u64& rng) {
  if (w.phase != Phase::kSetup) return;
  for (int q = 0; q < std::min<int>(w.num_players, kMaxPlayers); ++q)  // the bound as in hide_loyalty_choices
    if (q != p && w.loyalty[q] != Coalition::kNone) w.loyalty[q] = u8(random_below(rng, Coalition::kCount));
}

namespace {

// Where an agent leaving a discarded asset may go (kRelocateAgent): its ring neighbours still
// in play and, at Cold War, every asset in play of its region.
void relocation_destinations(const State& s, const Task& t, u64 (&cards)[2]) {
  for (const int c : {int(t.a), int(t.b)})
    if (c && s.court_owner(c) != kNoPlayer) bit_set(cards, c);
  if (at_cold_war(s)) {
    const CardWords region = court_cards_of_region(s, t.c);
    for (int w = 0; w < 2; ++w) cards[w] |= region[w];
  }
}

// Assets of q in region r that are not exhausted (destabilisation targets).
void destabilisable(const State& s, int q, int r, u64 (&cards)[2]) {
  const CardWords court = court_cards(s, q), region = cards_of_region(s, r);
  for (int w = 0; w < 2; ++w) cards[w] |= court[w] & region[w] & ~s.used_cards[w];
}

// p's loyalists and rewards of another faction than p's loyalty.
void old_loyalty_cards(const State& s, int p, u64 (&cards)[2]) {
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i) {
    const int k = court_card(s.court[i]).patriot;
    if (k != Coalition::kNone && k != s.loyalty[p]) bit_set(cards, s.court[i]);
  }
  if (s.prizes[p])
    for (int c = 1; c <= kNumCourtCards; ++c)
      if (s.card_loc[c] == Loc::kPrize + p && court_card(c).prize != s.loyalty[p]) bit_set(cards, c);
}

int count_cards(const u64 (&cards)[2]) {
  return __builtin_popcountll(cards[0]) + __builtin_popcountll(cards[1]);
}

}  // namespace

int gen_expanse_decision(const State& s, Action* out) {
  const Task& t = s.top();
  const int p = t.player;
  Action* o = out;
  u64 cards[2] = {0, 0};
  u8 ids[kNumCourtCards];
  switch (t.kind) {
    case TaskKind::kRelocateAgent: {
      *o++ = Act::kDone;  // the agent stays in its owner's supply
      relocation_destinations(s, t, cards);
      const int n = bit_members(cards, ids);
      for (int i = 0; i < n; ++i) *o++ = Act::spy(ids[i]);
      break;
    }
    case TaskKind::kEliminateSupporter:
      *o++ = Act::kDone;
      *o++ = Act::remove_tribe((t.a - p + s.num_players) % s.num_players);
      break;
    case TaskKind::kDestabilise: {
      *o++ = Act::kDone;
      destabilisable(s, t.a, t.b, cards);
      const int n = bit_members(cards, ids);
      for (int i = 0; i < n; ++i) *o++ = Act::exhaust(ids[i]);
      break;
    }
    case TaskKind::kShedOldLoyalty: {
      old_loyalty_cards(s, p, cards);
      const int n = bit_members(cards, ids);
      for (int i = 0; i < n; ++i) *o++ = Act::discard(ids[i]);
      break;
    }
  }
  return int(o - out);
}

bool expanse_decision_ready(const State& s) {
  const Task& t = s.top();
  u64 cards[2] = {0, 0};
  switch (t.kind) {
    case TaskKind::kRelocateAgent:
      relocation_destinations(s, t, cards);
      return t.d > 0 && s.cylinders_in_supply[t.player] > 0 && count_cards(cards) > 0;
    case TaskKind::kEliminateSupporter:
      return s.tribes[t.b][t.a] > 0;
    case TaskKind::kDestabilise:
      destabilisable(s, t.a, t.b, cards);
      return count_cards(cards) > 0;
    case TaskKind::kShedOldLoyalty:
      old_loyalty_cards(s, t.player, cards);
      return count_cards(cards) > stars(s, t.player, Suit::kEconomic);
  }
  return true;
}

void decide_expanse(State& s, const Task& t, Action a) {
  const int p = t.player;
  const Act::Decoded d = Act::decode(a);
  if (a == Act::kDone) return;
  switch (t.kind) {
    case TaskKind::kRelocateAgent:
      if (t.d > 1) push_task(s, TaskKind::kRelocateAgent, p, t.a, t.b, t.c, t.d - 1);
      // From the supply, and not as a piece placed this turn: it only moved.
      return set_cylinder(s, p, cylinder_at(s, p, CylLoc::kSupply), CylLoc::spy(d.a));
    case TaskKind::kEliminateSupporter:
      return move_cylinder(s, t.a, cylinder_at(s, t.a, CylLoc::tribe(t.b)), CylLoc::kSupply);
    case TaskKind::kDestabilise:
      return bit_set(s.used_cards, d.a);
    case TaskKind::kShedOldLoyalty:
      push_task(s, TaskKind::kShedOldLoyalty, p);  // until within the economic stars
      if (s.in_court(p, d.a)) return discard_court_card(s, d.a);
      s.card_loc[d.a] = Loc::kDiscard;
      --s.prizes[p];
      return;
  }
}

int faction_controller(const State& s, int r) {
  int count[Coalition::kCount];
  for (int k = 0; k < Coalition::kCount; ++k) count[k] = s.armies[r][k];
  for (u32 m = region_border_mask(r); m; m &= m - 1)
    for (int k = 0; k < Coalition::kCount; ++k) count[k] += s.roads[__builtin_ctz(m)][k];
  // The strict maximum; none when the top is shared, or all are 0.
  const int earth = count[Coalition::kEarth], mars = count[Coalition::kMars], belt = count[Coalition::kBelt];
  if (earth > mars && earth > belt) return Coalition::kEarth;
  if (mars > earth && mars > belt) return Coalition::kMars;
  return belt > earth && belt > mars ? Coalition::kBelt : Coalition::kNone;
}

int faction_regions(const State& s, int k) {
  int mask = 0;
  for (int r = 0; r < Region::kCount; ++r) mask |= (faction_controller(s, r) == k) << r;
  return mask;
}

int regions_controlled(const State& s, int p) {
  int n = 0;
  for (int r = 0; r < Region::kCount; ++r) n += ruler(s, r) == p;
  return n;
}

void score_expanse_check(State& s, int scored, int objective_card) {
  const DominanceCheckDef& d = check_def(scored);
  std::array<int, Coalition::kCount> controlled{};
  for (int r = 0; r < Region::kCount; ++r)
    if (const int k = faction_controller(s, r); k != Coalition::kNone) ++controlled[k];
  // War Weariness (the conflict_fatigue mechanic, data/expanse/event_cards.tsv): factions
  // tied for the most regions are separated by their fleets and transports on the map.
  std::array<int, Coalition::kCount> measure = controlled;
  if (s.global_effects & GlobalEffect::kConflictFatigue)
    for (int k = 0; k < Coalition::kCount; ++k) measure[k] = controlled[k] * 64 + blocks_on_map(s, k);
  int dominant = Coalition::kNone;
  for (int k = 0; k < Coalition::kCount; ++k) {
    bool more = true;
    for (int o = 0; o < Coalition::kCount; ++o) more &= o == k || measure[k] > measure[o];
    if (more) dominant = k;
  }
  std::array<int, kMaxPlayers> values{};
  std::array<bool, kMaxPlayers> eligible{};
  const int points_faction[3] = {d.faction[0], d.faction[1], d.faction[2]};
  const int points_player[2] = {d.player[0], d.player[1]};
  if (dominant != Coalition::kNone) {
    // Reputation: loyalists, rewards and favours (influence less Pax Pamir's base point,
    // which orders nobody differently).
    for (int p = 0; p < s.num_players; ++p) {
      eligible[p] = s.loyalty[p] == dominant;
      values[p] = with_war_stars(s, p, influence(s, p, dominant));
    }
    award_places(s, values, eligible, points_faction, 3, 1);
  } else {
    for (int p = 0; p < s.num_players; ++p) {
      const int regions = regions_controlled(s, p);
      eligible[p] = regions > 0;  // a player controlling no region places nowhere
      values[p] = with_war_stars(s, p, regions);
    }
    award_places(s, values, eligible, points_player, 2, 1);
  }
  // The objective token: its region's controller scores the bonus, then it moves on.
  if (const int holder = ruler(s, s.objective_region); holder != kNoPlayer) s.vp[holder] += d.objective_vp;
  if (const int next = check_def(objective_card).objective_next; next != kNoRegion)
    s.objective_region = u8(next);
}

}  // namespace pamir::core::inline PAMIR_RULESET
