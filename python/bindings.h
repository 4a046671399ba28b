#pragma once
// The Python module _pamir (module.cpp) is bound concept by concept: the game (game.cpp),
// agents and tournaments (agents.cpp).

#include <pybind11/pybind11.h>

#include "core/state.h"

namespace pamir::python {

// A game as Python holds it: one position, copied by clone(). The rules work on the State
// value directly; the class is the handle that Python's reference counting owns.
struct Game {
  core::State state;
};

void bind_game(pybind11::module_& m);
void bind_agents(pybind11::module_& m);

// Raises ValueError unless 0 <= seat < the game's seats; `what` names the argument.
void check_seat(const core::State& s, int seat, const char* what = "seat");

}  // namespace pamir::python
