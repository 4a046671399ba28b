#include "core/world.h"

#include <utility>

#include "core/cards.h"
#include "core/expanse.h"
#include "core/random.h"
#include "core/wakhan.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

// Re-deals the AI deck below what is seen: the top card keeps its back (any card with that
// back is equally likely), the rest in any order. Before Wakhan's first turn nothing is seen.
void deal_unseen_ai_cards(State& w, u64& rng) {
  u8* unseen = &w.ai_deck[w.ai_drawn];
  const int n = kWakhanCards - w.ai_drawn;
  if (w.ai_drawn) {
    int same[kWakhanCards], k = 0;
    for (int i = 0; i < n; ++i)
      if (same_ai_back(unseen[i], unseen[0])) same[k++] = i;
    std::swap(unseen[0], unseen[same[random_below(rng, k)]]);
    ++unseen;
  }
  shuffle(unseen, w.ai_drawn ? n - 1 : n, rng);
}

}  // namespace

PileLayout pile_layout(int num_players) {
  if constexpr (kHooks.expanse_setup) return expanse_pile_layout();
  PileLayout l{};
  int at = 0;
  for (int i = 0; i < 6; ++i) {
    l.events[i] = i == 0 ? 0 : i == 1 ? 2 : 1;
    l.checks[i] = i >= 2 ? 1 : 0;
    l.begin[i] = at;
    at += 5 + num_players + l.events[i] + l.checks[i];
    l.end[i] = at;
  }
  return l;
}

bool deck_keeps_piles(const State& s) {
  const PileLayout layout = pile_layout(s.num_players);
  if (s.deck_size != layout.end[5]) return false;
  for (int pile = 0; pile < 6; ++pile) {
    int events = 0, checks = 0;
    for (int i = layout.begin[pile]; i < layout.end[pile]; ++i) {
      events += is_event(s.deck[i]);
      checks += is_dominance_check(s.deck[i]);
    }
    if (events != layout.events[pile] || checks != layout.checks[pile]) return false;
  }
  return true;
}

State sample_world(const State& s, int p, u64& rng) {
  // All players share the same knowledge of the deck; only Pax Expanse's secret loyalty
  // choices differ by seat.
  State w = s;
  w.rng = next_random(rng);
  // The unknown cards, by kind.
  u8 court[kNumCourtCards], events[kNumEvents], checks[kNumDominanceChecks];
  int nc = 0, ne = 0, nd = 0;
  for (int c = 1; c <= kNumCards; ++c) {
    if (s.card_loc[c] != Loc::kDeck && s.card_loc[c] != Loc::kUnused) continue;
    if (is_court_card(c)) court[nc++] = u8(c);
    else if (is_event(c)) events[ne++] = u8(c);
    else if (!kHooks.expanse_setup) checks[nd++] = u8(c);  // Pax Expanse's lie in known places
    w.card_loc[c] = Loc::kUnused;
  }
  shuffle(court, nc, rng);
  shuffle(events, ne, rng);
  shuffle(checks, nd, rng);
  if (deck_keeps_piles(s)) {
    int uc = 0, ue = 0, ud = 0;
    const PileLayout layout = pile_layout(s.num_players);
    for (int pile = 0; pile < 6; ++pile) {
      int first = layout.begin[pile] > s.deck_pos ? layout.begin[pile] : s.deck_pos;
      // Pax Expanse's Dominance Check on top of its pile stays there, seen or not.
      if (kHooks.expanse_setup && first < layout.end[pile] && is_dominance_check(s.deck[first])) ++first;
      if (first >= layout.end[pile]) continue;
      int want_events = layout.events[pile], want_checks = layout.checks[pile];
      int want_court = layout.end[pile] - layout.begin[pile] - want_events - want_checks;
      for (int i = layout.begin[pile]; i < first; ++i) {
        const int c = s.deck[i];
        if (is_court_card(c)) --want_court;
        else if (is_event(c)) --want_events;
        else --want_checks;
      }
      int at = first;
      for (int i = 0; i < want_court; ++i) w.deck[at++] = court[uc++];
      for (int i = 0; i < want_events; ++i) w.deck[at++] = events[ue++];
      for (int i = 0; i < want_checks; ++i) w.deck[at++] = checks[ud++];
      shuffle(&w.deck[first], at - first, rng);
    }
  } else {
    // One pile: the undrawn places keep their kinds' counts, in any order.
    int kinds[3] = {};
    for (int i = s.deck_pos; i < s.deck_size; ++i) ++kinds[is_court_card(s.deck[i]) ? 0 : is_event(s.deck[i]) ? 1 : 2];
    int at = s.deck_pos;
    for (int i = 0; i < kinds[0]; ++i) w.deck[at++] = court[i];
    for (int i = 0; i < kinds[1]; ++i) w.deck[at++] = events[i];
    for (int i = 0; i < kinds[2]; ++i) w.deck[at++] = checks[i];
    shuffle(&w.deck[s.deck_pos], at - s.deck_pos, rng);
  }
  for (int i = s.deck_pos; i < s.deck_size; ++i) w.card_loc[w.deck[i]] = Loc::kDeck;
  if constexpr (kHooks.wakhan)
    if (s.wakhan) deal_unseen_ai_cards(w, rng);
  if constexpr (kHooks.rocinante) shuffle(&w.ai_deck[w.ai_drawn], kWakhanCards - w.ai_drawn, rng);  // below its face-up card
  if constexpr (kHooks.secret_loyalty) sample_loyalty_choices(w, p, rng);
  return w;
}

}  // namespace pamir::core
