#include "core/expanse.h"

#include <array>

#include "core/dominance.h"
#include "core/events.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"
#include "core/tasks.h"

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
  bool last;  // the final check
};
#include "expanse_tables.inc"

constexpr int kPeace = 1;  // the climate starts at Peace (seed, "Starting Political Climate")

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

void expanse_setup(State& s) {
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
  // Loyalty is chosen secretly and revealed together: the engine asks each seat in turn
  // order, and an observation hides the choices until all are made (docs/rules-notes.md).
  for (int i = n - 1; i >= 0; --i) push_task(s, TaskKind::kChooseLoyalty, seat_at(s, s.first_chooser, i));
}

int climate(const State& s) {
  for (int i = 0; i < 4; ++i)
    if (kClimateSuits[i] == s.favored_suit) return i;
  return kPeace;  // unreachable: the favoured suit is always a space of the track
}
const char* climate_name(int space) { return kClimateKeys[space]; }
bool at_prosperity(const State& s) { return climate(s) == 0; }
bool at_cold_war(const State& s) { return climate(s) == 2; }

void move_climate(State& s, int toward) {
  const int space = climate(s) + toward;
  if (space >= 0 && space < 4) change_favored_suit(s, kClimateSuits[space]);
}

void refresh_network(State& s, int p) {
  for (int c = 1; c <= kNumCourtCards; ++c) {
    const int owner = s.court_owner(c);
    if (owner == p || owner == kNoPlayer) bit_clear(s.used_cards, c);
  }
}

void begin_mobilise(State& s) {
  s.transports_used[0] = s.transports_used[1] = 0;
  for (u8& n : s.fleets_arrived) n = 0;
}

int movable_fleets(const State& s, int r, int k) { return s.armies[r][k] - s.fleets_arrived[r]; }

int supporter_destinations(const State& s, int p, int r) {
  const bool free = has_mechanic(s, p, AbilityMechanic::kIndianSupplies);
  int mask = 0;
  for (u32 m = region_border_mask(r); m; m &= m - 1) {
    const int b = __builtin_ctz(m);
    const bool used = s.transports_used[b >> 3] >> (b & 7) & 1;
    if (free || (s.roads[b][s.loyalty[p]] && !used)) mask |= 1 << border_other_side(b, r);
  }
  return mask;
}

void note_mobilise_move(State& s, int p, bool fleet, int from, int to) {
  if (fleet) {
    ++s.fleets_arrived[to];
  } else if (!has_mechanic(s, p, AbilityMechanic::kIndianSupplies)) {
    const int b = border_between(from, to);
    s.transports_used[b >> 3] |= u8(1u << (b & 7));
  }
}

int rocinante_region(const State& s) { return s.rocinante_region; }
int objective_region(const State& s) { return s.objective_region; }

int faction_controller(const State& s, int r) {
  int best = Coalition::kNone, best_count = 0, tied = 0;
  for (int k = 0; k < Coalition::kCount; ++k) {
    int count = s.armies[r][k];
    for (u32 m = region_border_mask(r); m; m &= m - 1) count += s.roads[__builtin_ctz(m)][k];
    if (count > best_count) best = k, best_count = count, tied = 0;
    else if (count == best_count && count > 0) ++tied;
  }
  return tied ? Coalition::kNone : best;
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
      values[p] = with_war_stars(s, p, influence(s, p));
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
  if (const int next = check_def(objective_card).objective_next; next != kNoRegion) s.objective_region = u8(next);
}

}  // namespace pamir::core
