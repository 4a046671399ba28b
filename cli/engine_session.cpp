#include "cli/engine_session.h"

#include <iterator>
#include <sstream>
#include <stdexcept>

#include "core/actions.h"
#include "core/dominance.h"
#include "core/game.h"
#include "io/game_log.h"
#include "io/state_json.h"
#include "io/text.h"

namespace pamir::cli {
namespace {

// A failed command; its message becomes the single "error: " line.
struct SessionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr const char* kHelp[] = {
    "new [players=N] [seed=S]  start a new game (defaults: players=3, seed=1)",
    "load <json>               set the position from one line of JSON",
    "state                     the position as one line of JSON",
    "show                      a human-readable summary of the position",
    "legal                     one '<id> <name>' line per legal action",
    "do <id or name>           apply a legal action",
    "undo                      take back the last applied action",
    "to_move                   the seat to decide, or none",
    "result                    whether the game is over, VP and ranks",
    "help                      this list",
    "quit                      end the session",
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string joined(const int* values, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += " " + std::to_string(values[i]);
  return out;
}

}  // namespace

std::vector<std::string> EngineSession::handle(const std::string& raw) {
  const std::string line = trim(raw);
  if (line.empty() || line[0] == '#') return {};
  const auto space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string args = space == std::string::npos ? "" : trim(line.substr(space + 1));
  try {
    std::vector<std::string> out = run(command, args);
    out.push_back("ok");
    return out;
  } catch (const SessionError& e) {
    return {std::string("error: ") + e.what()};
  }
}

std::vector<std::string> EngineSession::run(const std::string& command, const std::string& args) {
  auto no_args = [&] {
    if (!args.empty()) throw SessionError(command + " takes no arguments");
  };
  auto game = [&]() -> core::State& {
    if (!state_) throw SessionError("no game: use new or load first");
    return *state_;
  };

  if (command == "new") {
    core::u64 players = 3, seed = 1;
    std::istringstream in(args);
    for (std::string word; in >> word;) {
      const auto eq = word.find('=');
      const std::string key = word.substr(0, eq), value = eq == std::string::npos ? "" : word.substr(eq + 1);
      core::u64* target = key == "players" ? &players : key == "seed" ? &seed : nullptr;
      if (!target || eq == std::string::npos) throw SessionError("new: expected players=N or seed=S, got '" + word + "'");
      const auto number = io::parse_u64(value);
      if (!number) throw SessionError("new: " + key + " must be an unsigned integer, got '" + value + "'");
      *target = *number;
    }
    if (players < core::kMinPlayers || players > core::kMaxPlayers)
      throw SessionError("new: players must be 2 to 5, got " + std::to_string(players));
    state_ = core::new_game(int(players), seed);
    history_.clear();
    return {};
  }
  if (command == "load") {
    if (args.empty()) throw SessionError("load: expected a JSON position on the same line");
    std::string reason;
    auto loaded = io::state_from_json(args, &reason);
    if (!loaded) throw SessionError("load: " + reason);
    state_ = *loaded;
    history_.clear();
    return {};
  }
  if (command == "state") {
    no_args();
    return {io::state_to_json(game())};
  }
  if (command == "show") {
    no_args();
    std::vector<std::string> out;
    std::istringstream text(io::describe_position(game()));
    for (std::string l; std::getline(text, l);) out.push_back(l);
    return out;
  }
  if (command == "legal") {
    no_args();
    const core::State& s = game();
    core::Action legal[core::kMaxLegalActions];
    const int n = core::legal_actions(s, legal);
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(std::to_string(legal[i]) + " " + core::action_name(s, legal[i]));
    return out;
  }
  if (command == "do") {
    core::State& s = game();
    if (args.empty()) throw SessionError("do: expected an action id or name");
    if (s.game_over()) throw SessionError("do: the game is over");
    const int a = core::parse_action(s, args);
    if (a < 0) throw SessionError("do: '" + args + "' is not a legal action here (see legal)");
    history_.push_back(s);
    core::apply(s, core::Action(a));
    return {};
  }
  if (command == "undo") {
    no_args();
    game();
    if (history_.empty()) throw SessionError("undo: nothing to undo");
    state_ = history_.back();
    history_.pop_back();
    return {};
  }
  if (command == "to_move") {
    no_args();
    const int p = core::to_move(game());
    return {"to_move " + (p == core::kNoPlayer ? std::string("none") : std::to_string(p))};
  }
  if (command == "result") {
    no_args();
    const core::State& s = game();
    const auto rank = core::final_ranks(s);
    int vp[core::kMaxPlayers];
    for (int p = 0; p < s.num_players; ++p) vp[p] = s.vp[p];
    return {std::string("over ") + (s.game_over() ? "yes" : "no"), "vp" + joined(vp, s.num_players),
            "ranks" + joined(rank.data(), s.num_players)};
  }
  if (command == "help") {
    no_args();
    return std::vector<std::string>(std::begin(kHelp), std::end(kHelp));
  }
  if (command == "quit") {
    no_args();
    finished_ = true;
    return {};
  }
  throw SessionError("unknown command '" + command + "' (try help)");
}

}  // namespace pamir::cli
