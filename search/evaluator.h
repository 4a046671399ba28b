#pragma once
// The one interface between search and anything that judges positions: uniform, random
// rollouts, the hand-written heuristic, and (in nets/) a neural network all implement it,
// and search code sees nothing else.
//
// Evaluation is batched: a search collects many leaves (virtual loss, several games in one
// worker) and hands them over in one call, because a network's cost per call dominates at
// small batch sizes. Results go into caller-owned slots, so an evaluation allocates nothing.

#include <array>
#include <span>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::search::inline PAMIR_RULESET {

// Values are one number per seat, in seat order (not rotated): the seat's expected share of
// the win, as core::returns() defines it (1 for the winner, split after tie-breaks, 0 for
// the others). Seats beyond the game's player count are 0.
using Values = std::array<float, core::kMaxPlayers>;

// One position to evaluate. The state may be a determinization (a sampled world); an
// evaluator that models a player's knowledge must read only what core::to_move(*state) can
// see. legal lists the legal actions of that player, in the order legal_actions() gives.
struct Leaf {
  const core::State* state = nullptr;
  const core::Action* legal = nullptr;
  int num_legal = 0;
};

// Where the result for one leaf goes. prior has room for the leaf's num_legal floats and
// receives a distribution over them (non-negative, summing to 1), aligned with Leaf::legal.
struct LeafResult {
  Values* values = nullptr;
  float* prior = nullptr;
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Evaluates leaves[i] into results[i] for every i. Terminal states are never passed (the
  // search scores them with core::returns). Not thread-safe: one evaluator per thread, or
  // an implementation that says otherwise.
  virtual void evaluate(std::span<const Leaf> leaves, std::span<const LeafResult> results) = 0;
  // A short description for logs and reports, e.g. "rollout" or "net:gen3".
  virtual const char* name() const = 0;
  // Gets ready to evaluate positions like s (a net loaded for its player count), so that
  // the work is done before a search's clock starts rather than inside its first call.
  virtual void prepare(const core::State& s) { (void)s; }
};

}  // namespace pamir::search::inline PAMIR_RULESET
