#include "core/dominance.h"

#include <bit>

#include "core/game_rules.h"
#include "core/pieces.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {

int dominant_coalition(const State& s) {
  const int lead = (s.global_effects & GlobalEffect::kConflictFatigue) ? 2 : 4;
  for (int k = 0; k < Coalition::kCount; ++k) {
    bool dominant = true;
    for (int o = 0; o < Coalition::kCount; ++o)
      if (o != k && blocks_on_map(s, k) < blocks_on_map(s, o) + lead) dominant = false;
    if (dominant) return k;
  }
  return Coalition::kNone;
}

void award_places(State& s, const std::array<int, kMaxPlayers>& values,
                  const std::array<bool, kMaxPlayers>& eligible, const int* points, int num_points,
                  int multiplier) {
  const int n = s.num_players;
  for (int p = 0; p < n; ++p) {
    if (!eligible[p]) continue;
    int better = 0, tied = 0;
    for (int q = 0; q < n; ++q) {
      if (!eligible[q]) continue;
      better += values[q] > values[p];
      tied += values[q] == values[p];
    }
    int sum = 0;
    for (int place = better; place < better + tied && place < num_points; ++place)
      sum += points[place] * multiplier;
    s.vp[p] += u8(sum / tied);
  }
}

namespace {

int dominance_checks_left(const State& s) {
  int left = 0;
  for (int c = kFirstDominanceCheck; c < kFirstDominanceCheck + kNumDominanceChecks; ++c)
    left += s.card_loc[c] == Loc::kDeck || s.card_loc[c] == Loc::kMarket;
  return left;
}

}  // namespace

int next_dominance_check(const State& s) {
  for (int c = kFirstDominanceCheck; c < kFirstEvent; ++c)
    if (s.card_loc[c] == Loc::kDeck || s.card_loc[c] == Loc::kMarket) return c;
  return kFirstEvent - 1;
}

namespace {

void end_lasting_effects(State& s) {
  s.global_effects = 0;
  for (int p = 0; p < s.num_players; ++p) s.player_effects[p] = 0;
  for (int c = kFirstEvent; c <= kNumCards; ++c)
    if (s.card_loc[c] == Loc::kActiveEvent) s.card_loc[c] = Loc::kDiscard;
}

bool has_four_point_lead(const State& s) {
  for (int p = 0; p < s.num_players; ++p) {
    bool leads = true;
    for (int q = 0; q < s.num_players; ++q)
      if (q != p && s.vp[p] < s.vp[q] + 4) leads = false;
    if (leads) return true;
  }
  return false;
}

}  // namespace

void score_by_coalition(State& s, bool final_check) {
  const int multiplier = final_check ? 2 : 1;
  const int dominant = dominant_coalition(s);
  std::array<int, kMaxPlayers> values{};
  std::array<bool, kMaxPlayers> eligible{};
  if (dominant != Coalition::kNone) {
    static constexpr int kPoints[] = {5, 3, 1};
    for (int p = 0; p < s.num_players; ++p) {
      // Wakhan is loyal to every coalition, so she always takes part.
      eligible[p] = s.loyalty[p] == dominant || s.is_automaton(p);
      values[p] = influence(s, p, s.is_automaton(p) ? dominant : Coalition::kNone);
    }
    award_places(s, values, eligible, kPoints, 3, multiplier);
    remove_all_blocks(s);
  } else {
    static constexpr int kPoints[] = {3, 1};
    for (int p = 0; p < s.num_players; ++p) {
      eligible[p] = true;
      values[p] = cylinders_in_play(s, p);
    }
    award_places(s, values, eligible, kPoints, 2, multiplier);
  }
}

bool resolve_dominance_check(State& s, int scored, int objective_card) {
  const bool final_check = dominance_checks_left(s) == 0;
  Rules::score_check(s, scored, objective_card, final_check);
  ++s.dominance_checks_resolved;
  if (final_check || (Rules::kEndsOnLead && has_four_point_lead(s))) {
    s.phase = Phase::kGameOver;
    clear_tasks(s);
    return false;
  }
  // Insurrection (Prince Akbar Khan): its owner places its armies (2 Afghan, in Kabul).
  for (int p = 0; p < s.num_players; ++p)
    for (u32 m = s.abilities[p] & kMechanicAbilities[AbilityMechanic::kInsurrection]; m; m &= m - 1) {
      const AbilityDef& d = ability_def(std::countr_zero(m));
      for (int i = 0; i < d.amount; ++i) place_block(s, p, d.coalition, BlockLoc::army(d.region));
    }
  end_lasting_effects(s);
  return true;
}

std::array<int, kMaxPlayers> final_ranks(const State& s) {
  std::array<int, kMaxPlayers> key{}, rank{};
  for (int p = 0; p < s.num_players; ++p)
    key[p] = s.vp[p] * 1000000 + stars(s, p, Suit::kMilitary) * 1000 + s.rupees[p];
  for (int p = 0; p < s.num_players; ++p)
    for (int q = 0; q < s.num_players; ++q) rank[p] += key[q] > key[p];
  return rank;
}

}  // namespace pamir::core::inline PAMIR_RULESET
