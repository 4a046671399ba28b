#pragma once
// A sequential probability ratio test for "is A stronger than B?", the way engine developers
// accept a change: games come in pairs on the same deal with the seats swapped, and after each
// pair the log-likelihood ratio of H1 (A is elo1 stronger) to H0 (A is elo0 stronger) is
// compared with Wald's bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha).
//
// The LLR is the pentanomial one: a pair's score for A is 0, 0.5, 1, 1.5 or 2 (out of 2), and
// the five frequencies give its mean and variance. With the normal approximation of the
// generalized SPRT, LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v), where m and v are the mean and
// variance of the per-game pair score (pair score / 2), N the number of pairs, and s0, s1 the
// expected per-game scores under H0 and H1 (logistic Elo: s = 1 / (1 + 10^(-elo / 400))).
// Pairing removes the deal's luck from the variance, which is why it stops sooner than a
// trinomial test on single games. The variance is estimated with one pseudo-pair added to each
// cell, so that the first few pairs, often alike, cannot give a near-infinite LLR.

#include <array>

namespace pamir::tournament {

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 10;
  double alpha = 0.05;  // chance of accepting H1 when H0 holds
  double beta = 0.05;   // chance of accepting H0 when H1 holds
};

enum class SprtVerdict { kContinue, kH0, kH1 };

class Sprt {
 public:
  // Throws std::invalid_argument unless 0 < alpha, beta < 0.5 and elo0 < elo1.
  explicit Sprt(const SprtConfig& config);

  // score: A's points in the pair, one of 0, 0.5, 1, 1.5, 2.
  void add_pair(double score);
  double llr() const;
  double lower_bound() const { return lower_; }
  double upper_bound() const { return upper_; }
  SprtVerdict verdict() const;
  long pairs() const;
  const std::array<long, 5>& pentanomial() const { return counts_; }
  // A's mean score per game and the Elo difference it implies (logistic).
  double score() const;
  double elo_estimate() const;

 private:
  SprtConfig config_;
  double lower_, upper_;
  std::array<long, 5> counts_{};
};

double expected_score(double elo);

}  // namespace pamir::tournament
