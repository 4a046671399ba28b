#include "bench/bench.h"

#include "core/game.h"

namespace pamir::bench::inline PAMIR_RULESET {

std::uint64_t perft(const core::State& s, int depth) {
  if (depth == 0 || s.game_over()) return 1;
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  if (depth == 1) return n;
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    core::State next = s;
    core::apply(next, legal[i]);
    total += perft(next, depth - 1);
  }
  return total;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
