// Pax Pamir's customisation points that are more than a line (rules.h).

#include "rules.h"

#include <cassert>

#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

void build_deck(State& s) {
  u8 court[kNumCourtCards], events[kNumEvents], checks[kNumDominanceChecks];
  for (int i = 0; i < kNumCourtCards; ++i) court[i] = u8(i + 1);
  for (int i = 0; i < kNumEvents; ++i) events[i] = u8(kFirstEvent + i);
  for (int i = 0; i < kNumDominanceChecks; ++i) checks[i] = u8(kFirstDominanceCheck + i);
  shuffle(court, kNumCourtCards, s.rng);
  shuffle(events, kNumEvents, s.rng);
  shuffle(checks, kNumDominanceChecks, s.rng);
  const PileLayout layout = Rules::pile_layout(s.num_players);
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

void Rules::setup(State& s, int automaton_seat) {
  build_deck(s);
  refill_market(s);
  const int n = s.num_players;
  if (automaton_seat == kNoPlayer) {
    s.first_chooser = u8(random_below(s.rng, n));
    for (int i = n - 1; i >= 0; --i) push_task(s, TaskKind::kChooseLoyalty, (s.first_chooser + i) % n);
    return;
  }
  // Wakhan chooses no loyalty and sits just before the last chooser: the others choose
  // clockwise from two seats after her (with 3 seats), ending with the seat after her.
  assert(n <= 3 && automaton_seat >= 0 && automaton_seat < n);
  s.automaton = u8(automaton_seat + 1);
  deal_ai_deck(s);
  push_task(s, TaskKind::kChooseLoyalty, seat_at(s, automaton_seat, 1));
  if (n == 3) push_task(s, TaskKind::kChooseLoyalty, seat_at(s, automaton_seat, 2));
  s.first_chooser = s.top().player;
}

PileLayout Rules::pile_layout(int players) {
  PileLayout l{};
  int at = 0;
  for (int i = 0; i < 6; ++i) {
    l.events[i] = i == 0 ? 0 : i == 1 ? 2 : 1;
    l.checks[i] = i >= 2 ? 1 : 0;
    l.begin[i] = at;
    at += 5 + players + l.events[i] + l.checks[i];
    l.end[i] = at;
  }
  return l;
}

int Rules::gen_gift(const State& s, int p, const Task&, Action* out) {
  Action* o = out;
  const int taken = gift_spaces_taken(s, p);
  for (int slot = 0; slot < kGiftSlots; ++slot)
    if (!(taken >> slot & 1) && s.rupees[p] >= kGiftCost[slot]) *o++ = Act::gift(slot);
  return int(o - out);
}

void Rules::spies_leave_card(State& s, int c, int, int) {
  for (int q = 0; q < s.num_players; ++q)
    for (int i = 0; i < kCylinders; ++i)
      if (s.cylinder[q][i] == CylLoc::spy(c)) set_cylinder(s, q, i, CylLoc::kSupply);
}

void Rules::turn_loyalty(State& s, int p, int coalition) {
  discard_prizes(s, p);
  u8 patriots[kNumCourtCards];
  int n = 0;
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i) {
    const int pat = court_card(s.court[i]).patriot;
    if (pat != Coalition::kNone && pat != coalition) patriots[n++] = s.court[i];
  }
  for (int i = 0; i < n; ++i)
    if (s.in_court(p, patriots[i])) discard_court_card(s, patriots[i]);
  s.loyalty[p] = u8(coalition);
  refresh_pragmatic_loyalty(s);
}

}  // namespace pamir::core::inline PAMIR_RULESET
