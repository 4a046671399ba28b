#include "search/stall.h"

#include <algorithm>

#include "core/queries.h"

namespace pamir::search::inline PAMIR_RULESET {

void StallClock::observe(const core::State& root) {
  const int progress = core::game_progress(root);
  if (progress_ < 0 || progress != progress_ || root.turn < last_turn_) {
    // The progress happened somewhere between the previous root and this one; counting from
    // here errs toward the shorter stall.
    progress_ = progress;
    progress_turn_ = root.turn;
  }
  last_turn_ = root.turn;
}

int StallClock::stalled_turns(const core::State& s) const {
  if (progress_ < 0 || core::game_progress(s) != progress_) return 0;
  return s.turn - progress_turn_;
}

float stall_factor(int stalled_turns, int players, int grace_rounds) {
  const int grace = grace_rounds * players;
  if (grace <= 0 || stalled_turns <= grace) return 1;
  return std::max(0.0f, 1 - float(stalled_turns - grace) / float(2 * grace));
}

Values shrink_leads(const Values& v, float factor, int players) {
  const float draw = 1.0f / float(players);
  Values out = v;
  for (int p = 0; p < players; ++p)
    if (v[p] > draw) out[p] = draw + factor * (v[p] - draw);
  return out;
}

}  // namespace pamir::search::inline PAMIR_RULESET
