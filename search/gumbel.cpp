#include "search/gumbel.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/random.h"

namespace pamir::search::inline PAMIR_RULESET {
namespace {

// A prior of 0 (a move the net rules out) still gets a finite logit, far below the others.
float logit(float prior) { return std::log(std::max(prior, 1e-30f)); }

// A standard Gumbel variate: -log(-log(u)), u uniform in (0, 1).
float gumbel_noise(core::u64& rng) {
  const double u = (double(core::next_random(rng) >> 11) + 0.5) * 0x1.0p-53;
  return float(-std::log(-std::log(u)));
}

}  // namespace

void GumbelRoot::reset(std::span<const GumbelArm> arms, int considered, double noise_scale, int budget,
                       core::u64& rng) {
  const int n = int(arms.size());
  for (int i = 0; i < n; ++i)
    score_[i] = logit(arms[i].prior) + (noise_scale > 0 ? float(noise_scale) * gumbel_noise(rng) : 0.0f);
  for (int i = 0; i < n; ++i) remaining_[i] = i;
  num_remaining_ = std::clamp(considered, 1, std::max(1, n));
  std::partial_sort(remaining_, remaining_ + num_remaining_, remaining_ + n,
                    [&](int a, int b) { return score_[a] > score_[b]; });
  budget_ = std::max(budget, 1);
  phases_ = std::max(1, int(std::ceil(std::log2(double(num_remaining_)))));
  phase_visits_ = 0;
  for (int k = 0; k < num_remaining_; ++k)
    phase_visits_ = std::max(phase_visits_, arms[remaining_[k]].visits);
  phase_visits_ += phase_share();
}

core::u32 GumbelRoot::phase_share() const {
  return core::u32(std::max(1, budget_ / (phases_ * num_remaining_)));
}

void GumbelRoot::sigma_q(std::span<const GumbelArm> arms, float root_value, float* out) const {
  const int n = int(arms.size());
  // The mixed value: the root's own value, and the visited moves' Q weighted by their priors,
  // weighted by the visits behind each (an unvisited move's Q is completed by it).
  double visits = 0, prior_q = 0, prior_visited = 0;
  core::u32 max_visits = 0;
  for (const GumbelArm& a : arms) {
    visits += a.visits;
    max_visits = std::max(max_visits, a.visits);
    if (a.visits > 0) prior_q += a.prior * a.value_sum / a.visits, prior_visited += a.prior;
  }
  const double mixed =
      prior_visited > 0 ? (root_value + visits * prior_q / prior_visited) / (visits + 1) : root_value;
  float low = std::numeric_limits<float>::max(), high = std::numeric_limits<float>::lowest();
  for (int i = 0; i < n; ++i) {
    out[i] = arms[i].visits > 0 ? arms[i].value_sum / float(arms[i].visits) : float(mixed);
    low = std::min(low, out[i]), high = std::max(high, out[i]);
  }
  // Rescaled to [0, 1] over the root's moves: win shares at 4 or 5 seats differ by less.
  const float range = std::max(high - low, 1e-6f);
  const float scale = (kVisitOffset + float(max_visits)) * kValueScale;
  for (int i = 0; i < n; ++i) out[i] = scale * (out[i] - low) / range;
}

int GumbelRoot::next(std::span<const GumbelArm> arms, float root_value) {
  const auto fewest = [&] {
    int best = remaining_[0];
    for (int k = 1; k < num_remaining_; ++k) {
      const int i = remaining_[k];
      if (arms[i].visits < arms[best].visits ||
          (arms[i].visits == arms[best].visits && score_[i] > score_[best]))
        best = i;
    }
    return best;
  };
  int i = fewest();
  if (num_remaining_ > 1 && arms[i].visits >= phase_visits_) {
    // Every remaining move has its share: keep the better half.
    float sigma[core::kMaxLegalActions];
    sigma_q(arms, root_value, sigma);
    std::sort(remaining_, remaining_ + num_remaining_,
              [&](int a, int b) { return score_[a] + sigma[a] > score_[b] + sigma[b]; });
    num_remaining_ = (num_remaining_ + 1) / 2;
    if (num_remaining_ > 1) phase_visits_ += phase_share();
    i = fewest();
  }
  return i;
}

int GumbelRoot::choice(std::span<const GumbelArm> arms, float root_value) const {
  float sigma[core::kMaxLegalActions];
  sigma_q(arms, root_value, sigma);
  core::u32 most = 0;
  for (int k = 0; k < num_remaining_; ++k) most = std::max(most, arms[remaining_[k]].visits);
  int best = -1;
  for (int k = 0; k < num_remaining_; ++k) {
    const int i = remaining_[k];
    if (arms[i].visits == most && (best < 0 || score_[i] + sigma[i] > score_[best] + sigma[best])) best = i;
  }
  return best;
}

void GumbelRoot::improved_policy(std::span<const GumbelArm> arms, float root_value, float* out) const {
  const int n = int(arms.size());
  sigma_q(arms, root_value, out);
  float top = std::numeric_limits<float>::lowest();
  for (int i = 0; i < n; ++i) top = std::max(top, out[i] += logit(arms[i].prior));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i] = std::exp(out[i] - top);
  for (int i = 0; i < n; ++i) out[i] = float(out[i] / sum);
}

}  // namespace pamir::search::inline PAMIR_RULESET
