#include "core/world.h"

#include "core/cards.h"
#include "core/game_rules.h"
#include "core/random.h"

namespace pamir::core::inline PAMIR_RULESET {
PileLayout pile_layout(int num_players) { return Rules::pile_layout(num_players); }

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
    if (Rules::kCheckOnTopOfPile && checks && !is_dominance_check(s.deck[layout.begin[pile]])) return false;
  }
  return true;
}

State sample_world(const State& s, int p, u64& rng) {
  // All players share the same knowledge of the deck; what differs by seat is the ruleset's
  // own (Rules::sample_hidden).
  State w = s;
  w.rng = next_random(rng);
  // The unknown cards, by kind.
  u8 court[kNumCourtCards], events[kNumEvents], checks[kNumDominanceChecks];
  int nc = 0, ne = 0, nd = 0;
  for (int c = 1; c <= kNumCards; ++c) {
    if (s.card_loc[c] != Loc::kDeck && s.card_loc[c] != Loc::kUnused) continue;
    if (is_court_card(c))
      court[nc++] = u8(c);
    else if (is_event(c))
      events[ne++] = u8(c);
    else if (!Rules::kCheckOnTopOfPile)
      checks[nd++] = u8(c);  // else they lie in known places
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
      // A Dominance Check on top of its pile (Rules::kCheckOnTopOfPile) stays there, seen or not.
      if (Rules::kCheckOnTopOfPile && first < layout.end[pile] && is_dominance_check(s.deck[first])) ++first;
      if (first >= layout.end[pile]) continue;
      int want_events = layout.events[pile], want_checks = layout.checks[pile];
      int want_court = layout.end[pile] - layout.begin[pile] - want_events - want_checks;
      for (int i = layout.begin[pile]; i < first; ++i) {
        const int c = s.deck[i];
        if (is_court_card(c))
          --want_court;
        else if (is_event(c))
          --want_events;
        else
          --want_checks;
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
    for (int i = s.deck_pos; i < s.deck_size; ++i)
      ++kinds[is_court_card(s.deck[i]) ? 0 : is_event(s.deck[i]) ? 1 : 2];
    int at = s.deck_pos;
    for (int i = 0; i < kinds[0]; ++i) w.deck[at++] = court[i];
    for (int i = 0; i < kinds[1]; ++i) w.deck[at++] = events[i];
    for (int i = 0; i < kinds[2]; ++i) w.deck[at++] = checks[i];
    shuffle(&w.deck[s.deck_pos], at - s.deck_pos, rng);
  }
  for (int i = s.deck_pos; i < s.deck_size; ++i) w.card_loc[w.deck[i]] = Loc::kDeck;
  Rules::sample_hidden(w, p, rng);
  return w;
}

}  // namespace pamir::core::inline PAMIR_RULESET
