#include "tournament/rating.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace pamir::tournament {
namespace {

// One place of one finishing order: `winner` takes it among the entries still unplaced
// (agent, number of its seats among them), with the weight of that order.
struct Stage {
  int winner;
  double weight;
  std::vector<std::pair<int, int>> entries;
};

void add_order_stages(const std::vector<int>& order, double weight, std::vector<Stage>& stages) {
  for (size_t i = 0; i + 1 < order.size(); ++i) {
    Stage st{order[i], weight, {}};
    for (size_t k = i; k < order.size(); ++k) {
      auto it =
          std::find_if(st.entries.begin(), st.entries.end(), [&](auto& e) { return e.first == order[k]; });
      if (it == st.entries.end())
        st.entries.push_back({order[k], 1});
      else
        ++it->second;
    }
    stages.push_back(std::move(st));
  }
}

// Every finishing order consistent with the game's ranks (ties in every possible order),
// each weighted equally so that the game counts once.
void add_game_stages(const RankedGame& g, int num_agents, std::vector<Stage>& stages) {
  const size_t m = g.agents.size();
  if (g.ranks.size() != m || m < 2)
    throw std::invalid_argument("a ranked game needs one rank per seat, 2 seats or more");
  for (const int a : g.agents)
    if (a < 0 || a >= num_agents) throw std::invalid_argument("agent index out of range in a ranked game");
  std::vector<int> seats(m);
  std::iota(seats.begin(), seats.end(), 0);
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return g.ranks[a] < g.ranks[b]; });
  // Tie groups are consecutive runs of equal rank; enumerate the orders of each run.
  std::vector<std::pair<size_t, size_t>> runs;
  double orders = 1;
  for (size_t i = 0; i < m;) {
    size_t j = i;
    while (j < m && g.ranks[seats[j]] == g.ranks[seats[i]]) ++j;
    runs.push_back({i, j});
    for (size_t k = 2; k <= j - i; ++k) orders *= double(k);
    i = j;
  }
  for (auto& [b, e] : runs) std::sort(seats.begin() + b, seats.begin() + e);
  while (true) {
    std::vector<int> order(m);
    for (size_t i = 0; i < m; ++i) order[i] = g.agents[seats[i]];
    add_order_stages(order, 1.0 / orders, stages);
    // Next combination of run permutations (odometer over the runs).
    size_t r = runs.size();
    while (r > 0 &&
           !std::next_permutation(seats.begin() + runs[r - 1].first, seats.begin() + runs[r - 1].second))
      --r;
    if (r == 0) return;
  }
}

// The log-likelihood (prior included) at theta, and optionally its gradient and the observed
// information (negative Hessian).
double log_likelihood(const std::vector<Stage>& stages, double prior, const Eigen::VectorXd& theta,
                      Eigen::VectorXd* grad, Eigen::MatrixXd* info) {
  const int n = int(theta.size());
  const Eigen::VectorXd g = theta.array().exp();
  double ll = 0;
  if (grad) grad->setZero(n);
  if (info) info->setZero(n, n);
  for (int j = 0; j < n; ++j) {  // one win and one loss against the phantom (theta 0)
    const double q = g[j] / (g[j] + 1);
    ll += prior * (theta[j] - 2 * std::log(g[j] + 1));
    if (grad) (*grad)[j] += prior * (1 - 2 * q);
    if (info) (*info)(j, j) += 2 * prior * q * (1 - q);
  }
  for (const Stage& st : stages) {
    double total = 0;
    for (auto& [a, c] : st.entries) total += c * g[a];
    ll += st.weight * (theta[st.winner] - std::log(total));
    if (grad) (*grad)[st.winner] += st.weight;
    for (auto& [a, c] : st.entries) {
      const double pa = c * g[a] / total;
      if (grad) (*grad)[a] -= st.weight * pa;
      if (!info) continue;
      (*info)(a, a) += st.weight * pa;
      for (auto& [b, d] : st.entries) (*info)(a, b) -= st.weight * pa * (d * g[b] / total);
    }
  }
  return ll;
}

}  // namespace

// Hunter's MM iterations get close to the maximum from any start (each one increases the
// likelihood); Newton steps on the concave log-likelihood then converge in a few iterations
// where MM alone would crawl.
PlackettLuceFit fit_plackett_luce(int num_agents, const std::vector<RankedGame>& games,
                                  const RatingOptions& options) {
  std::vector<Stage> stages;
  for (const RankedGame& g : games) add_game_stages(g, num_agents, stages);
  const int n = num_agents;
  const double prior = options.prior_games;
  std::vector<double> wins(n, prior);
  for (const Stage& st : stages) wins[st.winner] += st.weight;

  PlackettLuceFit fit;
  std::vector<double> strength(n, 1.0), denom(n);
  constexpr double kMmTolerance = 1e-4;
  constexpr int kMmIterations = 2000;
  for (int it = 0; it < kMmIterations; ++it, ++fit.iterations) {
    for (int j = 0; j < n; ++j) denom[j] = 2 * prior / (strength[j] + 1);  // vs the phantom
    for (const Stage& st : stages) {
      double total = 0;
      for (auto& [a, c] : st.entries) total += c * strength[a];
      for (auto& [a, c] : st.entries) denom[a] += st.weight * c / total;
    }
    double change = 0;
    for (int j = 0; j < n; ++j) {
      const double next = wins[j] / denom[j];
      change = std::max(change, std::abs(std::log(next / strength[j])));
      strength[j] = next;
    }
    if (change < kMmTolerance) break;
  }

  Eigen::VectorXd theta(n), grad(n);
  for (int j = 0; j < n; ++j) theta[j] = std::log(strength[j]);
  Eigen::MatrixXd info(n, n);
  double ll = log_likelihood(stages, prior, theta, &grad, &info);
  for (; fit.iterations < options.max_iterations; ++fit.iterations) {
    Eigen::VectorXd step = info.ldlt().solve(grad);
    // Halve the step until the likelihood does not drop (rarely needed this close).
    double next_ll = 0;
    for (int halvings = 0; halvings < 30; ++halvings, step /= 2) {
      next_ll = log_likelihood(stages, prior, theta + step, nullptr, nullptr);
      if (next_ll >= ll - 1e-12) break;
    }
    theta += step;
    ll = log_likelihood(stages, prior, theta, &grad, &info);
    if (step.cwiseAbs().maxCoeff() < options.tolerance) {
      fit.converged = true;
      break;
    }
  }

  const Eigen::MatrixXd cov = info.ldlt().solve(Eigen::MatrixXd::Identity(n, n));
  fit.theta.resize(n);
  fit.covariance.assign(n, std::vector<double>(n));
  for (int j = 0; j < n; ++j) {
    fit.theta[j] = theta[j];
    for (int k = 0; k < n; ++k) fit.covariance[j][k] = cov(j, k);
  }
  return fit;
}

std::vector<EloRating> elo_ratings(const PlackettLuceFit& fit, std::optional<int> anchor, double anchor_elo) {
  const int n = int(fit.theta.size());
  // contrast[k]: the weight of theta_k in the anchor's value.
  std::vector<double> contrast(n, anchor ? 0.0 : 1.0 / n);
  if (anchor) contrast.at(*anchor) = 1;
  double anchor_theta = 0;
  for (int k = 0; k < n; ++k) anchor_theta += contrast[k] * fit.theta[k];
  std::vector<EloRating> out(n);
  for (int j = 0; j < n; ++j) {
    // Variance of theta_j - anchor: e' C e with e = unit_j - contrast.
    double var = 0;
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        var += ((a == j) - contrast[a]) * ((b == j) - contrast[b]) * fit.covariance[a][b];
    const double elo = anchor_elo + kEloPerNat * (fit.theta[j] - anchor_theta);
    const double half = 1.959963984540054 * kEloPerNat * std::sqrt(std::max(0.0, var));
    out[j] = {elo, elo - half, elo + half};
  }
  return out;
}

}  // namespace pamir::tournament
