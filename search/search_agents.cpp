#include "search/search_agents.h"

#include <algorithm>

#include "core/game.h"
#include "core/random.h"
#include "core/world.h"
#include "search/evaluator_registry.h"
#include "search/heuristic.h"

namespace pamir::search::inline PAMIR_RULESET {

core::Action HeuristicAgent::choose(const core::State& s) {
  const int p = core::to_move(s);
  const core::State world = core::sample_world(s, p, rng_);
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(world, legal);
  core::Action best = legal[0];
  float best_value = -1;
  int ties = 0;
  for (int i = 0; i < n; ++i) {
    core::State next = world;
    core::apply(next, legal[i]);
    const float v = heuristic_values(next)[p];
    if (v > best_value) {
      best_value = v;
      best = legal[i];
      ties = 1;
    } else if (v == best_value && core::random_below(rng_, ++ties) == 0) {
      best = legal[i];  // uniform among the tied actions (reservoir sampling)
    }
  }
  return best;
}

TreeSearchAgent::TreeSearchAgent(std::string name, const SearchOptions& options, WorldModel model,
                                 core::u64 seed)
    : name_(std::move(name)),
      evaluator_(make_evaluator(options, seed ^ 0x5EEDull)),
      search_(options, model, seed) {}

core::Action TreeSearchAgent::choose(const core::State& s) {
  evaluator_->prepare(s);  // before the clock starts
  search_.start(s);
  search_.run(*evaluator_);
  return search_.choose_move();
}

// Enough of the line to read the plan: a Pax Pamir turn is two actions and their choices.
constexpr int kMaxVariationLength = 16;

bool TreeSearchAgent::last_search(SearchStats& out) const {
  if (search_.iterations() == 0) return false;
  RootMove moves[core::kMaxLegalActions];
  const int n = search_.root_moves(moves);
  out.iterations = search_.iterations();
  out.values = search_.root_values();
  out.moves.assign(moves, moves + n);
  core::Action line[kMaxVariationLength];
  out.principal_variation.assign(line, line + search_.principal_variation(line, kMaxVariationLength));
  return true;
}

namespace {
// The options of one PIMC world: an equal share of the budget, and no reuse across worlds.
SearchOptions per_world(SearchOptions o) {
  if (o.iters > 0) o.iters = std::max(1, o.iters / o.worlds);
  o.time /= o.worlds;
  o.reuse = 0;
  return o;
}
}  // namespace

PimcAgent::PimcAgent(const SearchOptions& options, core::u64 seed)
    : options_(options),
      rng_(seed),
      evaluator_(make_evaluator(options, seed ^ 0x5EEDull)),
      search_(per_world(options), WorldModel::kTrueState, seed ^ 0x9157ull) {}

core::Action PimcAgent::choose(const core::State& s) {
  const int p = core::to_move(s);
  // The root's legal actions do not depend on hidden cards, so every world has the same.
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  double visits[core::kMaxLegalActions] = {};
  double value[core::kMaxLegalActions] = {};
  RootMove moves[core::kMaxLegalActions];
  evaluator_->prepare(s);  // before the first world's clock starts
  for (int w = 0; w < options_.worlds; ++w) {
    search_.start(core::sample_world(s, p, rng_));
    search_.run(*evaluator_);
    const int m = search_.root_moves(moves);
    for (int i = 0, j = 0; i < m; ++i) {
      while (j < n && legal[j] < moves[i].action) ++j;
      visits[j] += moves[i].visits;
      value[j] += moves[i].value * moves[i].visits;
    }
  }
  return legal[choose_by_visits(visits, value, n, options_.temperature, rng_)];
}

}  // namespace pamir::search::inline PAMIR_RULESET
