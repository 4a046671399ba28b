#include "cli/engine_session.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "core/actions.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/world.h"
#include "io/game_log.h"
#include "io/observation.h"
#include "io/state_json.h"
#include "io/text.h"

namespace pamir::cli::inline PAMIR_RULESET {
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
    "go [spec] [iters=N|time=MS]  search: the action chosen, then the search's statistics",
    "observe [seat]            what seat (default: the one to move) knows, as one line of JSON",
    "sample [seat] [seed=S]    replace the position by a world seat cannot tell from it",
    "position <json>           an outside agent's message: load its world",
    "help                      this list",
    "quit                      end the session",
};

std::string joined(const int* values, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += " " + std::to_string(values[i]);
  return out;
}

// A seat named by a command's argument, or the player to move when there is none.
int seat_argument(const std::string& command, const std::string& word, const core::State& s) {
  if (word.empty()) {
    const int p = core::to_move(s);
    if (p == core::kNoPlayer) throw SessionError(command + ": the game is over: name a seat");
    return p;
  }
  const auto seat = io::parse_u64(word);
  if (!seat || *seat >= core::u64(s.num_players))
    throw SessionError(command + ": seat must be 0 to " + std::to_string(s.num_players - 1) + ", got '" + word + "'");
  return int(*seat);
}

// The spec a go searches with: the one named (else the default), its budget replaced by
// iters=N or time=MS when given.
std::string go_spec(const std::string& args, const std::string& default_agent) {
  std::string spec, budget;
  std::istringstream in(args);
  for (std::string word; in >> word;) {
    const bool iters = word.rfind("iters=", 0) == 0, time = word.rfind("time=", 0) == 0;
    if (!iters && !time) {
      if (!spec.empty()) throw SessionError("go: expected one agent spec, got '" + spec + "' and '" + word + "'");
      spec = word;
      continue;
    }
    if (!budget.empty()) throw SessionError("go: give one of iters=N and time=MS");
    const std::string value = word.substr(iters ? 6 : 5);
    const auto number = io::parse_u64(value);
    if (!number || *number < 1 || *number > 10000000)
      throw SessionError("go: " + word.substr(0, iters ? 5 : 4) + " must be a whole number from 1 to 10000000, got '" +
                         value + "'");
    budget = iters ? "iters=" + std::to_string(*number) + ",time=0"
                   : "iters=0,time=" + std::to_string(double(*number) / 1000);
  }
  if (spec.empty()) spec = default_agent;
  if (!budget.empty()) spec += (spec.find(':') == std::string::npos ? ":" : ",") + budget;
  return spec;
}

std::string fixed3(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", v);
  return text;
}

}  // namespace

std::vector<std::string> EngineSession::handle(const std::string& raw) {
  const std::string line = io::trim(raw);
  if (line.empty() || line[0] == '#') return {};
  const auto space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string args = space == std::string::npos ? "" : io::trim(line.substr(space + 1));
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
      throw SessionError("new: players must be " + io::seat_range() + ", got " + std::to_string(players));
    replace_position(core::new_game(int(players), seed));
    return {};
  }
  if (command == "load") {
    if (args.empty()) throw SessionError("load: expected a JSON position on the same line");
    std::string reason;
    auto loaded = io::state_from_json(args, &reason);
    if (!loaded) throw SessionError("load: " + reason);
    replace_position(*loaded);
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
  if (command == "go") return go(args);
  if (command == "observe") {
    const core::State& s = game();
    if (args.find(' ') != std::string::npos) throw SessionError("observe: expected at most a seat");
    return {io::observation_to_json(s, seat_argument("observe", args, s))};
  }
  if (command == "sample") {
    const core::State& s = game();
    std::string seat_word;
    core::u64 seed = 1;
    std::istringstream in(args);
    for (std::string word; in >> word;) {
      if (word.rfind("seed=", 0) == 0) {
        const auto number = io::parse_u64(word.substr(5));
        if (!number) throw SessionError("sample: seed must be an unsigned integer, got '" + word.substr(5) + "'");
        seed = *number;
      } else if (seat_word.empty()) {
        seat_word = word;
      } else {
        throw SessionError("sample: expected [seat] [seed=S], got '" + word + "'");
      }
    }
    const int seat = seat_argument("sample", seat_word, s);
    replace_position(core::sample_world(s, seat, seed));
    return {};
  }
  if (command == "position") {
    if (args.empty()) throw SessionError("position: expected an agent message (JSON) on the same line");
    std::string reason;
    auto world = io::world_from_position_message(args, &reason);
    if (!world) throw SessionError("position: " + reason);
    replace_position(*world);
    return {};
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

void EngineSession::replace_position(const core::State& s) {
  state_ = s;
  history_.clear();  // undo never goes back past a position that was set
}

std::vector<std::string> EngineSession::go(const std::string& args) {
  if (!state_) throw SessionError("no game: use new or load first");
  const core::State& s = *state_;
  if (s.game_over()) throw SessionError("go: the game is over");
  const std::string spec = go_spec(args, default_agent_);
  if (!agent_ || spec != agent_spec_) {
    try {
      agent_ = search::make_agent(spec, 0);
    } catch (const std::invalid_argument& e) {
      throw SessionError(std::string("go: ") + e.what());
    }
    agent_spec_ = spec;
  }
  core::Action a;
  try {
    a = agent_->choose(s);
  } catch (const std::exception& e) {  // an outside agent's failure, for one
    agent_.reset();
    throw SessionError(std::string("go: ") + e.what());
  }
  if (!core::is_legal(s, a)) throw SessionError("go: agent " + spec + " chose illegal action " + std::to_string(a));
  std::vector<std::string> out{"action " + std::to_string(a) + " " + core::action_name(s, a)};
  search::SearchStats stats;
  if (!agent_->last_search(stats)) return out;
  out.push_back("iterations " + std::to_string(stats.iterations));
  std::string values = "values";
  for (int p = 0; p < s.num_players; ++p) values += " " + fixed3(stats.values[p]);
  out.push_back(values);
  // The most visited moves first (ties: action order), as many as kShownMoves.
  constexpr size_t kShownMoves = 5;
  std::stable_sort(stats.moves.begin(), stats.moves.end(),
                   [](const search::RootMove& x, const search::RootMove& y) { return x.visits > y.visits; });
  for (size_t i = 0; i < stats.moves.size() && i < kShownMoves; ++i) {
    const search::RootMove& m = stats.moves[i];
    out.push_back("move " + std::to_string(m.action) + " visits " + std::to_string(m.visits) + " value " +
                  fixed3(m.value) + " prior " + fixed3(m.prior) + " " + core::action_name(s, m.action));
  }
  return out;
}

}  // namespace pamir::cli
