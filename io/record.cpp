#include "io/record.h"

#include <nlohmann/json.hpp>
#include <string>

#include "core/dominance.h"
#include "core/game.h"
#include "io/games.h"
#include "io/json.h"
#include "io/text.h"

namespace pamir::io::inline PAMIR_RULESET {

using namespace core;  // io reads and writes the rules' vocabulary
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kRecordFormat = "pamir-record-1";

std::string seat_range() { return std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers); }
// The record's key for the automaton's seat ("wakhan_seat").
std::string automaton_key() { return kAutomaton ? std::string(kAutomaton) + "_seat" : std::string(); }

struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const Json& require(const Json& j, const char* key) {
  if (!j.contains(key)) throw RecordError(std::string("missing key \"") + key + "\"");
  return j[key];
}

std::string result_text(const RecordedResult& r) {
  std::string vp, ranks;
  for (std::size_t p = 0; p < r.vp.size(); ++p)
    vp += (p ? " " : "") + std::to_string(r.vp[p]), ranks += (p ? " " : "") + std::to_string(r.ranks[p]);
  return std::string(r.game_over ? "game over" : "game not over") + ", vp " + vp + ", ranks " + ranks;
}

RecordedResult parse_result(const Json& j, int players) {
  const char* want =
      "result: expected {\"game_over\": <bool>, \"vp\": [...], \"ranks\": [...]} with one entry per seat";
  if (!j.is_object() || j.size() != 3 || !j.contains("game_over") || !j["game_over"].is_boolean())
    throw RecordError(want);
  RecordedResult r;
  r.game_over = j["game_over"].get<bool>();
  for (auto [key, values] : {std::pair{"vp", &r.vp}, {"ranks", &r.ranks}}) {
    const Json& a = require(j, key);
    if (!a.is_array() || int(a.size()) != players) throw RecordError(want);
    for (const Json& v : a) {
      if (!v.is_number_unsigned() || v.get<u64>() > 255) throw RecordError(want);
      values->push_back(v.get<int>());
    }
  }
  return r;
}

// A record's seat of the automaton (io::GameRecord: -1 for none) as the rules' player.
int automaton_player(const GameRecord& r) {
  return r.automaton_seat == kNoRecordedSeat ? kNoPlayer : r.automaton_seat;
}

}  // namespace

std::optional<State> replay(const GameRecord& r, std::string* error) {
  if (r.num_players < kMinPlayers || r.num_players > kMaxPlayers) {
    if (error) *error = "num_players must be " + seat_range() + ", got " + std::to_string(r.num_players);
    return std::nullopt;
  }
  if (r.automaton_seat != kNoRecordedSeat && (!kAutomaton || r.num_players > kAutomatonMaxPlayers ||
                                              r.automaton_seat < 0 || r.automaton_seat >= r.num_players)) {
    if (error)
      *error = kAutomaton ? automaton_key() + " must name a seat of a game of at most " +
                                std::to_string(kAutomatonMaxPlayers)
                          : std::string("this game has no automated opponent");
    return std::nullopt;
  }
  State s = new_game(r.num_players, r.seed, automaton_player(r));
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const Action a = r.actions[i];
    if (s.game_over() || a >= kNumActions || !is_legal(s, a)) {
      if (error)
        *error = "action " + std::to_string(i) + " (id " + std::to_string(a) + ") is not legal at step " +
                 std::to_string(i) + (s.game_over() ? ": the game is already over" : "");
      return std::nullopt;
    }
    apply(s, a);
  }
  if (r.result && !(*r.result == result_of(s))) {
    if (error)
      *error = "result: the record says " + result_text(*r.result) + ", the replay gives " +
               result_text(result_of(s));
    return std::nullopt;
  }
  return s;
}

RecordedResult result_of(const State& final_state) {
  RecordedResult r;
  r.game_over = final_state.game_over();
  const auto rank = final_ranks(final_state);
  for (int p = 0; p < final_state.num_players; ++p) {
    r.vp.push_back(final_state.vp[p]);
    r.ranks.push_back(rank[p]);
  }
  return r;
}

// Written by hand around nlohmann's dump so that each action sits on its own line: a record
// is meant to be read, and a thousand one-line actions read better than a column of tokens.
std::string record_to_json(const GameRecord& r, const State& final_state) {
  Json agents = r.agents;
  std::string out = "{\n";
  out += "  \"format\": \"" + std::string(kRecordFormat) + "\",\n";
  // The first game's records name no game: they had none before there were two, and stay so.
  if (kGameKey != kDefaultGame) out += "  \"game\": \"" + std::string(kGameKey) + "\",\n";
  out += "  \"num_players\": " + std::to_string(r.num_players) + ",\n";
  out += "  \"seed\": " + std::to_string(r.seed) + ",\n";
  if (r.automaton_seat != kNoRecordedSeat)
    out += "  \"" + automaton_key() + "\": " + std::to_string(r.automaton_seat) + ",\n";
  out += "  \"agents\": " + agents.dump() + ",\n";
  out += "  \"actions\": [";
  // Names are those of the position each action was taken in, so replay alongside.
  State s = new_game(r.num_players, r.seed, automaton_player(r));
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const Action a = r.actions[i];
    const Json entry = {{"id", a}, {"name", s.game_over() ? std::string("invalid") : action_name(s, a)}};
    out += (i ? ",\n    " : "\n    ") + entry.dump();
    if (!s.game_over() && is_legal(s, a)) apply(s, a);
  }
  out += r.actions.empty() ? "],\n" : "\n  ],\n";
  const RecordedResult r_end = result_of(final_state);
  const Json result = {{"game_over", r_end.game_over}, {"vp", r_end.vp}, {"ranks", r_end.ranks}};
  out += "  \"result\": " + result.dump() + "\n}\n";
  return out;
}

std::optional<GameRecord> record_from_json(const std::string& text, std::string* error) {
  try {
    const Json j = parse_json(text);
    if (!j.is_object()) throw RecordError("a record is a JSON object");
    if (j.contains("game") && !j["game"].is_string())
      throw RecordError("game: expected a string, got " + excerpt(j["game"]));
    const std::string game = j.contains("game") ? j["game"].get<std::string>() : std::string(kDefaultGame);
    if (const std::string other = other_game(game, kGameKey, "record"); !other.empty())
      throw RecordError(other);
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k != "format" && k != "game" && k != "num_players" && k != "seed" &&
          (k != automaton_key() || !kAutomaton) && k != "agents" && k != "actions" && k != "result")
        throw RecordError("unknown key " + quoted(k));
    }
    const Json& format = require(j, "format");
    if (!format.is_string() || format.get<std::string>() != kRecordFormat)
      throw RecordError(std::string("format: expected \"") + kRecordFormat + "\"");
    GameRecord r;
    const Json& players = require(j, "num_players");
    if (!players.is_number_integer() || players.get<long long>() < kMinPlayers ||
        players.get<long long>() > kMaxPlayers)
      throw RecordError("num_players: expected an integer " + seat_range() + ", got " + excerpt(players));
    r.num_players = players.get<int>();
    const Json& seed = require(j, "seed");
    if (!seed.is_number_unsigned())
      throw RecordError("seed: expected an unsigned integer, got " + excerpt(seed));
    r.seed = seed.get<u64>();
    if (kAutomaton && j.contains(automaton_key())) {
      const Json& w = j[automaton_key()];
      if (!w.is_number_integer() || w.get<long long>() < 0 || w.get<long long>() >= r.num_players ||
          r.num_players > kAutomatonMaxPlayers)
        throw RecordError(automaton_key() + ": expected a seat of a game of at most " +
                          std::to_string(kAutomatonMaxPlayers) + " seats, got " + excerpt(w));
      r.automaton_seat = w.get<int>();
    }
    const Json& agents = require(j, "agents");
    if (!agents.is_array() || int(agents.size()) != r.num_players)
      throw RecordError("agents: expected one spec per seat");
    for (const Json& a : agents) {
      if (!a.is_string()) throw RecordError("agents: expected strings, got " + excerpt(a));
      r.agents.push_back(a.get<std::string>());
    }
    const Json& actions = require(j, "actions");
    if (!actions.is_array()) throw RecordError("actions: expected an array");
    for (size_t i = 0; i < actions.size(); ++i) {
      const Json& a = actions[i];
      const std::string where = "actions[" + std::to_string(i) + "]";
      // The id is authoritative; the name only has to be a string.
      if (!a.is_object() || a.size() != 2 || !a.contains("id") || !a.contains("name") ||
          !a["name"].is_string())
        throw RecordError(where + ": expected {\"id\": <number>, \"name\": <string>}");
      const Json& id = a["id"];
      if (!id.is_number_unsigned() || id.get<u64>() >= u64(kNumActions))
        throw RecordError(where + ".id: expected an action id 0.." + std::to_string(kNumActions - 1) +
                          ", got " + excerpt(id));
      r.actions.push_back(Action(id.get<u64>()));
    }
    if (j.contains("result")) r.result = parse_result(j["result"], r.num_players);
    return r;
  } catch (const JsonSyntaxError& e) {
    if (error) *error = e.what();
  } catch (const Json::exception& e) {
    if (error) *error = std::string("invalid JSON: ") + e.what();
  } catch (const RecordError& e) {
    if (error) *error = e.what();
  }
  return std::nullopt;
}

}  // namespace pamir::io::inline PAMIR_RULESET
