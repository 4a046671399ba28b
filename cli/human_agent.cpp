#include "cli/human_agent.h"

#include <istream>
#include <ostream>
#include <string>

#include "core/actions.h"
#include "core/cards.h"
#include "core/game.h"
#include "io/game_log.h"
#include "io/text.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

// The choice a line names among the n legal actions (index into legal), or -1.
int parse_choice(const core::State& s, const std::string& text, const core::Action* legal, int n) {
  const bool by_id = !text.empty() && text[0] == '#';
  if (const auto number = io::parse_u64(by_id ? text.substr(1) : text)) {
    for (int i = 0; i < n; ++i)
      if (by_id ? legal[i] == *number : core::u64(i + 1) == *number) return i;
    return -1;
  }
  const int a = core::parse_action(s, text);
  for (int i = 0; i < n; ++i)
    if (legal[i] == a) return i;
  return -1;
}

}  // namespace

void HumanAgent::show(const core::State& s, const core::Action* legal, int n) const {
  const int p = core::to_move(s);
  out_ << "\n" << io::describe_position(s);
  std::string hand;
  for (int c = 1; c <= core::kNumCards; ++c)
    if (s.card_loc[c] == core::Loc::kHand + p) {
      // Appended piece by piece: GCC's LTO warns (wrongly) on the temporary of a chained +.
      hand += hand.empty() ? " " : ", ";
      hand += std::to_string(c);
      hand += ' ';
      hand += core::card_name(c);
    }
  out_ << "your hand (player " << p << "):" << (hand.empty() ? " empty" : hand) << "\n";
  out_ << "your choices:\n";
  for (int i = 0; i < n; ++i) out_ << "  " << i + 1 << ". " << core::action_name(s, legal[i]) << "\n";
}

core::Action HumanAgent::choose(const core::State& s) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(s, legal);
  show(s, legal, n);
  for (;;) {
    out_ << "choice (1-" << n << ", #id, a name, show, resign)> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) throw search::AgentForfeit("human: the input ended");
    const std::string text = io::trim(line);
    if (text.empty()) continue;
    if (text == "resign") throw search::AgentForfeit("human: resigned");
    if (text == "show") {
      show(s, legal, n);
      continue;
    }
    const int i = parse_choice(s, text, legal, n);
    if (i >= 0) return legal[i];
    out_ << "not a legal choice: " << io::quoted(text) << " (enter a number from 1 to " << n
         << ", #<action id>, or an action's name as listed)\n";
  }
}

}  // namespace pamir::cli
