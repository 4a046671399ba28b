#include "core/queries.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace pamir::core::inline PAMIR_RULESET {

int hand_size(const State& s, int p) { return std::popcount(s.hand[p][0]) + std::popcount(s.hand[p][1]); }

int ruling_pieces(const State& s, int p, int r) {
  if (s.is_automaton(p))  // errata: her tribes plus the largest army of any one coalition
    return s.tribes[r][p] + std::max({s.armies[r][0], s.armies[r][1], s.armies[r][2]});
  // Before a player has chosen a loyalty (setup) no army is theirs.
  const int loyal_armies = s.loyalty[p] < Coalition::kCount ? s.armies[r][s.loyalty[p]] : 0;
  return s.tribes[r][p] + loyal_armies;
}

namespace {

// The player with strictly more of something than every other player (none when the top
// count is 0 or shared); its count goes to *count.
template <class Count>
int strict_leader(const State& s, Count count_of, int* count) {
  int best = kNoPlayer, best_n = 0, second_n = 0;
  for (int p = 0; p < s.num_players; ++p) {
    const int n = count_of(p);
    if (n > best_n) {
      second_n = best_n;
      best_n = n;
      best = p;
    } else if (n > second_n) {
      second_n = n;
    }
  }
  *count = best_n;
  return best_n == second_n ? kNoPlayer : best;
}

}  // namespace

int ruler(const State& s, int r) {
  for (int p = 0; p < s.num_players; ++p)
    if (rules(s, p, r)) return p;
  return kNoPlayer;
}

bool leads_region(const State& s, int p, int r) {
  const int n = ruling_pieces(s, p, r);
  for (int q = 0; q < s.num_players; ++q)
    if (q != p && ruling_pieces(s, q, r) >= n) return false;
  for (int k = 0; k < Coalition::kCount; ++k)
    if (s.armies[r][k] >= n) return false;
  return true;
}

bool rules_any_region(const State& s, int p) {
  for (int r = 0; r < Region::kCount; ++r)
    if (rules(s, p, r)) return true;
  return false;
}

int influence(const State& s, int p, int coalition) {
  // Only Wakhan can hold patriots and prizes of several coalitions; count those of the one
  // asked for. A player's are all of their own coalition.
  auto counts = [&](int k) {
    return k != Coalition::kNone && (coalition == Coalition::kNone || k == coalition);
  };
  int patriots = 0;
  if (!(s.player_effects[p] & PlayerEffect::kRumor)) {
    const int b = s.court_begin(p);
    for (int i = b; i < b + s.court_len[p]; ++i) patriots += counts(court_card(s.court[i]).patriot);
  }
  int prizes = s.prizes[p];
  if (coalition != Coalition::kNone && prizes) {
    prizes = 0;
    for (int c = 1; c <= kNumCourtCards; ++c)
      prizes += s.card_loc[c] == Loc::kPrize + p && counts(court_card(c).prize);
  }
  int gift_value = 1;
  if (s.global_effects & GlobalEffect::kEmbarrassmentOfRiches)
    gift_value = 0;
  else if (s.player_effects[p] & PlayerEffect::kKohINoor)
    gift_value = 2;
  return 1 + patriots + prizes + gift_value * gifts(s, p);
}

namespace {

// How many of the 8 bytes of w are zero (exact: the masked add cannot carry between bytes).
inline int zero_bytes(u64 w) {
  constexpr u64 kLow7 = 0x7F7F7F7F7F7F7F7Full;
  return std::popcount(~(((w & kLow7) + kLow7) | w | kLow7));
}

}  // namespace

int spies_of(const State& s, int p, int c) {
  if (!s.spies_on[c]) return 0;
  // Count p's cylinders at this spot a word at a time: spies are read on every legal-move
  // generation (betray, battle and hostage checks).
  static_assert(kCylinders == 10);
  u64 head = 0, tail = 0;
  std::memcpy(&head, &s.cylinder[p][0], 8);
  std::memcpy(&tail, &s.cylinder[p][8], 2);
  const u64 spot = 0x0101010101010101ull * CylLoc::spy(c);
  return zero_bytes(head ^ spot) + zero_bytes((tail ^ spot) | ~u64(0xFFFF));
}

int hostage_holder(const State& s, int c) {
  if (!s.spies_on[c]) return kNoPlayer;
  int n = 0;
  const int best = strict_leader(
      s, [&](int p) { return spies_of(s, p, c); }, &n);
  return best == s.court_owner(c) ? kNoPlayer : best;
}

int blocks_on_map(const State& s, int coalition) {
  return kBlocksPerCoalition - s.blocks_in_supply[coalition];
}

}  // namespace pamir::core::inline PAMIR_RULESET
