#include "ladder/report.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "games/registry.h"
#include "tournament/report.h"
#include "tournament/svg_chart.h"

namespace pamir::ladder {
namespace {

constexpr const char* kMethod =
    "one Plackett-Luce fit over every game of the table (tournament/rating.h: Hunter's MM algorithm, one "
    "virtual win and loss per version against a phantom of strength 1), 95% intervals from the observed "
    "information matrix";

// "Pax Pamir, 2 players" (the key when this pamir has no such game).
std::string table_name(const Table& t) {
  const games::Game* game = games::find_game(t.game);
  return (game ? std::string(game->name()) : t.game) + ", " + std::to_string(t.players) + " players";
}

// The net's checksum, short: 8 hex digits, "missing" for a file that was gone, "-" for none.
std::string short_checksum(const AgentVersion& v) {
  if (v.net_checksum.empty()) return "-";
  if (v.net_checksum.starts_with("missing:")) return "missing";
  return v.net_checksum.substr(0, 8);
}

std::string signed_elo(double elo) { return fmt::format("{:+.0f}", elo); }

// A label that fits the chart's margin (about 32 characters): the id and the label's end,
// where a net's file name is.
std::string chart_label(const VersionRow& v) {
  const std::string id = "#" + std::to_string(v.id) + " ";
  const std::string& label = v.version.label;
  const std::size_t room = 32 - std::min<std::size_t>(id.size(), 12);
  return id + (label.size() <= room ? label : "..." + label.substr(label.size() - (room - 3)));
}

}  // namespace

std::string ladder_text(const std::vector<TableRatings>& tables) {
  std::string out;
  for (const TableRatings& t : tables) {
    out +=
        fmt::format("{}: {} versions, {} games{}; Elo: {}\n", table_name(t.table), t.versions.size(), t.games,
                    t.capped ? fmt::format(" ({} capped, counted as draws)", t.capped) : "", t.anchor);
    out += fmt::format("{:>6}  {:>6}  {:>14}  {:>6}  {:<8}  {}\n", "id", "Elo", "95% interval", "games",
                       "net", "version");
    bool apart = false;
    for (const RatedVersion& v : t.versions) {
      apart = apart || !v.connected;
      const tournament::EloRating& r = v.rating;
      const std::string interval =
          r.ci_low < r.ci_high ? "[" + signed_elo(r.ci_low) + ", " + signed_elo(r.ci_high) + "]" : "anchor";
      out += fmt::format("{:>6}  {:>6}  {:>14}  {:>6}  {:<8}  {}\n",
                         std::to_string(v.row.id) + (v.connected ? "" : "*"), signed_elo(r.elo), interval,
                         v.games, short_checksum(v.row.version), v.row.version.label);
    }
    if (apart)
      out +=
          "  * shares no game, directly or through other versions, with the table's largest group: its place "
          "against them rests on the prior alone\n";
    if (!t.converged) out += "  note: the fit did not converge; the ratings are its last iterate\n";
    out += "\n";
  }
  if (tables.empty()) out = "no games\n";
  return out;
}

std::string ladder_html(const std::vector<TableRatings>& tables, const std::vector<VersionRow>& versions,
                        const std::string& source) {
  std::map<long, const VersionRow*> by_id;
  for (const VersionRow& v : versions) by_id[v.id] = &v;
  long games = 0;
  for (const TableRatings& t : tables) games += t.games;
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>pamir ladder</title>\n"
      "<style>body{font-family:sans-serif;margin:2em;max-width:72em}table{border-collapse:collapse;margin:"
      "1em "
      "0}td,th{border:1px solid #ccc;padding:3px "
      "8px;text-align:right;white-space:nowrap}td.text,th.text{text-align:left;white-space:normal}"
      "code{font-size:90%}</style></head><body>\n<h1>pamir ladder</h1>\n";
  h += fmt::format(
      "<p>{} games in {} table{}, from <code>{}</code>. A version is an agent spec, the checksum of the net "
      "it "
      "loads and the engine's signature. Ratings: {}. A dashed line joins a version to its parent.</p>\n",
      games, tables.size(), tables.size() == 1 ? "" : "s", tournament::html_escape(source),
      tournament::html_escape(kMethod));
  for (const TableRatings& t : tables) {
    h += "<h2>" + tournament::html_escape(table_name(t.table)) + "</h2>\n";
    h += fmt::format(
        "<p>{} versions, {} games{}. Anchor: {}.</p>\n", t.versions.size(), t.games,
        t.capped ? fmt::format(" ({} capped at the decision limit, counted as draws)", t.capped) : "",
        tournament::html_escape(t.anchor));
    std::map<long, int> row_of;
    for (std::size_t i = 0; i < t.versions.size(); ++i) row_of[t.versions[i].row.id] = int(i);
    std::vector<tournament::IntervalRow> rows;
    for (const RatedVersion& v : t.versions) {
      const auto parent = row_of.find(v.row.parent);
      rows.push_back({chart_label(v.row), v.rating.elo, v.rating.ci_low, v.rating.ci_high,
                      parent == row_of.end() ? -1 : parent->second});
    }
    h += tournament::svg_interval_chart(rows, "Elo (95% interval)");
    h +=
        "<table><tr><th>id</th><th class=\"text\">version</th><th>Elo</th><th>95% interval</th><th>games</th>"
        "<th class=\"text\">net</th><th class=\"text\">engine</th><th class=\"text\">parent</th></tr>\n";
    for (const RatedVersion& v : t.versions) {
      const AgentVersion& a = v.row.version;
      const auto parent = by_id.find(v.row.parent);
      const std::string parent_text =
          parent == by_id.end() ? ""
                                : "#" + std::to_string(parent->first) + " " + parent->second->version.label;
      h += fmt::format(
          "<tr><td>{}{}</td><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td "
          "class=\"text\"><code>{}</code></td><td class=\"text\"><code>{}</code></td><td "
          "class=\"text\">{}</td></tr>\n",
          v.row.id, v.connected ? "" : "*", tournament::html_escape(a.label), signed_elo(v.rating.elo),
          v.rating.ci_low < v.rating.ci_high
              ? signed_elo(v.rating.ci_low) + " &ndash; " + signed_elo(v.rating.ci_high)
              : std::string("anchor"),
          v.games, tournament::html_escape(a.net_checksum.empty() ? "-" : a.net_checksum),
          tournament::html_escape(a.engine_signature), tournament::html_escape(parent_text));
    }
    h += "</table>\n";
    if (std::any_of(t.versions.begin(), t.versions.end(), [](const RatedVersion& v) { return !v.connected; }))
      h += "<p>* shares no game, directly or through other versions, with the table's largest group: its "
           "place "
           "against them rests on the prior alone.</p>\n";
  }
  return h + "</body></html>\n";
}

}  // namespace pamir::ladder
