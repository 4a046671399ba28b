#pragma once
// The agent "human" of `pamir play`: a person at the terminal. Before each of the seat's
// decisions it shows the position (io::describe_position, with the seat's hand) and the
// legal actions numbered 1..n, and reads a choice: a number from that list, an action id
// ("#813") or an action's name. Bad input is refused with a reason and asked again; "show"
// prints the position again, "resign" or the end of input forfeits (search::AgentForfeit).

#include <iosfwd>

#include "search/agent.h"

namespace pamir::cli::inline PAMIR_RULESET {

class HumanAgent final : public search::Agent {
 public:
  HumanAgent(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
  core::Action choose(const core::State& s) override;
  std::string name() const override { return "human"; }

 private:
  void show(const core::State& s, const core::Action* legal, int n) const;

  std::istream& in_;
  std::ostream& out_;
};

}  // namespace pamir::cli
