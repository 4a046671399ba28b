#include "tournament/report.h"

#include <fmt/printf.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numeric>

#include "io/file_io.h"
#include "io/games.h"
#include "tournament/svg_chart.h"

namespace pamir::tournament {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kMethod =
    "Plackett-Luce fit of all finishing orders (Hunter's MM algorithm, one virtual win and loss per agent "
    "against a "
    "phantom of strength 1); 95% intervals from the observed information matrix";

// Agent indices, best rating first.
std::vector<int> by_rating(const Standings& st) {
  std::vector<int> order(st.agents.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return st.agents[a].rating.elo > st.agents[b].rating.elo; });
  return order;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// " (3 stopped at the decision cap, scored as draws)", or nothing: a cap reached is rare and
// said where the results are read.
std::string capped_text(const Standings& st) {
  return st.capped ? fmt::sprintf(" (%ld stopped at the decision cap, scored as draws)", st.capped) : "";
}

std::string place_name(int r) {
  static const char* kNames[] = {"1st", "2nd", "3rd", "4th", "5th"};
  return kNames[r];
}

bool any_duels(const Standings& st) {
  for (auto& row : st.duel_games)
    for (const long g : row)
      if (g) return true;
  return false;
}

// Ratings as points with 95% error bars, best at the top.
std::string ratings_svg(const Standings& st) {
  std::vector<IntervalRow> rows;
  for (const int i : by_rating(st)) {
    const AgentStanding& a = st.agents[i];
    rows.push_back({a.spec, a.rating.elo, a.rating.ci_low, a.rating.ci_high});
  }
  return svg_interval_chart(rows, "Elo (95% interval)");
}

// One stacked bar per agent: the share of its seats finishing in each place.
std::string ranks_svg(const Standings& st) {
  std::vector<StackedRow> rows;
  for (const int i : by_rating(st)) {
    const AgentStanding& a = st.agents[i];
    rows.push_back({a.spec, std::vector<double>(a.rank_share.begin(), a.rank_share.begin() + st.players)});
  }
  std::vector<std::string> places;
  for (int r = 0; r < st.players; ++r) places.push_back(place_name(r));
  return svg_stacked_bars(rows, places);
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string standings_text(const Standings& st) {
  std::string out =
      fmt::sprintf("%ld games, %d seats each%s; Elo: %s; 95%% CI from the observed information\n", st.games,
                   st.players, capped_text(st).c_str(), st.anchor.c_str());
  size_t w = 5;
  for (auto& a : st.agents) w = std::max(w, a.spec.size());
  out +=
      fmt::sprintf("%-*s %7s %17s %6s %7s %6s", int(w), "agent", "Elo", "95% CI", "seats", "mean VP", "win%");
  for (int r = 0; r < st.players; ++r) out += fmt::sprintf(" %5s", place_name(r).c_str());
  out += "\n";
  for (const int i : by_rating(st)) {
    const AgentStanding& a = st.agents[i];
    out += fmt::sprintf("%-*s %7.0f  [%6.0f, %6.0f] %6ld %7.2f %6.1f", int(w), a.spec.c_str(), a.rating.elo,
                        a.rating.ci_low, a.rating.ci_high, a.seats, a.mean_vp, 100 * a.win_rate);
    for (int r = 0; r < st.players; ++r) out += fmt::sprintf(" %4.1f%%", 100 * a.rank_share[r]);
    out += "\n";
  }
  out += "\nhead to head: % of meetings the row agent finished above the column agent\n";
  std::vector<std::string> labels;
  size_t lw = 0;
  for (size_t a = 0; a < st.agents.size(); ++a) {
    labels.push_back("#" + std::to_string(a + 1) + " " + st.agents[a].spec);
    lw = std::max(lw, labels.back().size());
  }
  out += fmt::sprintf("%-*s", int(lw), "");
  for (size_t b = 0; b < st.agents.size(); ++b)
    out += fmt::sprintf(" %7s", ("#" + std::to_string(b + 1)).c_str());
  out += "\n";
  for (size_t a = 0; a < st.agents.size(); ++a) {
    out += fmt::sprintf("%-*s", int(lw), labels[a].c_str());
    for (size_t b = 0; b < st.agents.size(); ++b)
      out += st.meetings[a][b] ? fmt::sprintf(" %6.1f%%", 100 * st.above[a][b] / st.meetings[a][b])
                               : fmt::sprintf(" %7s", "-");
    out += "\n";
  }
  if (any_duels(st)) {
    out += "\ntwo-agent games (every seat held by one of the two): each one's share of the wins\n";
    for (size_t a = 0; a < st.agents.size(); ++a)
      for (size_t b = a + 1; b < st.agents.size(); ++b)
        if (st.duel_games[a][b])
          out += fmt::sprintf("  %s %.1f%% - %.1f%% %s (%ld games)\n", st.agents[a].spec.c_str(),
                              100 * st.duel_wins[a][b] / st.duel_games[a][b],
                              100 * st.duel_wins[b][a] / st.duel_games[a][b], st.agents[b].spec.c_str(),
                              st.duel_games[a][b]);
  }
  return out;
}

std::string agents_csv(const Standings& st) {
  std::string out = "agent,elo,ci_low,ci_high,seats,mean_vp,win_rate";
  for (int r = 0; r < st.players; ++r) out += ",rank" + std::to_string(r + 1);
  out += "\n";
  for (const int i : by_rating(st)) {
    const AgentStanding& a = st.agents[i];
    out += csv_field(a.spec) + fmt::sprintf(",%.2f,%.2f,%.2f,%ld,%.4f,%.4f", a.rating.elo, a.rating.ci_low,
                                            a.rating.ci_high, a.seats, a.mean_vp, a.win_rate);
    for (const double r : a.rank_share) out += fmt::sprintf(",%.4f", r);
    out += "\n";
  }
  return out;
}

std::string head_to_head_csv(const Standings& st) {
  std::string out =
      "agent,opponent,meetings,finished_above,share_above,two_agent_games,two_agent_win_share\n";
  for (size_t a = 0; a < st.agents.size(); ++a)
    for (size_t b = 0; b < st.agents.size(); ++b) {
      if (a == b) continue;
      const long m = st.meetings[a][b], d = st.duel_games[a][b];
      out += csv_field(st.agents[a].spec) + "," + csv_field(st.agents[b].spec) +
             fmt::sprintf(",%ld,%.1f,%.4f,%ld,%.4f\n", m, st.above[a][b], m ? st.above[a][b] / m : 0.0, d,
                          d ? st.duel_wins[a][b] / d : 0.0);
    }
  return out;
}

std::string standings_json(const TournamentConfig& c, const Standings& st) {
  Json agents = Json::array();
  for (const AgentStanding& a : st.agents)
    agents.push_back({{"spec", a.spec},
                      {"elo", a.rating.elo},
                      {"ci95", {a.rating.ci_low, a.rating.ci_high}},
                      {"seats", a.seats},
                      {"mean_vp", a.mean_vp},
                      {"win_rate", a.win_rate},
                      {"rank_share", a.rank_share}});
  const Json j = {{"config",
                   {{"agents", c.agents},
                    {"players", c.players},
                    {"games", c.games},
                    {"seed", c.seed},
                    {"seating", seating_name(c.seating)}}},
                  {"games", st.games},
                  {"capped_games", st.capped},
                  {"rating_method", kMethod},
                  {"anchor", st.anchor},
                  {"fit_converged", st.fit.converged},
                  {"agents", agents},
                  {"finished_above", st.above},
                  {"meetings", st.meetings},
                  {"two_agent_games", st.duel_games},
                  {"two_agent_wins", st.duel_wins}};
  return j.dump(2) + "\n";
}

std::string html_report(const TournamentConfig& c, const Standings& st) {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>pamir tournament</title>\n"
      "<style>body{font-family:sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse;margin:"
      "1em 0}"
      "td,th{border:1px solid #ccc;padding:3px "
      "8px;text-align:right}td:first-child,th:first-child{text-align:left}"
      "caption{text-align:left;font-weight:bold;margin-bottom:4px}"
      // A wide table (long agent specs, many agents) scrolls within the page.
      "table{display:block;overflow-x:auto;max-width:100%}</style></head><body>\n";
  h += "<h1>pamir tournament: " + html_escape(std::string(io::game_name(c.game))) + "</h1>\n<p>";
  h += fmt::sprintf("%ld games%s, %d seats per game, seating &ldquo;%s&rdquo;, seed %llu.<br>", st.games,
                    capped_text(st).c_str(), c.players, seating_name(c.seating),
                    static_cast<unsigned long long>(c.seed));
  h += "Ratings: " + html_escape(kMethod) + ". Anchor: " + html_escape(st.anchor) + ".</p>\n";
  h += "<h2>Ratings</h2>\n" + ratings_svg(st);
  h += "<table><tr><th>agent</th><th>Elo</th><th>95% CI</th><th>seats</th><th>mean VP</th><th>win %</th>";
  for (int r = 0; r < st.players; ++r) h += "<th>" + place_name(r) + "</th>";
  h += "</tr>\n";
  for (const int i : by_rating(st)) {
    const AgentStanding& a = st.agents[i];
    h += "<tr><td>" + html_escape(a.spec) + "</td>" +
         fmt::sprintf("<td>%.0f</td><td>%.0f &ndash; %.0f</td><td>%ld</td><td>%.2f</td><td>%.1f</td>",
                      a.rating.elo, a.rating.ci_low, a.rating.ci_high, a.seats, a.mean_vp, 100 * a.win_rate);
    for (const double r : a.rank_share) h += fmt::sprintf("<td>%.1f%%</td>", 100 * r);
    h += "</tr>\n";
  }
  h += "</table>\n<h2>Finishing places</h2>\n" + ranks_svg(st);
  h +=
      "<h2>Head to head</h2>\n<table><caption>% of meetings in which the row agent finished above the column "
      "agent (meetings)</caption><tr><th></th>";
  for (auto& a : st.agents) h += "<th>" + html_escape(a.spec) + "</th>";
  h += "</tr>\n";
  for (size_t a = 0; a < st.agents.size(); ++a) {
    h += "<tr><td>" + html_escape(st.agents[a].spec) + "</td>";
    for (size_t b = 0; b < st.agents.size(); ++b)
      h += st.meetings[a][b] ? fmt::sprintf("<td>%.1f%% (%ld)</td>", 100 * st.above[a][b] / st.meetings[a][b],
                                            st.meetings[a][b])
                             : std::string("<td>&ndash;</td>");
    h += "</tr>\n";
  }
  h += "</table>\n";
  if (any_duels(st)) {
    h += "<table><caption>Two-agent games (every seat held by one of the two): the row agent's win share "
         "(games)</caption><tr><th>agent</th><th>opponent</th><th>win share</th><th>games</th></tr>\n";
    for (size_t a = 0; a < st.agents.size(); ++a)
      for (size_t b = 0; b < st.agents.size(); ++b)
        if (a != b && st.duel_games[a][b])
          h += "<tr><td>" + html_escape(st.agents[a].spec) + "</td><td>" + html_escape(st.agents[b].spec) +
               "</td>" +
               fmt::sprintf("<td>%.1f%%</td><td>%ld</td></tr>\n",
                            100 * st.duel_wins[a][b] / st.duel_games[a][b], st.duel_games[a][b]);
    h += "</table>\n";
  }
  return h + "</body></html>\n";
}

std::vector<std::string> write_reports(const std::string& dir, const TournamentConfig& c,
                                       const Standings& st) {
  std::filesystem::create_directories(dir);
  const std::vector<std::pair<std::string, std::string>> files = {{"agents.csv", agents_csv(st)},
                                                                  {"head_to_head.csv", head_to_head_csv(st)},
                                                                  {"standings.json", standings_json(c, st)},
                                                                  {"report.html", html_report(c, st)}};
  std::vector<std::string> paths;
  for (auto& [name, text] : files) {
    paths.push_back((std::filesystem::path(dir) / name).string());
    io::write_file_atomically(paths.back(), text);
  }
  return paths;
}

}  // namespace pamir::tournament
