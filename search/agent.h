#pragma once
// Agents: anything that picks an action for the player to move. Built from a spec string
// "name:key=value,key=value" (e.g. "random", "random:seed=3").

#include <memory>
#include <string>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::search {

class Agent {
 public:
  virtual ~Agent() = default;
  // Picks a legal action for core::to_move(s). Not thread-safe: one agent per game thread.
  virtual core::Action choose(const core::State& s) = 0;
  virtual std::string name() const = 0;
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

// Builds an agent from a spec; throws std::invalid_argument with a one-line reason for an
// unknown name or option. seed is mixed into the agent's own seed so seats differ.
std::unique_ptr<Agent> make_agent(const std::string& spec, core::u64 seed);

}  // namespace pamir::search
