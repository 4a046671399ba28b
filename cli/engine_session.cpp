#include "cli/engine_session.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "games/analysis.h"
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
    "go [spec] [iters=N|time=MS] [json]  search: the action chosen, then the search's statistics (json: one "
    "line)",
    "observe [seat]            what seat (default: the one to move) knows, as one line of JSON",
    "sample [seat] [seed=S]    replace the position by a world seat cannot tell from it",
    "position <json>           an outside agent's message: load its world",
    "help                      this list",
    "quit                      end the session",
};

std::string joined(const std::vector<int>& values) {
  std::string out;
  for (const int v : values) out += " " + std::to_string(v);
  return out;
}

// A seat named by a command's argument, or the player to move when there is none.
int seat_argument(const games::Game& game, const std::string& command, const std::string& word,
                  const games::Position& p) {
  if (word.empty()) {
    const int seat = game.to_move(p);
    if (seat == games::kNoSeat) throw SessionError(command + ": the game is over: name a seat");
    return seat;
  }
  const int players = game.num_players(p);
  const auto seat = io::parse_u64(word);
  if (!seat || *seat >= games::u64(players))
    throw SessionError(command + ": seat must be 0 to " + std::to_string(players - 1) + ", got '" + word +
                       "'");
  return int(*seat);
}

// What a go asks for: the spec it searches with (the one named, else the default, its
// budget replaced by iters=N or time=MS when given) and whether it answers in JSON.
struct GoRequest {
  std::string spec;
  bool json = false;
};

GoRequest parse_go(const std::string& args, const std::string& default_agent) {
  std::string spec, budget;
  bool json = false;
  std::istringstream in(args);
  for (std::string word; in >> word;) {
    if (word == "json") {
      json = true;
      continue;
    }
    const bool iters = word.rfind("iters=", 0) == 0, time = word.rfind("time=", 0) == 0;
    if (!iters && !time) {
      if (!spec.empty())
        throw SessionError("go: expected one agent spec, got '" + spec + "' and '" + word + "'");
      spec = word;
      continue;
    }
    if (!budget.empty()) throw SessionError("go: give one of iters=N and time=MS");
    const std::string value = word.substr(iters ? 6 : 5);
    const auto number = io::parse_u64(value);
    if (!number || *number < 1 || *number > 10000000)
      throw SessionError("go: " + word.substr(0, iters ? 5 : 4) +
                         " must be a whole number from 1 to 10000000, got '" + value + "'");
    budget = iters ? "iters=" + std::to_string(*number) + ",time=0"
                   : "iters=0,time=" + std::to_string(double(*number) / 1000);
  }
  if (spec.empty()) spec = default_agent;
  if (!budget.empty()) spec += (spec.find(':') == std::string::npos ? ":" : ",") + budget;
  return {spec, json};
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
  auto position = [&]() -> games::Position& {
    if (!position_) throw SessionError("no game: use new or load first");
    return *position_;
  };

  if (command == "new") {
    games::u64 players = 3, seed = 1;
    std::istringstream in(args);
    for (std::string word; in >> word;) {
      const auto eq = word.find('=');
      const std::string key = word.substr(0, eq), value = eq == std::string::npos ? "" : word.substr(eq + 1);
      games::u64* target = key == "players" ? &players : key == "seed" ? &seed : nullptr;
      if (!target || eq == std::string::npos)
        throw SessionError("new: expected players=N or seed=S, got '" + word + "'");
      const auto number = io::parse_u64(value);
      if (!number) throw SessionError("new: " + key + " must be an unsigned integer, got '" + value + "'");
      *target = *number;
    }
    if (players < games::u64(game_.min_players()) || players > games::u64(game_.max_players()))
      throw SessionError("new: players must be " + game_.seat_range() + ", got " + std::to_string(players));
    replace_position(game_.new_game(int(players), seed));
    return {};
  }
  if (command == "load") {
    if (args.empty()) throw SessionError("load: expected a JSON position on the same line");
    std::string reason;
    auto loaded = game_.position_from_json(args, &reason);
    if (!loaded) throw SessionError("load: " + reason);
    replace_position(*loaded);
    return {};
  }
  if (command == "state") {
    no_args();
    return {game_.position_json(position())};
  }
  if (command == "show") {
    no_args();
    std::vector<std::string> out;
    std::istringstream text(game_.describe_position(position()));
    for (std::string l; std::getline(text, l);) out.push_back(l);
    return out;
  }
  if (command == "legal") {
    no_args();
    const games::Position& p = position();
    std::vector<std::string> out;
    for (const games::Action a : game_.legal_actions(p))
      out.push_back(std::to_string(a) + " " + game_.action_name(p, a));
    return out;
  }
  if (command == "do") {
    games::Position& p = position();
    if (args.empty()) throw SessionError("do: expected an action id or name");
    if (game_.over(p)) throw SessionError("do: the game is over");
    const int a = game_.parse_action(p, args);
    if (a < 0) throw SessionError("do: '" + args + "' is not a legal action here (see legal)");
    history_.push_back(p);
    game_.apply(p, games::Action(a));
    return {};
  }
  if (command == "undo") {
    no_args();
    position();
    if (history_.empty()) throw SessionError("undo: nothing to undo");
    position_ = history_.back();
    history_.pop_back();
    return {};
  }
  if (command == "to_move") {
    no_args();
    const int seat = game_.to_move(position());
    return {"to_move " + (seat == games::kNoSeat ? std::string("none") : std::to_string(seat))};
  }
  if (command == "result") {
    no_args();
    const games::Position& p = position();
    return {std::string("over ") + (game_.over(p) ? "yes" : "no"), "vp" + joined(game_.vp(p)),
            "ranks" + joined(game_.ranks(p))};
  }
  if (command == "go") return go(args);
  if (command == "observe") {
    const games::Position& p = position();
    if (args.find(' ') != std::string::npos) throw SessionError("observe: expected at most a seat");
    return {game_.observation_json(p, seat_argument(game_, "observe", args, p))};
  }
  if (command == "sample") {
    const games::Position& p = position();
    std::string seat_word;
    games::u64 seed = 1;
    std::istringstream in(args);
    for (std::string word; in >> word;) {
      if (word.rfind("seed=", 0) == 0) {
        const auto number = io::parse_u64(word.substr(5));
        if (!number)
          throw SessionError("sample: seed must be an unsigned integer, got '" + word.substr(5) + "'");
        seed = *number;
      } else if (seat_word.empty()) {
        seat_word = word;
      } else {
        throw SessionError("sample: expected [seat] [seed=S], got '" + word + "'");
      }
    }
    const int seat = seat_argument(game_, "sample", seat_word, p);
    replace_position(game_.sample_world(p, seat, seed));
    return {};
  }
  if (command == "position") {
    if (args.empty()) throw SessionError("position: expected an agent message (JSON) on the same line");
    std::string reason;
    auto world = game_.world_from_agent_message(args, &reason);
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

void EngineSession::replace_position(const games::Position& p) {
  position_ = p;
  history_.clear();  // undo never goes back past a position that was set
}

std::vector<std::string> EngineSession::go(const std::string& args) {
  if (!position_) throw SessionError("no game: use new or load first");
  const games::Position& p = *position_;
  if (game_.over(p)) throw SessionError("go: the game is over");
  const GoRequest request = parse_go(args, default_agent_);
  if (!agent_ || request.spec != agent_spec_) {
    try {
      agent_ = game_.make_agent(request.spec, 0);
    } catch (const std::invalid_argument& e) {
      throw SessionError(std::string("go: ") + e.what());
    }
    agent_spec_ = request.spec;
  }
  games::Action a;
  try {
    a = agent_->choose(p);
  } catch (const std::exception& e) {  // an outside agent's failure, for one
    agent_.reset();
    throw SessionError(std::string("go: ") + e.what());
  }
  if (!game_.is_legal(p, a))
    throw SessionError("go: agent " + request.spec + " chose illegal action " + std::to_string(a));
  games::SearchReport report;
  const bool searched = agent_->last_search(report);
  const nlohmann::ordered_json analysis = games::analysis_json(game_, p, a, searched ? &report : nullptr);
  if (request.json) return {analysis.dump()};
  std::vector<std::string> out{"action " + std::to_string(a) + " " + game_.action_name(p, a)};
  if (!searched) return out;
  out.push_back("iterations " + std::to_string(report.iterations));
  std::string values = "values";
  for (int seat = 0; seat < game_.num_players(p); ++seat) values += " " + fixed3(report.values.at(seat));
  out.push_back(values);
  constexpr size_t kShownMoves = 5;  // the most visited; `go json` gives them all
  const nlohmann::ordered_json& moves = analysis.at("moves");
  for (size_t i = 0; i < moves.size() && i < kShownMoves; ++i) {
    const nlohmann::ordered_json& m = moves[i];
    out.push_back("move " + std::to_string(m.at("action").get<int>()) + " visits " +
                  std::to_string(m.at("visits").get<int>()) + " value " +
                  fixed3(m.at("value").get<double>()) + " prior " + fixed3(m.at("prior").get<double>()) +
                  " " + m.at("name").get<std::string>());
  }
  return out;
}

}  // namespace pamir::cli
