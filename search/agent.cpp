#include "search/agent.h"

#include <sstream>
#include <stdexcept>

#include "core/game.h"
#include "core/random.h"
#include "io/name_registry.h"
#include "search/options.h"
#include "search/search_agents.h"

namespace pamir::search::inline PAMIR_RULESET {

core::Action RandomAgent::choose(const core::State& s) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  return legal[core::random_below(rng_, n)];
}

namespace {
// Agents that do not search take only the seed of the option table.
void only_seed(const std::string& agent, const std::string& text) {
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const std::string key = item.substr(0, item.find('='));
    if (key != "seed")
      throw std::invalid_argument("option '" + key + "' does not apply to " + agent + " (only seed)");
  }
}

// The search agents' options, parsed from a spec's argument; a search option's "seed" shifts
// the agent's stream (seed is the one make_agent derived from the game's seed).
core::u64 shifted_seed(const SearchOptions& options, core::u64 seed) {
  return seed + options.seed * 0xD1B54A32D192ED03ull;
}

template <class A>
AgentFactory simple_agent(const char* name) {
  return [name](const std::string& argument, core::u64 seed) -> std::unique_ptr<Agent> {
    only_seed(name, argument);
    SearchOptions options;
    parse_options(name, argument, options);
    return std::make_unique<A>(shifted_seed(options, seed));
  };
}

// mcts searches the true position; ismcts and best sample worlds. best starts from the
// settings it was measured with (kBestAgentOptions) and takes the spec's options on top.
AgentFactory tree_search_agent(const char* name, WorldModel model, const char* base_options) {
  return [name, model, base_options](const std::string& argument, core::u64 seed) -> std::unique_ptr<Agent> {
    const std::string table = base_options ? "ismcts" : name;
    SearchOptions options;
    if (base_options) parse_options(table, base_options, options);
    parse_options(table, argument, options);
    return std::make_unique<TreeSearchAgent>(name, options, model, shifted_seed(options, seed));
  };
}

io::NameRegistry<AgentFactory>& agent_registry() {
  static io::NameRegistry<AgentFactory> r({
      {"random", simple_agent<RandomAgent>("random")},
      {"heuristic", simple_agent<HeuristicAgent>("heuristic")},
      {"mcts", tree_search_agent("mcts", WorldModel::kTrueState, nullptr)},
      {"ismcts", tree_search_agent("ismcts", WorldModel::kSampledWorlds, nullptr)},
      {"best", tree_search_agent("best", WorldModel::kSampledWorlds, kBestAgentOptions)},
      {"pimc",
       [](const std::string& argument, core::u64 seed) -> std::unique_ptr<Agent> {
         SearchOptions options;
         parse_options("pimc", argument, options);
         return std::make_unique<PimcAgent>(options, shifted_seed(options, seed));
       }},
  });
  return r;
}

}  // namespace

bool register_agent(const std::string& name, AgentFactory factory) {
  return agent_registry().add(name, std::move(factory));
}

std::vector<std::string> agent_names() { return agent_registry().names(); }

std::string unknown_agent_message(const std::string& name, const std::vector<std::string>& known) {
  std::string list;
  for (const std::string& n : known) list += (list.empty() ? "" : ", ") + n;
  // The rules' automaton takes a seat by name too, though the engine plays her.
  if (core::kAutomaton) list += std::string("; the engine's own seat: ") + core::kAutomaton;
  return "unknown agent '" + name.substr(0, 40) + "' (known: " + list + ")";
}

std::unique_ptr<Agent> make_agent(const std::string& spec, core::u64 seed) {
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string argument = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (core::kAutomaton && spec == core::kAutomaton)
    throw std::invalid_argument(spec + " is a seat, not an agent: the engine plays her");
  const AgentFactory factory = agent_registry().find(name);
  if (!factory) throw std::invalid_argument(unknown_agent_message(name, agent_names()));
  // Seats get different streams from the game's seed.
  return factory(argument, seed * 0x9E3779B97F4A7C15ull + 1);
}

}  // namespace pamir::search::inline PAMIR_RULESET
