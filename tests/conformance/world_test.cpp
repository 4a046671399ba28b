// Determinization (core/world.h): every sampled world must be a game the observer cannot
// tell from the real one, dealt by the setup rules, and every such world equally likely.
//
// The pile structure is derived here from the guide (Setup, steps 2-5), not from
// pile_layout(): "Create six face-down piles, each with five court cards, plus one
// additional court card per player", "Place one Dominance Check into each of the four
// rightmost piles", "Place two [events] into the second pile from the left, and one into
// each of the remaining four piles to its right", then the piles are stacked with the
// Dominance Check piles at the bottom, so the leftmost pile is drawn first.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "core/world.h"
#include "tests/conformance/invariants.h"

namespace pamir::testing {
namespace {

using namespace pamir::core;

constexpr int kPiles = 6;

enum Kind { kCourtKind, kEventKind, kCheckKind, kKinds };
int kind_of(int c) { return is_court_card(c) ? kCourtKind : is_event(c) ? kEventKind : kCheckKind; }

struct Pile {
  int begin, end;
  std::array<int, kKinds> count;  // cards of each kind dealt into it
};

std::array<Pile, kPiles> rule_piles(int players) {
  std::array<Pile, kPiles> piles;
  int at = 0;
  for (int i = 0; i < kPiles; ++i) {
    piles[i].count = {5 + players, i == 0 ? 0 : i == 1 ? 2 : 1, i >= 2 ? 1 : 0};
    piles[i].begin = at;
    at += piles[i].count[kCourtKind] + piles[i].count[kEventKind] + piles[i].count[kCheckKind];
    piles[i].end = at;
  }
  return piles;
}

// Cards of each kind in slots [from, to) of the deck.
std::array<int, kKinds> kinds_in(const State& s, int from, int to) {
  std::array<int, kKinds> n{};
  for (int i = from; i < to; ++i) ++n[kind_of(s.deck[i])];
  return n;
}

bool unknown(const State& s, int c) { return s.card_loc[c] == Loc::kDeck || s.card_loc[c] == Loc::kUnused; }

// The deck as dealt: every pile, drawn part included, holds what setup put into it.
std::string check_piles(const State& s) {
  const auto piles = rule_piles(s.num_players);
  if (s.deck_size != piles[kPiles - 1].end) return "deck size is not the sum of the piles";
  for (int i = 0; i < kPiles; ++i)
    if (kinds_in(s, piles[i].begin, piles[i].end) != piles[i].count)
      return "pile " + std::to_string(i + 1) + " does not hold its dealt cards";
  return "";
}

// Everything a sampled world w of the real state s must satisfy.
std::string check_world(const State& s, const State& w) {
  if (auto e = check_consistency(w); !e.empty()) return "check_consistency: " + e;
  if (auto e = check_reachable(w); !e.empty()) return "check_reachable: " + e;
  if (auto e = check_conservation(w); !e.empty()) return e;
  const State vs = seat_view(s, 0), vw = seat_view(w, 0);  // every seat sees the same in Pax Pamir
  if (std::memcmp(&vs, &vw, sizeof vs)) return "the public view differs";
  for (int p = 0; p < s.num_players; ++p)
    if (infoset_key(w, p) != infoset_key(s, p)) return "infoset_key differs for player " + std::to_string(p);
  for (int c = 1; c <= kNumCards; ++c) {
    if (unknown(s, c) != unknown(w, c))
      return "card " + std::to_string(c) + " changed between known and unknown";
    if (!unknown(s, c) && w.card_loc[c] != s.card_loc[c]) return "known card " + std::to_string(c) + " moved";
  }
  if (std::memcmp(w.deck, s.deck, s.deck_pos)) return "the drawn part of the deck changed";
  if (auto e = check_piles(w); !e.empty()) return e;
  // The same, said the way the rules say it.
  const auto piles = rule_piles(s.num_players);
  for (int i = 0; i < kPiles; ++i) {
    const int first = std::max(piles[i].begin, int(s.deck_pos));
    if (first >= piles[i].end) continue;
    const int checks_left = kinds_in(w, first, piles[i].end)[kCheckKind];
    if (i < 2 && checks_left) return "a Dominance Check was placed in pile " + std::to_string(i + 1);
    if (kinds_in(s, piles[i].begin, first)[kCheckKind] && checks_left)
      return "a second Dominance Check was placed in pile " + std::to_string(i + 1);
  }
  return "";
}

// Plays a random game and keeps every `every`-th position.
std::vector<State> positions(int players, u64 seed, int every) {
  std::vector<State> out;
  State s = new_game(players, seed);
  u64 rng = seed ^ 0x5DEECE66Dull;
  Action legal[kMaxLegalActions];
  for (int decision = 0; !s.game_over(); ++decision) {
    if (decision % every == 0) out.push_back(s);
    const int n = legal_actions(s, legal);
    apply(s, legal[random_below(rng, n)]);
  }
  return out;
}

// Plays w to the end with random actions, checking every position.
void play_to_end(State w, u64 seed) {
  u64 rng = seed;
  Action legal[kMaxLegalActions];
  for (int decision = 0; !w.game_over(); ++decision) {
    ASSERT_LT(decision, 20000) << "a sampled world does not end";
    const int n = legal_actions(w, legal);
    ASSERT_EQ(check_legal_set(w, legal, n), "");
    apply(w, legal[random_below(rng, n)]);
    ASSERT_EQ(check_consistency(w), "");
    ASSERT_EQ(check_conservation(w), "");
  }
}

// Pearson's statistic over cells with their expected counts (all of them positive).
double chi_square(const std::vector<double>& observed, const std::vector<double>& expected) {
  double x = 0;
  for (size_t i = 0; i < observed.size(); ++i)
    x += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
  return x;
}

// The statistic that a uniform sampler exceeds with probability about 1e-4, by the
// Wilson-Hilferty cube-root normal approximation (z = 3.719 is the normal's 1 - 1e-4
// quantile); the approximation errs high for few degrees of freedom, which only makes
// a false failure rarer.
double chi_square_limit(int dof) {
  const double v = 2.0 / (9.0 * dof);
  return dof * std::pow(1 - v + 3.719 * std::sqrt(v), 3);
}

TEST(World, PileLayoutMatchesTheSetupRules) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    const PileLayout layout = pile_layout(players);
    const auto piles = rule_piles(players);
    for (int i = 0; i < kPiles; ++i) {
      EXPECT_EQ(layout.begin[i], piles[i].begin);
      EXPECT_EQ(layout.end[i], piles[i].end);
      EXPECT_EQ(layout.events[i], piles[i].count[kEventKind]);
      EXPECT_EQ(layout.checks[i], piles[i].count[kCheckKind]);
    }
    for (u64 seed = 1; seed <= 20; ++seed) EXPECT_EQ(check_piles(new_game(players, seed)), "");
  }
}

TEST(World, SampledWorldsAreIndistinguishableAndPlayable) {
  u64 rng = 2024;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (u64 seed = 1; seed <= 8; ++seed) {
      const auto along = positions(players, seed, 9);
      for (size_t i = 0; i < along.size(); ++i) {
        const State& s = along[i];
        for (int k = 0; k < 3; ++k) {
          const int p = (int(i) + k) % players;
          const State w = sample_world(s, p, rng);
          ASSERT_EQ(check_world(s, w), "") << players << " players, seed " << seed << ", position " << i;
          if (k == 0 && i % 4 == 0) {
            play_to_end(w, rng);
            if (HasFatalFailure()) return;
          }
        }
      }
    }
}

// A late position whose unknown cards are few enough to enumerate: the last four cards
// of the bottom pile (two court cards, an event and a Dominance Check) are undrawn, and
// two court cards and two events are set aside; everything else has been drawn and
// discarded. Consistent worlds: the event slot holds any of the 3 unknown events, the
// court slots an ordered pair of the 4 unknown court cards, the check is the only one
// left, and the kinds may stand in any of 4!/2! orders: 3 * 12 * 12 = 432, each equally
// likely.
TEST(World, LateDeckArrangementsAreUniform) {
  State s = new_game(2, 31);
  const auto piles = rule_piles(2);
  const Pile& last = piles[kPiles - 1];
  // Move the bottom pile's event and check to its last slots (a deal like any other).
  auto move_to_tail = [&](int kind, int slot) {
    for (int i = last.begin; i < last.end; ++i)
      if (kind_of(s.deck[i]) == kind) std::swap(s.deck[i], s.deck[slot]);
  };
  move_to_tail(kCheckKind, last.end - 1);
  move_to_tail(kEventKind, last.end - 2);
  s.deck_pos = u8(last.end - 4);
  for (int i = 0; i < s.deck_pos; ++i)
    if (s.card_loc[s.deck[i]] == Loc::kDeck) s.card_loc[s.deck[i]] = Loc::kDiscard;
  int kept_court = 0, kept_events = 0;
  for (int c = 1; c <= kNumCards; ++c) {
    if (s.card_loc[c] != Loc::kUnused) continue;
    if (is_court_card(c) ? kept_court++ < 2 : kept_events++ < 2) continue;
    s.card_loc[c] = Loc::kDiscard;
  }
  s.dominance_checks_resolved = 3;  // the three checks of the upper piles were scored
  ASSERT_EQ(check_consistency(s), "");
  ASSERT_EQ(check_conservation(s), "");

  constexpr int kArrangements = 432;
  constexpr int kSamples = 100 * kArrangements;
  std::map<std::array<u8, 4>, int> seen;
  u64 rng = 7;
  for (int k = 0; k < kSamples; ++k) {
    const State w = sample_world(s, k % 2, rng);
    ASSERT_EQ(check_world(s, w), "");
    std::array<u8, 4> tail;
    std::copy(w.deck + s.deck_pos, w.deck + s.deck_size, tail.begin());
    ++seen[tail];
  }
  ASSERT_EQ(int(seen.size()), kArrangements);
  std::vector<double> observed, expected;
  for (const auto& [tail, n] : seen) {
    observed.push_back(n);
    expected.push_back(double(kSamples) / kArrangements);
  }
  EXPECT_LT(chi_square(observed, expected), chi_square_limit(kArrangements - 1));
}

// A position from a real game with undrawn cards in several piles, one of which has
// already shown its Dominance Check. Under the uniform distribution over consistent
// worlds each undrawn slot holds a kind with probability (cards of that kind left in its
// pile) / (slots left in its pile), and the card there is any unknown card of that kind
// with equal probability. Checked by chi-square on the kind of every undrawn slot, and on
// the identity of the next card to be drawn.
TEST(World, MidGameSlotsAreUniform) {
  const auto piles = rule_piles(3);
  // The first position of a seeded game whose third pile has shown its Dominance Check
  // but still has cards to draw.
  State s{};
  bool found = false;
  for (u64 seed = 1; seed < 200 && !found; ++seed)
    for (const State& at : positions(3, seed, 1)) {
      const int pos = at.deck_pos;
      if (pos > piles[2].begin && pos < piles[2].end && kinds_in(at, piles[2].begin, pos)[kCheckKind]) {
        s = at;
        found = true;
        break;
      }
    }
  ASSERT_TRUE(found) << "no seed reaches the wanted position";

  std::array<int, kKinds> unknown_of_kind{};
  for (int c = 1; c <= kNumCards; ++c) unknown_of_kind[kind_of(c)] += unknown(s, c);
  // Expected kind probabilities per undrawn slot.
  std::vector<std::array<double, kKinds>> slot_p;
  for (int i = s.deck_pos; i < s.deck_size; ++i) {
    const Pile* pile = &piles[0];
    while (i >= pile->end) ++pile;
    const int first = std::max(pile->begin, int(s.deck_pos));
    const auto drawn = kinds_in(s, pile->begin, first);
    std::array<double, kKinds> p;
    for (int k = 0; k < kKinds; ++k) p[k] = double(pile->count[k] - drawn[k]) / (pile->end - first);
    slot_p.push_back(p);
  }

  constexpr int kSamples = 40000;
  std::vector<std::array<double, kKinds>> slot_seen(slot_p.size(), std::array<double, kKinds>{});
  std::vector<double> next_seen(kNumCards + 1);
  u64 rng = 11;
  for (int k = 0; k < kSamples; ++k) {
    const State w = sample_world(s, k % 3, rng);
    ASSERT_EQ(check_world(s, w), "");
    for (size_t j = 0; j < slot_p.size(); ++j) ++slot_seen[j][kind_of(w.deck[s.deck_pos + j])];
    ++next_seen[w.deck[s.deck_pos]];
  }

  std::vector<double> observed, expected;
  int dof = 0;
  for (size_t j = 0; j < slot_p.size(); ++j) {
    int cells = 0;
    for (int k = 0; k < kKinds; ++k) {
      if (slot_p[j][k] == 0) {
        EXPECT_EQ(slot_seen[j][k], 0) << "slot " << j << " got a card of a kind its pile has no more of";
        continue;
      }
      observed.push_back(slot_seen[j][k]);
      expected.push_back(kSamples * slot_p[j][k]);
      ++cells;
    }
    dof += cells - 1;
  }
  ASSERT_GT(dof, 0);
  EXPECT_LT(chi_square(observed, expected), chi_square_limit(dof)) << "slot kinds";

  observed.clear();
  expected.clear();
  for (int c = 1; c <= kNumCards; ++c) {
    const double p = unknown(s, c) ? slot_p[0][kind_of(c)] / unknown_of_kind[kind_of(c)] : 0;
    if (p == 0) {
      EXPECT_EQ(next_seen[c], 0) << "card " << c << " cannot be next";
      continue;
    }
    observed.push_back(next_seen[c]);
    expected.push_back(kSamples * p);
  }
  EXPECT_LT(chi_square(observed, expected), chi_square_limit(int(observed.size()) - 1)) << "next card";
}

}  // namespace
}  // namespace pamir::testing
