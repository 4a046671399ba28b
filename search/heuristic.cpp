#include "search/heuristic.h"

#include <algorithm>
#include <cmath>

#include "core/dominance.h"
#include "core/game.h"
#include "core/queries.h"
#include "search/outcome.h"

namespace pamir::search::inline PAMIR_RULESET {
namespace {

// Weights in VP per unit (hand-tuned guesses: a point now is worth more than assets).
constexpr float kCheckNowWeight = 0.5f;
constexpr float kInfluence = 0.3f;
constexpr float kRuledRegion = 0.5f;
constexpr float kCoalitionLead = 0.15f;  // per block of the seat's coalition ahead of the best other
constexpr float kRupee = 0.12f;
constexpr int kRupeeCap = 12;  // hoarding beyond this buys nothing more
constexpr float kCourtCard = 0.25f;
constexpr float kHandCard = 0.1f;
constexpr float kCylinderInPlay = 0.1f;

}  // namespace

Values heuristic_scores(const core::State& s) {
  using namespace core;
  Values score{};
  const int n = s.num_players;
  // Points a Dominance Check resolved now would give each seat.
  State check = s;
  resolve_dominance_check(check, next_dominance_check(s), next_dominance_check(s));
  int rules[kMaxPlayers] = {};
  for (int r = 0; r < Region::kCount; ++r) {
    const int p = ruler(s, r);
    if (p != kNoPlayer) ++rules[p];
  }
  int blocks[Coalition::kCount];
  for (int k = 0; k < Coalition::kCount; ++k) blocks[k] = blocks_on_map(s, k);
  for (int p = 0; p < n; ++p) {
    float v = s.vp[p] + kCheckNowWeight * float(check.vp[p] - s.vp[p]);
    v += kInfluence * influence(s, p) + kRuledRegion * rules[p];
    const int k = s.loyalty[p];
    if (k < Coalition::kCount) {
      int best_other = 0;
      for (int o = 0; o < Coalition::kCount; ++o)
        if (o != k) best_other = std::max(best_other, blocks[o]);
      v += kCoalitionLead * float(blocks[k] - best_other);
    }
    v += kRupee * std::min<int>(s.rupees[p], kRupeeCap);
    v += kCourtCard * s.court_len[p] + kHandCard * hand_size(s, p);
    v += kCylinderInPlay * cylinders_in_play(s, p);
    score[p] = v;
  }
  return score;
}

Values heuristic_values(const core::State& s, double places) {
  if (s.game_over()) return outcome_values(s, places);
  const Values score = heuristic_scores(s);
  const int n = s.num_players;
  const float top = *std::max_element(score.begin(), score.begin() + n);
  Values v{};
  float sum = 0;
  for (int p = 0; p < n; ++p) sum += v[p] = std::exp((score[p] - top) / kHeuristicTemperature);
  for (int p = 0; p < n; ++p) v[p] /= sum;
  if (places <= 0 || n < 2) return v;
  Values estimated{};
  for (int p = 0; p < n; ++p) {
    float above = 0;
    for (int q = 0; q < n; ++q)
      if (q != p) above += 1 / (1 + std::exp((score[q] - score[p]) / kHeuristicTemperature));
    estimated[p] = above / place_points(n);
  }
  return mix_in_places(v, estimated, places, n);
}

}  // namespace pamir::search::inline PAMIR_RULESET
