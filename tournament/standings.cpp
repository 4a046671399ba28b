#include "tournament/standings.h"

#include <algorithm>

namespace pamir::tournament {

Standings compute_standings(const std::vector<std::string>& agents, int players,
                            const std::vector<GameResult>& games, std::optional<int> anchor,
                            double anchor_elo) {
  const int n = int(agents.size());
  Standings st;
  st.players = players;
  st.games = long(games.size());
  st.agents.resize(n);
  st.above.assign(n, std::vector<double>(n, 0));
  st.meetings.assign(n, std::vector<long>(n, 0));
  st.duel_games.assign(n, std::vector<long>(n, 0));
  st.duel_wins.assign(n, std::vector<double>(n, 0));
  for (int a = 0; a < n; ++a) {
    st.agents[a].spec = agents[a];
    st.agents[a].rank_share.assign(players, 0);
  }
  std::vector<RankedGame> ranked;
  for (const GameResult& g : games) {
    st.capped += g.capped;
    const int m = int(g.seats.size());
    for (int s = 0; s < m; ++s) {
      AgentStanding& as = st.agents[g.seats[s]];
      ++as.seats;
      as.mean_vp += g.vp[s];
      as.win_rate += win_share(g, s);
      as.rank_share[g.ranks[s]] += 1;
      for (int t = 0; t < m; ++t) {
        const int a = g.seats[s], b = g.seats[t];
        if (a == b) continue;
        ++st.meetings[a][b];
        st.above[a][b] += g.ranks[s] < g.ranks[t] ? 1.0 : g.ranks[s] == g.ranks[t] ? 0.5 : 0.0;
      }
    }
    std::vector<int> present = g.seats;
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
    if (present.size() == 2) {
      const int a = present[0], b = present[1];
      ++st.duel_games[a][b];
      ++st.duel_games[b][a];
      for (int s = 0; s < m; ++s) st.duel_wins[g.seats[s]][g.seats[s] == a ? b : a] += win_share(g, s);
    }
    ranked.push_back({g.seats, g.ranks});
  }
  for (AgentStanding& as : st.agents) {
    if (as.seats == 0) continue;
    as.mean_vp /= double(as.seats);
    as.win_rate /= double(as.seats);
    for (double& r : as.rank_share) r /= double(as.seats);
  }
  st.fit = fit_plackett_luce(n, ranked);
  const auto ratings = elo_ratings(st.fit, anchor, anchor_elo);
  for (int a = 0; a < n; ++a) st.agents[a].rating = ratings[a];
  st.anchor = anchor ? agents[*anchor] + " fixed at " + std::to_string(int(anchor_elo)) + " Elo"
                     : "mean of all agents fixed at " + std::to_string(int(anchor_elo)) + " Elo";
  return st;
}

}  // namespace pamir::tournament
