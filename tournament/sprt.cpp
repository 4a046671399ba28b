#include "tournament/sprt.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "tournament/play.h"

namespace pamir::tournament {

namespace {

// Pseudo-observations added to each cell for the variance estimate only (not the mean): the
// first few observations are often alike, and their near-zero variance alone would give a
// huge LLR and a verdict after a handful of games. Their weight fades as real ones accumulate.
constexpr double kVariancePriorObservations = 1;

// A's points in an observation go in halves: 0 to 2 in a pair (5 cells), 0 to 1 in a game (3).
constexpr double kPointsPerCell = 0.5;
int cells(Sprt::Unit unit) { return unit == Sprt::Unit::kPair ? 5 : 3; }

}  // namespace

double expected_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

SprtConfig parse_sprt(const std::string& text) {
  const std::invalid_argument malformed("--sprt takes elo0,elo1[,alpha,beta] (numbers), got \"" + text +
                                        "\"");
  std::vector<double> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || !std::isfinite(v)) throw malformed;
    parts.push_back(v);
  }
  if ((parts.size() != 2 && parts.size() != 4) || text.back() == ',') throw malformed;
  SprtConfig c;
  c.elo0 = parts[0];
  c.elo1 = parts[1];
  if (parts.size() == 4) {
    c.alpha = parts[2];
    c.beta = parts[3];
  }
  Sprt check(c);  // the same refusals as the test itself
  return c;
}

Sprt::Sprt(const SprtConfig& c, Unit unit)
    : config_(c),
      unit_(unit),
      lower_(std::log(c.beta / (1 - c.alpha))),
      upper_(std::log((1 - c.beta) / c.alpha)),
      counts_(cells(unit), 0) {
  if (!(c.alpha > 0 && c.alpha < 0.5 && c.beta > 0 && c.beta < 0.5))
    throw std::invalid_argument("alpha and beta must be between 0 and 0.5");
  if (!(c.elo0 < c.elo1)) throw std::invalid_argument("elo0 must be below elo1");
}

void Sprt::add(double score) {
  const double cell = score / kPointsPerCell;
  if (!(cell >= 0 && cell <= double(counts_.size() - 1) && cell == std::round(cell)))
    throw std::invalid_argument(unit_ == Unit::kPair ? "a pair's score must be 0, 0.5, 1, 1.5 or 2"
                                                     : "a game's score must be 0, 0.5 or 1");
  ++counts_[std::size_t(cell)];
}

long Sprt::observations() const {
  long n = 0;
  for (const long c : counts_) n += c;
  return n;
}

double Sprt::score() const {
  const long n = observations();
  if (n == 0) return 0.5;
  const double top = double(counts_.size() - 1);
  double sum = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) sum += double(counts_[i]) * (double(i) / top);
  return sum / double(n);
}

double Sprt::elo_estimate() const {
  const double s = std::clamp(score(), 1e-6, 1 - 1e-6);
  return -400 * std::log10(1 / s - 1);
}

double Sprt::llr() const {
  const long n = observations();
  if (n == 0) return 0;
  const double top = double(counts_.size() - 1);
  double total = 0, sum = 0, sum_sq = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    const double c = double(counts_[i]) + kVariancePriorObservations;
    const double x = double(i) / top;  // the observation's score per game
    total += c;
    sum += c * x;
    sum_sq += c * x * x;
  }
  const double mean = sum / total;
  const double var = sum_sq / total - mean * mean;
  const double s0 = expected_score(config_.elo0), s1 = expected_score(config_.elo1);
  return double(n) * (s1 - s0) * (2 * score() - s0 - s1) / (2 * var);
}

SprtVerdict Sprt::verdict() const {
  const double l = llr();
  if (l >= upper_) return SprtVerdict::kH1;
  if (l <= lower_) return SprtVerdict::kH0;
  return SprtVerdict::kContinue;
}

std::optional<double> head_to_head_score(const GameResult& g, int a, int b) {
  int best_a = -1, best_b = -1;  // the best rank of each agent's seats, -1: not seated
  for (std::size_t p = 0; p < g.seats.size(); ++p) {
    if (g.seats[p] == a && (best_a == -1 || g.ranks[p] < best_a)) best_a = g.ranks[p];
    if (g.seats[p] == b && (best_b == -1 || g.ranks[p] < best_b)) best_b = g.ranks[p];
  }
  if (best_a == -1 || best_b == -1) return std::nullopt;
  return best_a < best_b ? 1.0 : best_a == best_b ? 0.5 : 0.0;
}

int verdict_exit_status(SprtVerdict v) { return v == SprtVerdict::kH1 ? 0 : v == SprtVerdict::kH0 ? 3 : 4; }

const char* verdict_text(SprtVerdict v) {
  return v == SprtVerdict::kH1   ? "H1 accepted (A is stronger)"
         : v == SprtVerdict::kH0 ? "H0 accepted (A is not stronger)"
                                 : "inconclusive";
}

}  // namespace pamir::tournament
