#include "core/game.h"

#include <algorithm>
#include <cassert>

#include "core/check.h"
#include "core/dominance.h"
#include "core/movegen.h"
#include "core/resolution.h"

namespace pamir::core::inline PAMIR_RULESET {

int legal_actions(const State& s, Action* out) {
  if (s.game_over()) return 0;
  const int n = gen_decision(s, out);
  assert(n > 0 && n <= kMaxLegalActions);
  return n;
}

Action random_action(const State& s, u64& rng) {
  assert(!s.game_over());
  const Action a = sample_decision(s, rng);
  assert(is_legal(s, a));
  return a;
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

}  // namespace pamir::core::inline PAMIR_RULESET
