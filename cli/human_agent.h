#pragma once
// The agent "human": a person at the terminal, in `pamir play` (any game seats it:
// games::register_agent). Before each of the seat's decisions it shows the position
// (games::Game::describe_position, with the seat's hand) and the legal actions numbered 1..n,
// and reads a choice: a number from that list, an action id ("#813") or an action's name. Bad
// input is refused with a reason and asked again; "show" prints the position again, "resign"
// or the end of input forfeits (games::AgentForfeit).

#include <iosfwd>
#include <string>
#include <vector>

#include "games/game.h"

namespace pamir::cli {

class HumanAgent final : public games::Agent {
 public:
  HumanAgent(const games::Game& game, std::istream& in, std::ostream& out)
      : game_(game), in_(in), out_(out) {}
  games::Action choose(const games::Position& p) override;
  std::string name() const override { return "human"; }

 private:
  void show(const games::Position& p, const std::vector<games::Action>& legal) const;

  const games::Game& game_;
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace pamir::cli
