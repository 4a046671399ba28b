#pragma once
// The Python module _pamir (module.cpp) is bound concept by concept: the game (game.cpp),
// agents and tournaments (agents.cpp).

#include <pybind11/pybind11.h>

#include <cstddef>

#include "core/state.h"

namespace pamir::python {

// A game as Python holds it: one position, copied by clone(). The rules work on the State
// value directly; the class is the handle that Python's reference counting owns.
class Game {
 public:
  Game() = default;
  explicit Game(const core::State& s) : state_(s), initialised_(true) {}
  // A Game that Python makes without __init__ (Game.__new__(Game), a copyreg reconstruction
  // without its state) is allocated by pybind11 with this operator and never constructed: the
  // zeroed bytes read as "not initialised" instead of as a position of garbage.
  static void* operator new(std::size_t size);
  static void operator delete(void* p) noexcept;

  bool initialised() const { return initialised_; }
  // The position; raise TypeError for a Game that was never initialised.
  const core::State& state() const;
  core::State& state();

 private:
  core::State state_{};
  bool initialised_ = false;
};

void bind_game(pybind11::module_& m);
void bind_agents(pybind11::module_& m);

// Raises ValueError unless 0 <= seat < the game's seats; `what` names the argument.
void check_seat(const core::State& s, int seat, const char* what = "seat");

}  // namespace pamir::python
