// The ISMCTS speed measurement of `pamir bench`.

#include <chrono>
#include <ctime>

#include "bench/bench.h"
#include "core/game.h"
#include "search/evaluator_registry.h"
#include "search/mcts.h"

namespace pamir::bench::inline PAMIR_RULESET {

SearchSpeed measure_ismcts(const std::string& spec_options, int players, const BenchOptions& options) {
  using Clock = std::chrono::steady_clock;
  search::SearchOptions search_options;
  search::parse_options("ismcts", spec_options, search_options);
  search_options.iters = kSearchSpeedIters;
  search_options.reuse = 0;
  const std::unique_ptr<search::Evaluator> eval = search::make_evaluator(search_options, 1);
  search::Search search(search_options, search::WorldModel::kSampledWorlds, 1);
  // The opening of play: the first turn, after the loyalty choices (one per coalition).
  core::State opening = core::new_game(players, 1);
  for (int k = 0; k < players; ++k) {
    core::Action legal[core::kMaxLegalActions];
    const int n = core::legal_actions(opening, legal);
    core::apply(opening, legal[k % n]);
  }
  SearchSpeed speed;
  const auto wall_start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  do {
    search.start(opening);
    search.run(*eval);
    speed.iterations += search.iterations();
    ++speed.searches;
    speed.wall_seconds = std::chrono::duration<double>(Clock::now() - wall_start).count();
  } while (speed.searches < options.max_games && speed.wall_seconds < options.max_seconds);
  speed.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return speed;
}

}  // namespace pamir::bench::inline PAMIR_RULESET
