#pragma once
// The game a board view shows (`pamir serve`, docs/board.md): a replay of a stored game, or a
// game played between the person at the page and agents. Everything the page draws comes
// from here as JSON, so the HTTP layer (web/board_server.h) only routes, and tests drive a
// session without a server. Not thread-safe: the server serialises calls.

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"
#include "search/agent.h"

namespace pamir::web {

using Json = nlohmann::ordered_json;

// The seat spec of the person at the page.
inline constexpr const char* kHumanSpec = "human";

struct NewGame {
  int players = 2;
  core::u64 seed = 1;
  // One spec per seat: an agent's (search::make_agent), "wakhan", or kHumanSpec.
  std::vector<std::string> agents;
};

class BoardSession {
 public:
  // Shows game `index` of a file of games (a record, or a tournament's games.jsonl; -1: the
  // file's first game). Throws std::runtime_error with a one-line reason; the session then
  // still shows what it showed before.
  void open(const std::string& path, long index);
  // Starts a game. Agents play until the first decision of a human seat (or to the end when
  // no seat is human). Throws std::invalid_argument (one line) for a bad spec or count.
  void start(const NewGame& game);
  // The human seat's decision at the end of the game, then the agents' until the next human
  // decision. Throws std::invalid_argument when no human is to move or id is not the id of a
  // legal action (a long, so that the page's out-of-range numbers are refused, not wrapped).
  void act(long id);
  // Takes back the last human decision and the agents' decisions after it. Throws
  // std::invalid_argument when there is none.
  void undo();

  // The position after `step` decisions (clamped; -1: the last) with everything the page
  // draws: mode, seats, the position (in a game being played, as the human seat sees it:
  // io::observation_to_json), rulers, influence, the log with consequences, the legal actions
  // (with the card, region or border each refers to), and the standing.
  Json view(int step) const;
  // The games of the file last opened: index, agents, ranks ([] when none opened).
  Json games() const { return games_; }
  // Regions, borders, cards, suits and coalitions, and the agent names, for the page.
  static Json ruleset();

 private:
  void play_agents();
  int human_to_move() const;  // the seat, or kNoPlayer
  bool playing() const { return mode_ == "play"; }

  std::string mode_ = "none";  // "none", "replay", "play"
  std::string title_;
  std::string file_;  // the file a replay came from
  std::vector<std::string> agents_;                    // spec per seat
  std::vector<std::unique_ptr<search::Agent>> bots_;   // per seat; null for human and Wakhan seats
  std::vector<core::Action> actions_;
  std::vector<core::State> positions_;  // positions_[i]: before decision i; back(): now
  std::string stopped_;                 // why a game stopped before its end (a forfeit, the cap)
  Json games_ = Json::array();
};

}  // namespace pamir::web
