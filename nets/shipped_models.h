#pragma once
// The trained nets that ship with pamir, one per game and player count, in the repository's models/
// folder (models/README.md says how each was trained and how strong it is), as engines ship
// their nets. The evaluator spec "best" and the agent spec "best" use them without a path.

#include <string>
#include <string_view>

namespace pamir::nets {

// Where the shipped nets are: $PAMIR_MODELS when set, else the first folder that exists of
// models/ beside the running program's folder (build/pamir -> models/), share/pamir/models
// there (an installed bin/pamir, wherever its prefix was moved) and share/pamir/models of the
// install prefix the build was configured with (a program linking the installed libraries);
// else the source tree's models/.
std::string models_dir();
// models_dir()/<game>-<players>p.weights (pamir-3p.weights, ...).
std::string shipped_model_path(std::string_view game, int players);

}  // namespace pamir::nets
