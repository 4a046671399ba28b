#include "tournament/results_log.h"

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "io/file_io.h"
#include "io/games.h"
#include "io/json.h"
#include "io/text.h"

namespace pamir::tournament {
namespace {

using Json = nlohmann::ordered_json;

// Version 2: every line names its type ("header", "game"), and seeds are decimal strings
// (they exceed 2^53, which JavaScript and jq round). Version 1 game lines still read.
constexpr const char* kFormat = "pamir-tournament-results-2";
constexpr const char* kFormatV1 = "pamir-tournament-results-1";

// A seed: a decimal string, or (version 1) a JSON number.
u64 seed_of(const Json& v) {
  if (v.is_number_unsigned()) return v.get<u64>();
  if (v.is_string())
    if (const auto seed = io::parse_u64(v.get<std::string>())) return *seed;
  throw std::runtime_error("\"seed\" is not a decimal unsigned 64-bit number");
}

template <class T>
std::vector<T> int_array(const Json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_array())
    throw std::runtime_error(std::string("missing array \"") + key + "\"");
  std::vector<T> out;
  for (const Json& v : j[key]) {
    if (!v.is_number_integer()) throw std::runtime_error(std::string("\"") + key + "\" holds a non-integer");
    out.push_back(v.get<T>());
  }
  return out;
}

// A header's game: the first game's headers name none (they had none before there were two
// games, and they stay as they were).
void check_game(const Json& header, const games::Game& reader) {
  const Json game = header.value("game", Json(std::string(io::kDefaultGame)));
  const std::string key = game.is_string() ? game.get<std::string>() : game.dump();
  if (const std::string other = io::other_game(key, reader.key(), "tournament results file"); !other.empty())
    throw std::runtime_error(other);
}

}  // namespace

std::string results_header(const games::Game& game, const std::vector<std::string>& agents, int players,
                           const std::string& seating, u64 seed, int max_decisions) {
  Json j = {{"type", "header"},
            {"format", kFormat},
            {"agents", agents},
            {"players", players},
            {"seating", seating},
            {"seed", std::to_string(seed)},
            {"max_decisions", max_decisions}};
  if (game.key() != io::kDefaultGame) j["game"] = game.key();
  return j.dump();
}

std::string game_line(const GameResult& g) {
  Json j = {{"type", "game"},      {"game", g.game}, {"seed", std::to_string(g.seed)},
            {"seats", g.seats},    {"vp", g.vp},     {"ranks", g.ranks},
            {"actions", g.actions}};
  if (g.capped) j["capped"] = true;  // only then: finished games keep their short lines
  if (g.forfeit != -1) {
    j["forfeit"] = g.forfeit;
    j["forfeit_reason"] = g.forfeit_reason;
  }
  return j.dump();
}

GameResult parse_game_line(const std::string& line) {
  const Json j = io::parse_json(line);
  if (!j.is_object() || !j.contains("game") || !j["game"].is_number_unsigned() || !j.contains("seed") ||
      (j.contains("type") && j["type"] != "game"))
    throw std::runtime_error("expected a game line {\"type\": \"game\", \"game\": N, \"seed\": \"S\", ...}");
  GameResult g;
  g.game = j["game"].get<long>();
  g.seed = seed_of(j["seed"]);
  g.seats = int_array<int>(j, "seats");
  g.vp = int_array<int>(j, "vp");
  g.ranks = int_array<int>(j, "ranks");
  g.actions = int_array<Action>(j, "actions");
  if (j.contains("capped")) {
    if (!j["capped"].is_boolean()) throw std::runtime_error("\"capped\" is not true or false");
    g.capped = j["capped"].get<bool>();
  }
  if (j.contains("forfeit")) {
    if (!j["forfeit"].is_number_unsigned() || j["forfeit"].get<long>() >= long(g.seats.size()) ||
        !j.contains("forfeit_reason") || !j["forfeit_reason"].is_string())
      throw std::runtime_error("\"forfeit\" must name a seat, with a \"forfeit_reason\" string");
    g.forfeit = j["forfeit"].get<int>();
    g.forfeit_reason = j["forfeit_reason"].get<std::string>();
  }
  if (g.vp.size() != g.seats.size() || g.ranks.size() != g.seats.size())
    throw std::runtime_error("\"seats\", \"vp\" and \"ranks\" differ in length");
  return g;
}

ResultsFile read_results_file(const games::Game& game, const std::string& path) {
  return parse_results_file(game, io::read_file(path), path);
}

ResultsFile parse_results_file(const games::Game& game, const std::string& text, const std::string& path) {
  ResultsFile out;
  size_t pos = 0;
  for (int line_no = 1; pos < text.size(); ++line_no) {
    const size_t end = text.find('\n', pos);
    const std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? text.size() : end + 1;
    try {
      if (line_no > 1) {
        GameResult g = parse_game_line(line);
        if (int(g.seats.size()) != out.players)
          throw std::runtime_error("the game has " + std::to_string(g.seats.size()) + " seats, the header " +
                                   std::to_string(out.players));
        for (const int a : g.seats)
          if (a < 0 || a >= int(out.agents.size()))
            throw std::runtime_error("seat agent " + std::to_string(a) + " is not in the header's list");
        out.games.push_back(std::move(g));
        continue;
      }
      const Json j = io::parse_json(line);
      if (j.is_object()) check_game(j, game);
      if (!j.is_object() || j.value("type", "") != "header" || j.value("format", "") != kFormat ||
          !j.contains("agents") || !j["agents"].is_array() || !j.contains("players") ||
          !j["players"].is_number_unsigned())
        throw std::runtime_error(std::string("not a tournament results file (expected a ") + kFormat +
                                 " header)");
      for (const auto& a : j["agents"]) {
        if (!a.is_string()) throw std::runtime_error("\"agents\" must be strings");
        out.agents.push_back(a.get<std::string>());
      }
      out.players = j["players"].get<int>();
    } catch (const std::exception& e) {
      throw std::runtime_error(path + " line " + std::to_string(line_no) + ": " + e.what());
    }
  }
  if (out.agents.empty()) throw std::runtime_error(path + ": empty, not a tournament results file");
  return out;
}

LoadedResults load_results(const games::Game& game, const std::string& path, const std::string& header) {
  const std::string text = io::read_file(path);
  LoadedResults out;
  size_t pos = 0;
  for (int line_no = 1; pos < text.size(); ++line_no) {
    const size_t end = text.find('\n', pos);
    const bool complete = end != std::string::npos;
    const std::string line = text.substr(pos, complete ? end - pos : std::string::npos);
    const std::string where = path + " line " + std::to_string(line_no) + ": ";
    try {
      if (line_no == 1) {
        if (!complete) throw std::runtime_error("the header line is cut short");
        Json j;
        try {
          j = io::parse_json(line);
        } catch (const io::JsonSyntaxError&) {  // not JSON: the comparison below says how it differs
        }
        if (j.is_object()) check_game(j, game);
        if (line.find(kFormatV1) != std::string::npos)
          throw std::runtime_error(std::string("written in format ") + kFormatV1 +
                                   " by an older pamir: continue it with that version, or start a new run");
        if (line != header)
          throw std::runtime_error("written by a different tournament configuration (header " + line +
                                   "; this run's is " + header + ")");
      } else {
        out.games.push_back(parse_game_line(line));
      }
    } catch (const std::exception& e) {
      if (line_no > 1 && !complete) {  // a kill mid-append: keep every complete game before it
        out.dropped_partial_line = true;
        break;
      }
      // nlohmann's messages span one line; ours too.
      throw std::runtime_error(where + e.what());
    }
    if (!complete) {  // parsed, but the newline never made it: the append was cut short
      out.games.pop_back();
      out.dropped_partial_line = true;
      break;
    }
    pos = end + 1;
  }
  if (text.empty()) throw std::runtime_error(path + ": empty results file (no header line)");
  out.complete_text = text.substr(0, pos);
  return out;
}

ResultsAppender::ResultsAppender(const std::string& path)
    : path_(path), file_(std::fopen(path.c_str(), "a")) {
  if (!file_) throw std::runtime_error("cannot append to " + path + ": " + std::strerror(errno));
}

ResultsAppender::~ResultsAppender() { std::fclose(file_); }

void ResultsAppender::append(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (std::fputs((line + "\n").c_str(), file_) < 0 || std::fflush(file_) != 0)
    throw std::runtime_error("cannot append to " + path_ + ": " + std::strerror(errno));
}

}  // namespace pamir::tournament
