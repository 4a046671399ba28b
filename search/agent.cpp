#include "search/agent.h"

#include <stdexcept>

#include "core/game.h"
#include "core/random.h"

namespace pamir::search {

core::Action RandomAgent::choose(const core::State& s) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  return legal[core::random_below(rng_, n)];
}

std::unique_ptr<Agent> make_agent(const std::string& spec, core::u64 seed) {
  const std::string name = spec.substr(0, spec.find(':'));
  if (name == "random") return std::make_unique<RandomAgent>(seed * 0x9E3779B97F4A7C15ull + 1);
  throw std::invalid_argument("unknown agent '" + name + "' (known: random)");
}

}  // namespace pamir::search
