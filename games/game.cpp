#include "games/game.h"

#include <cassert>
#include <cstring>

namespace pamir::games {

bool Position::operator==(const Position& o) const {
  return game_ == o.game_ && std::memcmp(bytes_, o.bytes_, sizeof bytes_) == 0;
}

std::string Game::seat_range() const {
  return std::to_string(min_players()) + " to " + std::to_string(max_players());
}

std::vector<Action> Game::legal_actions(const Position& p) const {
  std::vector<Action> out(max_legal_actions());
  out.resize(legal_actions(p, out.data()));
  return out;
}

io::GameFacts Game::facts() const {
  return {key(), name(), min_players(), max_players(), num_actions(), automaton(), automaton_max_players()};
}

Position Game::make_position(const void* state, std::size_t bytes) const {
  assert(bytes <= kMaxStateBytes);
  Position p;
  p.game_ = this;
  std::memcpy(p.bytes_, state, bytes);
  return p;
}

}  // namespace pamir::games
