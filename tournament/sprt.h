#pragma once
// A sequential probability ratio test for "is A stronger than B?", the way engine developers
// accept a change: after each observation the log-likelihood ratio of H1 (A is elo1 stronger)
// to H0 (A is elo0 stronger) is compared with Wald's bounds log(beta / (1 - alpha)) and
// log((1 - beta) / alpha), and the test stops by that rule alone.
//
// An observation is either
// - a pair of games on one deal with A's and B's seats swapped (pentanomial: A's points in the
//   pair are 0, 0.5, 1, 1.5 or 2), which removes the deal's luck from the variance and stops
//   sooner; or
// - one game (trinomial: A finished above B, level with B, or below B), for games that are
//   not paired, such as a tournament's.
// With the normal approximation of the generalized SPRT, LLR = N (s1 - s0) (2 m - s0 - s1) /
// (2 v), where m and v are the mean and variance of the per-game score of one observation (a
// pair's points / 2), N the number of observations, and s0, s1 the expected per-game scores
// under H0 and H1 (logistic Elo: s = 1 / (1 + 10^(-elo / 400))). The variance is estimated
// with one pseudo-observation added to each cell, so that the first few observations, often
// alike, cannot give a near-infinite LLR.

#include <optional>
#include <string>
#include <vector>

namespace pamir::tournament {

struct GameResult;

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 10;
  double alpha = 0.05;  // chance of accepting H1 when H0 holds
  double beta = 0.05;   // chance of accepting H0 when H1 holds
};

// "elo0,elo1" or "elo0,elo1,alpha,beta" (as `--sprt` takes it); throws std::invalid_argument
// (one line) for anything else, and for bounds the test refuses.
SprtConfig parse_sprt(const std::string& text);

enum class SprtVerdict { kContinue, kH0, kH1 };

class Sprt {
 public:
  enum class Unit { kPair, kGame };

  // Throws std::invalid_argument unless 0 < alpha, beta < 0.5 and elo0 < elo1.
  explicit Sprt(const SprtConfig& config, Unit unit = Unit::kPair);

  // One observation: A's points in it, 0 to 2 in steps of 0.5 for a pair, 0, 0.5 or 1 for a
  // game. Throws std::invalid_argument for any other score.
  void add(double score);
  double llr() const;
  double lower_bound() const { return lower_; }
  double upper_bound() const { return upper_; }
  SprtVerdict verdict() const;
  Unit unit() const { return unit_; }
  long observations() const;
  // Observations per score, lowest first: the pentanomial (5 cells) or trinomial (3) counts.
  const std::vector<long>& counts() const { return counts_; }
  // A's mean score per game and the Elo difference it implies (logistic).
  double score() const;
  double elo_estimate() const;
  const SprtConfig& config() const { return config_; }

 private:
  SprtConfig config_;
  Unit unit_;
  double lower_, upper_;
  std::vector<long> counts_;
};

double expected_score(double elo);

// A's score against B in one game, for a test on unpaired games: 1 when A finished above B,
// 0.5 when level (a draw, or a tie left after every tie-break), 0 when below; agents a and b
// are indices into the game's specs. An agent holding several seats counts by its best one.
// Empty when the game did not seat both.
std::optional<double> head_to_head_score(const GameResult& g, int a, int b);

// "H1 accepted (A is stronger)", "H0 accepted (A is not stronger)" or "inconclusive".
const char* verdict_text(SprtVerdict v);

// The exit status of a command whose result is the test's verdict (`pamir match`, `pamir
// tournament --sprt`): 0 when H1 is accepted, 3 when H0 is, 4 when the test ended undecided
// (1 and 2 stay the errors').
int verdict_exit_status(SprtVerdict v);

}  // namespace pamir::tournament
