// A custom agent and a custom evaluator, registered by name so that pamir's tournaments,
// games and searches use them like the built-in ones:
//   greedy    picks the action after which the player's material (below) is largest
//   material  judges a search's leaves by every seat's material: ismcts:eval=material
// The program plays them against pamir's own agents in a 3-player tournament and prints the
// standings. Usage: custom_agent [games [agent spec...]]

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/queries.h"
#include "core/random.h"
#include "io/text.h"
#include "nets/register_evaluators.h"
#include "search/agent.h"
#include "search/evaluator_registry.h"
#include "search/evaluators.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"

namespace {

using namespace pamir;

// A seat's material in rough victory-point units: its points, then what wins points at later
// Dominance Checks (cards in court and hand, cylinders on the board, rupees to buy more).
// Public information only.
double material(const core::State& s, int seat) {
  return 3.0 * s.vp[seat] + s.court_len[seat] + 0.5 * core::hand_size(s, seat) +
         0.5 * core::cylinders_in_play(s, seat) + 0.25 * s.rupees[seat];
}

// One ply of lookahead on the true position. Applying an action may reveal a hidden card
// (a purchase refills the market from the deck), but material() reads only what every
// player sees, so the agent does not cheat.
class GreedyAgent final : public search::Agent {
 public:
  explicit GreedyAgent(core::u64 seed) : rng_(seed) {}

  core::Action choose(const core::State& s) override {
    const int me = core::to_move(s);
    std::array<core::Action, core::kMaxLegalActions> legal;
    const int n = core::legal_actions(s, legal.data());
    core::Action chosen = legal[0];
    double best = material_after(s, chosen, me);
    int ties = 1;
    for (int i = 1; i < n; ++i) {
      const double score = material_after(s, legal[i], me);
      if (score > best) {
        chosen = legal[i];
        best = score;
        ties = 1;
      } else if (score == best && core::random_below(rng_, ++ties) == 0) {
        chosen = legal[i];  // uniform over the tied actions
      }
    }
    return chosen;
  }
  std::string name() const override { return "greedy"; }

 private:
  static double material_after(const core::State& s, core::Action a, int seat) {
    core::State next = s;  // trivially copyable, 1 KB
    core::apply(next, a);
    return material(next, seat);
  }

  core::u64 rng_;
};

// Every seat's material turned into win shares by a softmax (temperature in material units);
// the prior over the actions is uniform.
class MaterialEvaluator final : public search::Evaluator {
 public:
  explicit MaterialEvaluator(double temperature) : temperature_(temperature) {}

  void evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) override {
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      const core::State& s = *leaves[i].state;
      std::array<double, core::kMaxPlayers> scores{};
      for (int p = 0; p < s.num_players; ++p) scores[p] = material(s, p) / temperature_;
      const double top = *std::max_element(scores.begin(), scores.begin() + s.num_players);
      double total = 0;
      for (int p = 0; p < s.num_players; ++p) total += scores[p] = std::exp(scores[p] - top);
      search::Values& values = *results[i].values;
      values = {};
      for (int p = 0; p < s.num_players; ++p) values[p] = float(scores[p] / total);
      search::uniform_prior(results[i].prior, leaves[i].num_legal);
    }
  }
  const char* name() const override { return "material"; }

 private:
  double temperature_;
};

void register_custom_agents() {
  search::register_agent("greedy", [](const std::string& argument, core::u64 seed) {
    if (!argument.empty())
      throw std::invalid_argument("agent 'greedy' takes no argument, got '" + argument + "'");
    return std::make_unique<GreedyAgent>(seed);
  });
  // "material" or "material:<temperature>".
  search::register_evaluator("material", [](const search::EvaluatorRequest& request) {
    const std::string& argument = request.argument;
    char* end = nullptr;
    const double temperature = argument.empty() ? 3.0 : std::strtod(argument.c_str(), &end);
    if (!(temperature > 0) || (end && *end))
      throw std::invalid_argument("evaluator 'material' needs a positive temperature, got '" + argument +
                                  "'");
    return std::make_unique<MaterialEvaluator>(temperature);
  });
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pamir;
  try {
    register_custom_agents();
    nets::register_net_evaluators();  // "best" and "net:<weights>", which live in pamir::nets

    tournament::TournamentConfig config;
    config.players = 3;
    config.games = 48;
    config.agents = {"greedy", "random", "heuristic", "ismcts:iters=100,eval=material"};
    config.threads = 0;  // every core
    if (argc > 1) {
      const std::optional<core::u64> games = io::parse_u64(argv[1]);
      if (!games || *games == 0)
        throw std::invalid_argument("games: a positive number, got " + io::quoted(argv[1]));
      config.games = long(*games);
    }
    if (argc > 2) config.agents.assign(argv + 2, argv + argc);

    std::string agents;
    for (const std::string& name : search::agent_names()) agents += (agents.empty() ? "" : ", ") + name;
    std::printf("agents: %s\n", agents.c_str());
    const tournament::TournamentResult result = tournament::run_tournament(config);
    const tournament::Standings standings =
        tournament::compute_standings(config.agents, config.players, result.games, std::nullopt, 0);
    std::printf("%ld games of %d players, Elo with the mean at 0:\n", standings.games, standings.players);
    std::printf("%-36s %6s %7s %8s\n", "agent", "Elo", "win %", "mean VP");
    for (const tournament::AgentStanding& agent : standings.agents)
      std::printf("%-36s %6.0f %7.1f %8.2f\n", agent.spec.c_str(), agent.rating.elo, 100 * agent.win_rate,
                  agent.mean_vp);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
