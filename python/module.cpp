// The extension module _pamir, which the package pamir (python/pamir/__init__.py) re-exports.
// Each game registers its own net evaluators ("best", "eval=net:<file>") when the registry
// makes it (games/ruleset_game.cpp).

#include <pybind11/pybind11.h>

#include <string>

#include "games/registry.h"
#include "python/bindings.h"

PYBIND11_MODULE(_pamir, m) {
  std::string names;
  for (const pamir::games::Game* g : pamir::games::all_games())
    names += (names.empty() ? "" : ", ") + std::string(g->name());
  m.doc() = "pamir: the rules engines of " + names + ", agents and tournaments (docs/python.md)";
  pamir::python::bind_game(m);
  pamir::python::bind_agents(m);
  pamir::python::bind_weights(m);
}
