#include "games/analysis.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace pamir::games {
namespace {

// The double nearest the float's shortest decimal form: a prior stored as float 1/3 reads
// 0.33333334 in JSON and Python, not the float's exact binary value 0.3333333432674408.
double shortest(float x) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text - 1, x).ptr;
  *end = '\0';
  return std::strtod(text, nullptr);
}

}  // namespace

nlohmann::ordered_json analysis_json(const Game& game, const Position& p, Action chosen,
                                     const SearchReport* report) {
  nlohmann::ordered_json out = {{"turn", game.turn(p)},
                                {"to_move", game.to_move(p)},
                                {"action", chosen},
                                {"action_name", game.action_name(p, chosen)}};
  if (!report) return out;
  std::vector<SearchMove> by_visits = report->moves;
  std::stable_sort(by_visits.begin(), by_visits.end(),
                   [](const SearchMove& x, const SearchMove& y) { return x.visits > y.visits; });
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const SearchMove& m : by_visits)
    moves.push_back({{"action", m.action},
                     {"name", game.action_name(p, m.action)},
                     {"visits", m.visits},
                     {"prior", shortest(m.prior)},
                     {"value", shortest(m.value)}});
  // The line as the search saw it; past the root a hidden-information search's line was
  // played in sampled worlds, so it is named only as far as it is legal in this position.
  nlohmann::ordered_json pv_names = nlohmann::ordered_json::array();
  Position line = p;
  for (const Action a : report->principal_variation) {
    if (game.over(line) || !game.is_legal(line, a)) break;
    pv_names.push_back(game.action_name(line, a));
    game.apply(line, a);
  }
  out["iterations"] = report->iterations;
  nlohmann::ordered_json values = nlohmann::ordered_json::array();
  for (int seat = 0; seat < game.num_players(p); ++seat) values.push_back(shortest(report->values[seat]));
  out["values"] = std::move(values);
  out["moves"] = std::move(moves);
  out["pv"] = report->principal_variation;
  out["pv_names"] = std::move(pv_names);
  return out;
}

nlohmann::ordered_json analyze(const Game& game, Agent& agent, const Position& p) {
  const Action chosen = agent.choose(p);
  SearchReport report;
  const bool searched = agent.last_search(report);
  return analysis_json(game, p, chosen, searched ? &report : nullptr);
}

}  // namespace pamir::games
