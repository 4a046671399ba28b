#pragma once
// The evaluators search ships with: uniform, random rollouts and the hand-written heuristic.
// The network evaluator lives in nets/ and registers itself (evaluator_registry.h).

#include "search/evaluator.h"

namespace pamir::search {

// Every seat valued at an equal share of the win, every action equally likely. A baseline
// that makes search rely on terminal positions alone.
class UniformEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "uniform"; }
};

// Plays the position out to the end of the game uniformly at random and returns
// core::returns of the final position; the prior is uniform. Seeded: the same leaves in the
// same order give the same values.
class RolloutEvaluator final : public Evaluator {
 public:
  explicit RolloutEvaluator(core::u64 seed) : rng_(seed) {}
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "rollout"; }

 private:
  core::u64 rng_;
};

// Hand-written judgement of the public position (heuristic.h); the prior is uniform.
class HeuristicEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) override;
  const char* name() const override { return "heuristic"; }
};

// Writes the uniform distribution over n actions.
void uniform_prior(float* prior, int n);

}  // namespace pamir::search
