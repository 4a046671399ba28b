#pragma once
// The `pamir engine` line protocol (docs/engine-protocol.md), as a class that takes one
// input line and returns the output lines, so tests drive it without a process. It plays one
// game (games::Game), the one `pamir engine --game` names.
//
// Framing: every command is answered by zero or more data lines followed by exactly one
// status line, either "ok" or "error: <reason>". A failed command prints only its error
// line and leaves the session unchanged. Blank lines and lines starting with '#' are
// ignored (no answer).
//
// Commands (players are seats 0..N-1; actions are ids or readable names):
//   new [players=N] [seed=S]  start a new game (defaults: players=3, seed=1)
//   load <json>               set the position from one-line JSON (docs/state-format.md)
//   state                     the position as one line of JSON
//   show                      a human-readable summary of the position
//   legal                     one "<id> <name>" line per legal action, in id order
//   do <id or name>           apply a legal action
//   undo                      go back one applied action (new and load clear the history)
//   to_move                   "to_move <seat>", or "to_move none" when the game is over
//   result                    "over yes|no", "vp <v0> <v1> ...", "ranks <r0> <r1> ..."
//                             (rank 0 is first; ties share a rank)
//   go [spec] [iters=N|time=MS] [json]  search and answer "action <id> <name>", then (search
//                             agents) "iterations <n>", "values <v0> ...", and "move <id> visits
//                             <n> value <v> prior <p> <name>" for the most visited moves; with
//                             json, all of it as one line (games/analysis.h); the position does
//                             not change
//   observe [seat]            what seat (default: the one to move) knows, as one line of JSON
//   sample [seat] [seed=S]    replace the position by a world seat cannot tell from it
//   position <json>           an outside agent's message (io/observation.h): load its world
//   help                      the command list
//   quit                      end the session
// Before the first new or load, commands that need a position answer an error.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"

namespace pamir::cli {

class EngineSession {
 public:
  // go without a spec searches with default_agent (`pamir engine --agent`).
  explicit EngineSession(const games::Game& game, std::string default_agent = "best")
      : game_(game), default_agent_(std::move(default_agent)) {}
  // Answers one input line (without its newline).
  std::vector<std::string> handle(const std::string& line);
  // True once quit has been answered.
  bool finished() const { return finished_; }
  // The current position, or null before the first new or load.
  const games::Position* position() const { return position_ ? &*position_ : nullptr; }

 private:
  std::vector<std::string> run(const std::string& command, const std::string& args);
  std::vector<std::string> go(const std::string& args);
  // new, load, sample and position: a new position, with a fresh undo history.
  void replace_position(const games::Position& p);

  const games::Game& game_;
  std::optional<games::Position> position_;
  std::vector<games::Position> history_;  // positions before each applied action, for undo
  bool finished_ = false;
  std::string default_agent_;
  // The agent of the last go, kept while go asks for the same spec (a search may reuse its tree).
  std::string agent_spec_;
  std::unique_ptr<games::Agent> agent_;
};

}  // namespace pamir::cli
