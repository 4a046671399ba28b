#pragma once
// Ratings from finishing orders: the Plackett-Luce model (a multiplayer Bradley-Terry model)
// fitted by maximum likelihood with Hunter's MM algorithm (Hunter 2004, "MM algorithms for
// generalized Bradley-Terry models") finished by Newton steps, reported on the Elo scale.
//
// Model: agent j has strength g_j = exp(theta_j). A game's finishing order is drawn place by
// place: the first place goes to seat s with probability g_s / (sum of g over the seats still
// unplaced), and so on. On the Elo scale (400 log10 g), the chance that j finishes above k in
// a two-seat game is 1 / (1 + 10^((R_k - R_j) / 400)), as in chess.
//
// An agent may fill several seats of a game (each seat is one entry). Tied seats are split:
// the game counts once, spread evenly over every order of the tied seats. A weak prior keeps
// every rating finite even for an agent that never beats anyone: each agent gets one virtual
// win and one virtual loss against a fixed phantom of strength 1.
//
// Confidence intervals come from the observed information matrix (the negative Hessian of the
// log-likelihood, prior included, at the fit): covariance = its inverse; a 95% interval is
// +-1.96 standard errors of the agent's rating relative to the anchor.

#include <optional>
#include <vector>

namespace pamir::tournament {

struct RankedGame {
  std::vector<int> agents;  // agent index per seat
  std::vector<int> ranks;   // 0 = first; equal ranks = a tie
};

struct PlackettLuceFit {
  std::vector<double> theta;                    // natural log of strength
  std::vector<std::vector<double>> covariance;  // of theta
  int iterations = 0;
  bool converged = false;  // the last Newton step was below the tolerance
};

struct RatingOptions {
  double prior_games = 1;     // virtual wins (and as many losses) against the phantom, per agent
  double tolerance = 1e-9;    // largest Newton step in theta at convergence
  int max_iterations = 3000;  // MM and Newton together
};

PlackettLuceFit fit_plackett_luce(int num_agents, const std::vector<RankedGame>& games,
                                  const RatingOptions& options = {});

struct EloRating {
  double elo = 0;
  double ci_low = 0, ci_high = 0;  // 95%
};

// Elo ratings anchored so that agent `anchor` (or, when nullopt, the mean of all agents) is at
// anchor_elo. Intervals are for the difference to the anchor, so the anchor agent's is empty.
std::vector<EloRating> elo_ratings(const PlackettLuceFit& fit, std::optional<int> anchor, double anchor_elo);

inline constexpr double kEloPerNat = 173.71779276130073;  // 400 / ln 10

}  // namespace pamir::tournament
