#pragma once
// Agents: anything that picks an action for the player to move. Built from a spec string
// "name:key=value,key=value" (e.g. "random", "ismcts:iters=800,c=1.0,eval=rollout"); the
// search agents' options are listed by search::options_help() (options.h).

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"
#include "search/evaluator.h"

namespace pamir::search::inline PAMIR_RULESET {

// One root move with its statistics after a search.
struct RootMove {
  core::Action action;
  int visits;
  float value;  // mean value for the player to move at the root (0 when unvisited)
  float prior;
};

// What a search saw in its last decision (the engine's go prints it).
struct SearchStats {
  int iterations = 0;
  Values values{};                                // the root's mean value per seat (seat order)
  std::vector<RootMove> moves;                    // the root's moves, in action order
  std::vector<core::Action> principal_variation;  // the most visited line from the root
};

class Agent {
 public:
  virtual ~Agent() = default;
  // Picks a legal action for core::to_move(s). s is the true position; only agents that are
  // documented as cheating (mcts) read what the player to move cannot see. Not thread-safe:
  // one agent per game thread.
  virtual core::Action choose(const core::State& s) = 0;
  virtual std::string name() const = 0;
  // The statistics of the last decision, for agents that search; false for the others.
  virtual bool last_search(SearchStats& out) const {
    (void)out;
    return false;
  }
};

// Uniformly random over the legal actions; seeded, so a game is reproducible.
class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(core::u64 seed) : rng_(seed) {}
  core::Action choose(const core::State& s) override;
  std::string name() const override { return "random"; }

 private:
  core::u64 rng_;
};

// "best" is ISMCTS with the shipped net for the game's player count (evaluator "best",
// models/README.md) at the settings it was measured with; options given after it
// ("best:iters=400") override these. 1,600 iterations: against Wakhan the 2-player net of
// 2026-12-01 won 0.83 of games at 400 and 0.90 at 1,600 (docs/training.md), for about 7 ms
// of processor time a decision (`pamir bench`, 2026-12-06: 238,230 iterations per processor
// second at the 2-player opening; the 20 ms once given here counted the net's loading inside
// each game's first search). With the nets of 2026-12-06, 3,200 iterations won no more
// of 1,000 deals against Wakhan than 1,600 (docs/history/models.md), so the default stays.
// stall=6 (search/stall.h): at equal time against heuristic ISMCTS, 400 games without it had
// five games stalled for 245 to 959 turns at a lead and one capped; 400 with it, none capped,
// and `best` won 0.890 (docs/history/models.md, "Stalled games").
constexpr const char* kBestAgentOptions = "iters=1600,c=1.5,batch=4,hmix=0.5,stall=6,eval=best";

// Makes an agent from the text after "name:" in its spec (empty when there is none) and the
// agent's own seed; throws std::invalid_argument with a one-line reason for a bad argument.
using AgentFactory = std::function<std::unique_ptr<Agent>(const std::string& argument, core::u64 seed)>;

// Adds (or replaces) a named agent of this game, so that a program built on pamir plays its own
// searches in play, tournaments and matches by spec (games::Game::make_agent finds them). The
// built-in ones (random, heuristic, mcts, pimc, ismcts, best) are always there; agents any
// game seats (an outside program, a person) register with games::register_agent instead.
// Returns true so that it can initialize a static.
bool register_agent(const std::string& name, AgentFactory factory);

// The names make_agent knows, sorted.
std::vector<std::string> agent_names();
// "unknown agent 'NAME' (known: a, b, ...; the engine's own seat: wakhan)": the one message
// for a name no registry knows, with the rules' automaton where the game has one.
std::string unknown_agent_message(const std::string& name, const std::vector<std::string>& known);

// Builds an agent from a spec; throws std::invalid_argument with a one-line reason for an
// unknown name or option. seed is mixed into the agent's own seed so seats differ.
std::unique_ptr<Agent> make_agent(const std::string& spec, core::u64 seed);

}  // namespace pamir::search::inline PAMIR_RULESET
