#include "search/agent.h"

#include <sstream>
#include <stdexcept>

#include "core/game.h"
#include "core/random.h"
#include "core/wakhan.h"
#include "search/options.h"
#include "search/search_agents.h"

namespace pamir::search {

core::Action RandomAgent::choose(const core::State& s) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  return legal[core::random_below(rng_, n)];
}

std::vector<std::string> split_agent_specs(const std::string& text) {
  std::vector<std::string> specs;
  std::stringstream in(text);
  for (std::string piece; std::getline(in, piece, ',');) {
    const size_t eq = piece.find('=');
    const bool continues = !specs.empty() && eq != std::string::npos && piece.find(':') > eq;
    if (continues)
      specs.back() += "," + piece;
    else
      specs.push_back(piece);
  }
  return specs;
}

namespace {
// Agents that do not search take only the seed of the option table.
void only_seed(const std::string& agent, const std::string& text) {
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const std::string key = item.substr(0, item.find('='));
    if (key != "seed") throw std::invalid_argument("option '" + key + "' does not apply to " + agent + " (only seed)");
  }
}
}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& spec, core::u64 seed) {
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string text = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (core::is_wakhan_spec(spec)) throw std::invalid_argument("wakhan is a seat, not an agent: the engine plays her");
  SearchOptions options;
  const bool searches = name == "mcts" || name == "pimc" || name == "ismcts";
  if (name == "random" || name == "heuristic") only_seed(name, text);
  if (searches || name == "random" || name == "heuristic") parse_options(name, text, options);
  if (name == "best") {
    parse_options("ismcts", kBestAgentOptions, options);
    parse_options("ismcts", text, options);
  }
  // Seats get different streams from the game's seed; the spec's seed shifts them all.
  const core::u64 agent_seed = seed * 0x9E3779B97F4A7C15ull + 1 + options.seed * 0xD1B54A32D192ED03ull;
  if (name == "random") return std::make_unique<RandomAgent>(agent_seed);
  if (name == "heuristic") return std::make_unique<HeuristicAgent>(agent_seed);
  if (name == "mcts") return std::make_unique<TreeSearchAgent>(name, options, WorldModel::kTrueState, agent_seed);
  if (name == "ismcts" || name == "best")
    return std::make_unique<TreeSearchAgent>(name, options, WorldModel::kSampledWorlds, agent_seed);
  if (name == "pimc") return std::make_unique<PimcAgent>(options, agent_seed);
  std::string known;
  for (const char* n : kAgentNames) known += (known.empty() ? "" : ", ") + std::string(n);
  throw std::invalid_argument("unknown agent '" + name + "' (known: " + known + ")");
}

}  // namespace pamir::search
