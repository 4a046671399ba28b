#pragma once
// Agents any game can seat, made outside the games' own code: an outside program
// (cli/external_agent.h), a person at the terminal (cli/human_agent.h). A program registers
// such an agent by name; games::Game::make_agent finds it before the game's own search
// agents. And what ends an agent's game early: a forfeit.

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"

namespace pamir::games {

// Thrown by an agent that cannot give a move: an outside program that crashed, timed out or
// answered nonsense, or a person who resigned. The game ends there with that seat last (a
// loss) instead of stopping a whole tournament; what() is the one-line reason.
struct AgentForfeit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Makes an agent for a game from the text after "name:" in its spec (empty when there is
// none) and the agent's seed; throws std::invalid_argument with a one-line reason.
using AgentMaker =
    std::function<std::unique_ptr<Agent>(const Game& game, const std::string& argument, u64 seed)>;

// Adds (or replaces) a named agent every game seats. Returns true so that it can initialise
// a static.
bool register_agent(const std::string& name, AgentMaker maker);
// The maker registered under the name, or an empty function.
AgentMaker find_agent(const std::string& name);
// The names registered, sorted.
std::vector<std::string> registered_agent_names();

// Splits a comma-separated list of agent specs. Specs carry their own comma-separated options,
// so a piece "key=value" (an '=' before any ':') continues the previous spec:
// "ismcts:iters=100,eval=net:a.pt,random" is two specs.
std::vector<std::string> split_agent_specs(const std::string& text);

}  // namespace pamir::games
