#pragma once
// The trained nets that ship with pamir, one per game and player count, in the repository's models/
// folder (models/README.md says how each was trained and how strong it is), as engines ship
// their nets. The evaluator spec "best" and the agent spec "best" use them without a path.

#include <array>
#include <memory>
#include <string>

#include "core/state.h"
#include "search/evaluator.h"

namespace pamir::nets::inline PAMIR_RULESET {

// Where the shipped nets are: $PAMIR_MODELS when set, else the first folder that exists of
// models/ beside the running program's folder (build/pamir -> models/), share/pamir/models
// there (an installed bin/pamir, wherever its prefix was moved) and share/pamir/models of the
// install prefix the build was configured with (a program linking the installed libraries);
// else the source tree's models/.
std::string models_dir();
// models_dir()/<game>-<players>p.weights (pamir-3p.weights, expanse-3p.weights).
std::string shipped_model_path(int players);

// The shipped net for the player count of the positions it is given, loaded on first use.
// A player count without a shipped net throws std::runtime_error with a one-line message.
class ShippedNetEvaluator final : public search::Evaluator {
 public:
  void evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) override;
  const char* name() const override { return "best"; }

 private:
  std::array<std::unique_ptr<search::Evaluator>, core::kMaxPlayers + 1> by_players_;
};

}  // namespace pamir::nets
