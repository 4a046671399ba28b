#include "cli/human_agent.h"

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "games/agent.h"
#include "io/text.h"

namespace pamir::cli {
namespace {

// The choice a line names among the legal actions (index into legal), or -1.
int parse_choice(const games::Game& game, const games::Position& p, const std::string& text,
                 const std::vector<games::Action>& legal) {
  const int n = int(legal.size());
  const bool by_id = !text.empty() && text[0] == '#';
  if (const auto number = io::parse_u64(by_id ? text.substr(1) : text)) {
    for (int i = 0; i < n; ++i)
      if (by_id ? legal[i] == *number : games::u64(i + 1) == *number) return i;
    return -1;
  }
  // A choice copied as listed: "tax 25 (Josiah Harlan)" names "tax 25".
  const std::string name = text.back() == ')' && text.find(" (") != std::string::npos
                               ? io::trim(text.substr(0, text.find(" (")))
                               : text;
  const int a = game.parse_action(p, name);
  for (int i = 0; i < n; ++i)
    if (legal[i] == a) return i;
  return -1;
}

constexpr const char* kHelp =
    "enter a choice's number, #<action id>, or its name as listed (\"tax 25\");\n"
    "  card <number or name>  what a card says (suit, rank, region, patriot, impacts, actions, ability)\n"
    "  show                   the position and your choices again\n"
    "  resign                 give up the game\n";

// "human": the person at this terminal (stdin and stdout).
const bool human_agent_registered = games::register_agent(
    "human",
    [](const games::Game& game, const std::string& argument, games::u64) -> std::unique_ptr<games::Agent> {
      if (!argument.empty())
        throw std::invalid_argument("human takes no options, got 'human:" + argument.substr(0, 40) + "'");
      return std::make_unique<HumanAgent>(game, std::cin, std::cout);
    });

}  // namespace

void HumanAgent::show(const games::Position& p, const std::vector<games::Action>& legal) const {
  const int seat = game_.to_move(p);
  out_ << "\n" << game_.describe_position(p);
  const std::string hand = game_.describe_hand(p, seat);
  out_ << "your hand (player " << seat << "): " << (hand.empty() ? "empty" : hand) << "\n";
  out_ << "your choices:\n";
  for (size_t i = 0; i < legal.size(); ++i)
    out_ << "  " << i + 1 << ". " << game_.describe_action(p, legal[i]) << "\n";
}

games::Action HumanAgent::choose(const games::Position& p) {
  const std::vector<games::Action> legal = game_.legal_actions(p);
  const int n = int(legal.size());
  show(p, legal);
  for (;;) {
    out_ << "choice (1-" << n << ", #id, a name, card N, show, help, resign)> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) throw games::AgentForfeit("human: the input ended");
    const std::string text = io::trim(line);
    if (text.empty()) continue;
    if (text == "resign") throw games::AgentForfeit("human: resigned");
    if (text == "show") {
      show(p, legal);
      continue;
    }
    if (text == "help") {
      out_ << kHelp;
      continue;
    }
    if (text.rfind("card ", 0) == 0) {
      const std::string card = game_.describe_card(io::trim(text.substr(5)));
      out_ << (card.empty() ? "no card is named " + io::quoted(io::trim(text.substr(5))) : card) << "\n";
      continue;
    }
    const int i = parse_choice(game_, p, text, legal);
    if (i >= 0) return legal[i];
    out_ << "not a legal choice: " << io::quoted(text) << " (enter a number from 1 to " << n
         << ", #<action id>, or an action's name as listed; help for more)\n";
  }
}

}  // namespace pamir::cli
