#pragma once
// The evaluators search ships with: uniform, random rollouts and the hand-written heuristic.
// The network evaluator lives in nets/ and registers itself (evaluator_registry.h).

#include <memory>
#include <string>

#include "search/evaluator.h"

namespace pamir::search::inline PAMIR_RULESET {

// Every seat valued at an equal share of the win, every action equally likely. A baseline
// that makes search rely on terminal positions alone.
class UniformEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "uniform"; }
};

// Plays the position out to the end of the game uniformly at random and returns the final
// position's outcome_values (the win, with `places` of the finishing places); the prior is
// uniform. Seeded: the same leaves in the same order give the same values.
class RolloutEvaluator final : public Evaluator {
 public:
  explicit RolloutEvaluator(core::u64 seed, double places = 0) : rng_(seed), places_(places) {}
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "rollout"; }

 private:
  core::u64 rng_;
  double places_;
};

// Hand-written judgement of the public position (heuristic_values, with `places` of the
// place-share estimates); the prior is uniform.
class HeuristicEvaluator final : public Evaluator {
 public:
  explicit HeuristicEvaluator(double places = 0) : places_(places) {}
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "heuristic"; }

 private:
  double places_;
};

// Another evaluator's judgement with the heuristic's value mixed in: values are
// (1 - weight) * inner + weight * heuristic_values, the prior is the inner one. A young
// network's value head knows little, while the heuristic already tells a won position from a
// lost one (ISMCTS with the heuristic beats ISMCTS with random rollouts); mixing the two is
// AlphaGo's blend of value net and rollouts, with the heuristic in the rollouts' place. The
// search option hmix and the training key heuristic_mix set the weight.
class HeuristicBlendEvaluator final : public Evaluator {
 public:
  // places: as heuristic_values takes it.
  HeuristicBlendEvaluator(std::unique_ptr<Evaluator> inner, float weight, double places = 0);
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  void prepare(const core::State& s) override { inner_->prepare(s); }
  const char* name() const override { return name_.c_str(); }

 private:
  std::unique_ptr<Evaluator> inner_;
  float weight_;
  double places_;
  std::string name_;
};

// The evaluator itself when weight is 0, else it wrapped in a HeuristicBlendEvaluator.
std::unique_ptr<Evaluator> blend_with_heuristic(std::unique_ptr<Evaluator> inner, double weight,
                                                double places = 0);

// Writes the uniform distribution over n actions.
void uniform_prior(float* prior, int n);

}  // namespace pamir::search::inline PAMIR_RULESET
