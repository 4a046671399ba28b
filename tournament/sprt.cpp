#include "tournament/sprt.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pamir::tournament {

namespace {

// Pseudo-pairs added to each of the five cells for the variance estimate only (not the mean):
// the first few pairs are often alike, and their near-zero variance alone would give a huge
// LLR and a verdict after a handful of games. Their weight fades as real pairs accumulate.
constexpr double kVariancePriorPairs = 1;

}  // namespace

double expected_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

Sprt::Sprt(const SprtConfig& c)
    : config_(c), lower_(std::log(c.beta / (1 - c.alpha))), upper_(std::log((1 - c.beta) / c.alpha)) {
  if (!(c.alpha > 0 && c.alpha < 0.5 && c.beta > 0 && c.beta < 0.5))
    throw std::invalid_argument("alpha and beta must be between 0 and 0.5");
  if (!(c.elo0 < c.elo1)) throw std::invalid_argument("elo0 must be below elo1");
}

void Sprt::add_pair(double score) {
  const double cell = score * 2;
  if (!(cell >= 0 && cell <= 4 && cell == std::round(cell)))
    throw std::invalid_argument("a pair's score must be 0, 0.5, 1, 1.5 or 2");
  ++counts_[int(cell)];
}

long Sprt::pairs() const {
  long n = 0;
  for (const long c : counts_) n += c;
  return n;
}

double Sprt::score() const {
  const long n = pairs();
  if (n == 0) return 0.5;
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += counts_[i] * (i / 4.0);
  return sum / double(n);
}

double Sprt::elo_estimate() const {
  const double s = std::clamp(score(), 1e-6, 1 - 1e-6);
  return -400 * std::log10(1 / s - 1);
}

double Sprt::llr() const {
  const long n = pairs();
  if (n == 0) return 0;
  double total = 0, sum = 0, sum_sq = 0;
  for (int i = 0; i < 5; ++i) {
    const double c = double(counts_[i]) + kVariancePriorPairs;
    const double x = i / 4.0;
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

}  // namespace pamir::tournament
