#include "ladder/ratings.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <stdexcept>

namespace pamir::ladder {
namespace {

// The groups of versions that games join (union-find): each version's group's root.
struct Groups {
  std::vector<int> parent;
  explicit Groups(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int root(int i) { return parent[i] == i ? i : parent[i] = root(parent[i]); }
  void join(int a, int b) { parent[root(a)] = root(b); }
};

TableRatings rate_table(const Table& table, const std::vector<GameRow>& games,
                        const std::map<long, VersionRow>& rows, const RatingRequest& request,
                        bool& anchored) {
  TableRatings out;
  out.table = table;
  out.games = long(games.size());
  // The table's versions as agents 0, 1, ... in the order they first played.
  std::map<long, int> agent_of;
  std::vector<long> version_of;
  std::vector<tournament::RankedGame> ranked;
  for (const GameRow& g : games) {
    out.capped += g.capped;
    tournament::RankedGame r;
    for (const SeatRow& s : g.seats) {
      const auto [at, added] = agent_of.emplace(s.version, int(version_of.size()));
      if (added) version_of.push_back(s.version);
      r.agents.push_back(at->second);
      r.ranks.push_back(s.rank);
    }
    ranked.push_back(std::move(r));
  }
  const int n = int(version_of.size());
  std::vector<long> games_of(n, 0);
  Groups groups(n);
  for (const tournament::RankedGame& r : ranked) {
    std::vector<int> seated = r.agents;
    std::sort(seated.begin(), seated.end());
    seated.erase(std::unique(seated.begin(), seated.end()), seated.end());
    for (const int a : seated) ++games_of[a], groups.join(a, seated.front());
  }
  std::vector<int> group_size(n, 0);
  for (int a = 0; a < n; ++a) ++group_size[groups.root(a)];
  const int largest = int(std::max_element(group_size.begin(), group_size.end()) - group_size.begin());

  std::optional<int> anchor;
  out.anchor = "the mean of the table's versions at " + std::to_string(int(request.anchor_elo));
  if (request.anchor != "mean") {
    std::vector<VersionRow> candidates;
    for (const long v : version_of) candidates.push_back(rows.at(v));
    const std::vector<VersionRow> named = named_versions(candidates, request.anchor, "");
    if (named.size() > 1)
      throw std::invalid_argument("--anchor " + request.anchor + " names " + std::to_string(named.size()) +
                                  " versions of " + table.game + " at " + std::to_string(table.players) +
                                  " players: name one by its label or id");
    if (named.size() == 1) {
      anchor = agent_of.at(named.front().id);
      anchored = true;
      out.anchor = named.front().version.label + " at " + std::to_string(int(request.anchor_elo));
    }
  }
  const tournament::PlackettLuceFit fit = tournament::fit_plackett_luce(n, ranked);
  out.converged = fit.converged;
  const std::vector<tournament::EloRating> elo = tournament::elo_ratings(fit, anchor, request.anchor_elo);
  for (int a = 0; a < n; ++a)
    out.versions.push_back(
        {rows.at(version_of[a]), games_of[a], elo[a], groups.root(a) == groups.root(largest)});
  std::stable_sort(out.versions.begin(), out.versions.end(),
                   [](const RatedVersion& x, const RatedVersion& y) { return x.rating.elo > y.rating.elo; });
  return out;
}

}  // namespace

std::vector<TableRatings> rate_tables(Database& db, const RatingRequest& request) {
  std::map<long, VersionRow> rows;
  for (VersionRow& v : db.versions()) rows.emplace(v.id, std::move(v));
  std::vector<TableRatings> tables;
  bool anchored = false;
  for (const Table& table : db.tables())
    if ((request.game.empty() || table.game == request.game) &&
        (request.players == 0 || table.players == request.players))
      tables.push_back(rate_table(table, db.games(table), rows, request, anchored));
  if (request.anchor != "mean" && !anchored)
    throw std::invalid_argument("--anchor " + request.anchor + " names no version of the tables rated");
  return tables;
}

}  // namespace pamir::ladder
