// `pamir agents`: lists the agents make_agent builds, the search options (from the one option
// table) and the evaluators.

#include <cstdio>
#include <string>

#include "cli/command.h"
#include "search/agent.h"
#include "search/evaluator_registry.h"
#include "search/options.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the agents, their options and the evaluators");
  cmd->callback([] {
    std::string agents, evaluators;
    for (const std::string& name : search::agent_names()) agents += (agents.empty() ? "" : ", ") + std::string(name);
    for (const std::string& name : search::evaluator_names()) evaluators += (evaluators.empty() ? "" : ", ") + name;
    std::printf("agents: %s\n", agents.c_str());
    std::printf("spec: name[:option=value,...], e.g. ismcts:iters=800,c=1.5,eval=rollout\n");
    std::printf("options of mcts, pimc and ismcts (random and heuristic take only seed):\n%s",
                search::options_help().c_str());
    std::printf("best: ismcts with the shipped net for the game's player count (models/README.md), options %s\n",
                search::kBestAgentOptions);
    std::printf("human: a person at the terminal chooses (cli/human_agent.h)\n");
    std::printf("external:<command>: an outside program that answers the engine protocol's position and go "
                "(docs/engine-protocol.md, \"Outside agents\")\n");
    std::printf("evaluators: %s\n", evaluators.c_str());
  });
});

}  // namespace
}  // namespace pamir::cli
