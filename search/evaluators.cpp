#include "search/evaluators.h"

#include <fmt/printf.h>

#include <cstdio>

#include "core/game.h"
#include "core/random.h"
#include "search/heuristic.h"
#include "search/outcome.h"

namespace pamir::search::inline PAMIR_RULESET {

void uniform_prior(float* prior, int n) {
  const float p = 1.0f / float(n);
  for (int i = 0; i < n; ++i) prior[i] = p;
}

void UniformEvaluator::evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) {
  for (size_t i = 0; i < leaves.size(); ++i) {
    const int n = leaves[i].state->num_players;
    Values& v = *results[i].values;
    v.fill(0.0f);
    for (int p = 0; p < n; ++p) v[p] = 1.0f / float(n);
    uniform_prior(results[i].prior, leaves[i].num_legal);
  }
}

void RolloutEvaluator::evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) {
  for (size_t i = 0; i < leaves.size(); ++i) {
    core::State s = *leaves[i].state;
    // The leaf's own legal list saves generating it again for the first step.
    core::apply(s, leaves[i].legal[core::random_below(rng_, leaves[i].num_legal)]);
    // Uniform random play, drawn without listing every action (core::random_action).
    while (!s.game_over()) core::apply(s, core::random_action(s, rng_));
    *results[i].values = outcome_values(s, places_);
    uniform_prior(results[i].prior, leaves[i].num_legal);
  }
}

void HeuristicEvaluator::evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) {
  for (size_t i = 0; i < leaves.size(); ++i) {
    *results[i].values = heuristic_values(*leaves[i].state, places_);
    uniform_prior(results[i].prior, leaves[i].num_legal);
  }
}

HeuristicBlendEvaluator::HeuristicBlendEvaluator(std::unique_ptr<Evaluator> inner, float weight,
                                                 double places)
    : inner_(std::move(inner)), weight_(weight), places_(places) {
  name_ = std::string(inner_->name()) + "+heuristic*" + fmt::sprintf("%g", weight);
}

void HeuristicBlendEvaluator::evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) {
  inner_->evaluate(leaves, results);
  for (size_t i = 0; i < leaves.size(); ++i) {
    const Values h = heuristic_values(*leaves[i].state, places_);
    Values& v = *results[i].values;
    for (int p = 0; p < core::kMaxPlayers; ++p) v[p] = (1 - weight_) * v[p] + weight_ * h[p];
  }
}

std::unique_ptr<Evaluator> blend_with_heuristic(std::unique_ptr<Evaluator> inner, double weight,
                                                double places) {
  if (weight <= 0) return inner;
  return std::make_unique<HeuristicBlendEvaluator>(std::move(inner), float(weight), places);
}

}  // namespace pamir::search::inline PAMIR_RULESET
