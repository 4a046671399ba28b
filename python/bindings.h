#pragma once
// The Python module _pamir (module.cpp) is bound concept by concept: the game (game.cpp),
// agents and tournaments (agents.cpp), weight files (weights.cpp). It plays every game of the registry
// (games/registry.h), each reached through games::Game, chosen by its key (pamir.games()).

#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>

#include "games/game.h"

namespace pamir::python {

// A game as Python holds it: one position (which knows its game), copied by clone(). The
// class is the handle that Python's reference counting owns.
class Game {
 public:
  Game() = default;
  explicit Game(const games::Position& p) : position_(p) {}
  // A Game that Python makes without __init__ (Game.__new__(Game), a copyreg reconstruction
  // without its state) is allocated by pybind11 with this operator and never constructed: the
  // zeroed bytes read as a position of no game, "not initialised", instead of as garbage.
  static void* operator new(std::size_t size);
  static void operator delete(void* p) noexcept;

  bool initialised() const { return position_.valid(); }
  // The position; raise TypeError for a Game that was never initialised.
  const games::Position& position() const;
  games::Position& position();
  // The rules of its game.
  const games::Game& rules() const { return position().game(); }

 private:
  games::Position position_;
};

void bind_game(pybind11::module_& m);
void bind_agents(pybind11::module_& m);
void bind_weights(pybind11::module_& m);

// The game with that key; ValueError (one line) for an unknown one.
const games::Game& game_named(const std::string& key);

// Raises ValueError unless 0 <= seat < the game's seats; `what` names the argument.
void check_seat(const Game& g, int seat, const char* what = "seat");

}  // namespace pamir::python
