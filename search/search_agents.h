#pragma once
// The agents built on search and evaluation (make_agent builds them from specs).

#include <memory>

#include "search/agent.h"
#include "search/evaluator.h"
#include "search/mcts.h"
#include "search/options.h"

namespace pamir::search::inline PAMIR_RULESET {

// One-ply greedy: applies each legal action in one determinization (sample_world for the
// player to move) and plays the one whose result the heuristic values most for that
// player; ties are broken at random.
class HeuristicAgent final : public Agent {
 public:
  explicit HeuristicAgent(core::u64 seed) : rng_(seed) {}
  core::Action choose(const core::State& s) override;
  std::string name() const override { return "heuristic"; }

 private:
  core::u64 rng_;
};

// A tree search per decision: mcts searches the true position (it cheats: it sees the
// hidden deck), ismcts searches sampled worlds (world model kSampledWorlds).
class TreeSearchAgent final : public Agent {
 public:
  TreeSearchAgent(std::string name, const SearchOptions& options, WorldModel model, core::u64 seed);
  core::Action choose(const core::State& s) override;
  std::string name() const override { return name_; }
  bool last_search(SearchStats& out) const override;

 private:
  std::string name_;
  std::unique_ptr<Evaluator> evaluator_;
  Search search_;
};

// Perfect-information Monte Carlo: searches options.worlds determinizations of the position
// for the player to move, each with an equal share of the iterations (and time), and plays
// the move with the most visits summed over them.
class PimcAgent final : public Agent {
 public:
  PimcAgent(const SearchOptions& options, core::u64 seed);
  core::Action choose(const core::State& s) override;
  std::string name() const override { return "pimc"; }

 private:
  SearchOptions options_;
  core::u64 rng_;
  std::unique_ptr<Evaluator> evaluator_;
  Search search_;
};

}  // namespace pamir::search::inline PAMIR_RULESET
