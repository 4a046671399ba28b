#pragma once
// What a tournament's games say about its agents: per-agent results, head-to-head counts,
// two-agent games, and Plackett-Luce ratings (tournament/rating.h).

#include <optional>
#include <string>
#include <vector>

#include "tournament/play.h"
#include "tournament/rating.h"

namespace pamir::tournament {

struct AgentStanding {
  std::string spec;
  long seats = 0;                  // seat appearances (an agent may fill several seats of a game)
  double mean_vp = 0;              // per seat
  double win_rate = 0;             // per seat; a tie for first shares the win
  std::vector<double> rank_share;  // [place] fraction of seats finishing there (ties share the better place)
  EloRating rating;
};

struct Standings {
  int players = 0;
  long games = 0;
  long capped = 0;  // games stopped at the decision cap, scored as draws (GameResult::capped)
  std::vector<AgentStanding> agents;
  // For every pair of seats in a game held by different agents a and b: above[a][b] counts a's
  // seat finishing above b's (a tie counts half), meetings[a][b] the pairs.
  std::vector<std::vector<double>> above;
  std::vector<std::vector<long>> meetings;
  // Games whose seats are held by exactly the two agents a and b (seating "repeats", or two
  // seats with two agents): duel_games[a][b] of them, of which a won duel_wins[a][b] (shared
  // wins count their share).
  std::vector<std::vector<long>> duel_games;
  std::vector<std::vector<double>> duel_wins;
  std::string anchor;  // how the Elo scale is anchored, in words
  PlackettLuceFit fit;
};

// anchor: an agent index, or nullopt for the mean of all agents, placed at anchor_elo.
Standings compute_standings(const std::vector<std::string>& agents, int players,
                            const std::vector<GameResult>& games, std::optional<int> anchor,
                            double anchor_elo);

}  // namespace pamir::tournament
