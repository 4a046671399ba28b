#pragma once
// Gumbel root search (Danihelka, Guez, Schrittwieser, Silver: "Policy improvement by
// planning with Gumbel", ICLR 2022): at the root, sample m moves without replacement by the
// Gumbel-top-k trick on the prior's logits, share the simulations among them by sequential
// halving, and play the survivor. Its policy target, softmax(logits + sigma(completed Q)),
// improves on the prior even after a handful of simulations, where visit counts of PUCT say
// little. Below the root the search stays PUCT (search/mcts.h).
//
// Values are the root player's share of the win (max^n: each seat's own component), so the
// same rule serves 2 to 5 seats. sigma(q) = (kVisitOffset + max visits) * kValueScale * q, with q
// rescaled to [0, 1] over the root's moves, and an unvisited move's Q completed by the
// mixed value estimate, as in the paper's appendix.

#include <span>

#include "core/actions.h"
#include "core/types.h"

namespace pamir::search::inline PAMIR_RULESET {

// One root move as the halving sees it: its prior, visits and the sum of the root player's
// values backed up through it.
struct GumbelArm {
  float prior = 0;
  core::u32 visits = 0;
  float value_sum = 0;
};

class GumbelRoot {
 public:
  static constexpr float kVisitOffset = 50, kValueScale = 0.1f;

  // Starts a search over these root moves: draws Gumbel noise of this scale (0: none, the
  // top-m of the prior), keeps the m = min(considered, moves) best, and plans the phases of
  // sequential halving for a budget of simulations.
  void reset(std::span<const GumbelArm> arms, int considered, double noise_scale, int budget, core::u64& rng);

  // The move (index into arms) the next simulation goes down: the remaining move with the
  // fewest visits, so that each gets its share of the phase; a phase whose shares are all
  // spent halves the remaining moves, keeping the best by noise + logit + sigma(Q).
  int next(std::span<const GumbelArm> arms, float root_value);
  // The move to play: among the remaining moves with the most visits, the best by
  // noise + logit + sigma(Q).
  int choice(std::span<const GumbelArm> arms, float root_value) const;
  // The improved policy softmax(logit + sigma(completed Q)) over every move (no noise): the
  // policy target of a training row. out has room for arms.size() floats.
  void improved_policy(std::span<const GumbelArm> arms, float root_value, float* out) const;

 private:
  // The visits each remaining move gets in a phase: an equal part of the budget per phase.
  core::u32 phase_share() const;
  // sigma(completed Q) of each move, into out.
  void sigma_q(std::span<const GumbelArm> arms, float root_value, float* out) const;

  float score_[core::kMaxLegalActions];  // noise + logit
  int remaining_[core::kMaxLegalActions];
  int num_remaining_ = 0;
  int budget_ = 0, phases_ = 1;
  core::u32 phase_visits_ = 0;  // visits each remaining move gets by the end of this phase
};

}  // namespace pamir::search::inline PAMIR_RULESET
