#pragma once
// What a training run measured, generation by generation: one JSON file per generation in
// the run folder (written atomically when the generation is complete, so a resumed run
// knows what is done), and the CSV files and HTML report made from them.

#include <string>
#include <string_view>
#include <vector>

#include "selfplay/config.h"

namespace pamir::selfplay {

struct LossPoint {
  long step = 0;  // the trainer's step count (over the whole run)
  double loss = 0, policy = 0, value = 0;
};

// The new generation's games against one opponent: its share of the wins, with a 95%
// Wilson interval.
struct MatchScore {
  std::string opponent;
  long games = 0;
  double score = 0;  // win share of the new generation, 0..1
  double low = 0, high = 0;
};

// A 95% Wilson score interval for a win share over n games.
MatchScore match_score(std::string opponent, long games, double wins);

struct GenerationRecord {
  int generation = 0;
  // Self-play with the previous generation's net: every count is the generation's total, the
  // games resumed from an earlier process's shards included.
  long games = 0, rows = 0, decisions = 0, searches = 0, iterations = 0, leaves = 0;
  long resignations = 0, audit_would_resign = 0, resign_false = 0, capped = 0;
  // What the process that finished the generation measured of its own games: its net calls,
  // threads and seconds, its simulations per second and leaves per call.
  long evaluator_calls = 0;
  int threads = 0;
  double selfplay_seconds = 0, simulations_per_second = 0, leaves_per_call = 0;
  // Processor seconds of each phase, every thread of this process together (other MPI ranks
  // not counted); -1 in a record written before they were kept.
  double selfplay_cpu_seconds = -1, train_cpu_seconds = -1, eval_cpu_seconds = -1;
  // Training.
  long window_rows = 0;
  int window_shards = 0, skipped_shards = 0;
  double train_seconds = 0;
  std::vector<LossPoint> losses;  // sampled during the generation's steps
  // The losses of the net before this generation's training on this generation's games,
  // which it has never trained on: how well it generalizes (the training losses above can
  // fall by memorizing the window's games).
  LossPoint holdout;
  // Evaluation.
  std::vector<MatchScore> matches;
  double eval_seconds = 0;
};

std::string record_json(const GenerationRecord& r);
// Throws std::runtime_error with a one-line message for a malformed record.
GenerationRecord parse_record(const std::string& text, const std::string& source);

// One line per generation. automaton: the spec of the game's automated opponent (empty: none),
// whose match fills score_vs_automaton (score_vs_wakhan in files written before 2026-12-06).
std::string metrics_csv(const std::vector<GenerationRecord>& records, std::string_view automaton);
// One line per loss point.
std::string losses_csv(const std::vector<GenerationRecord>& records);

// An agent's rating on the Elo scale with a 95% interval (from the tournament ratings).
struct RatingRow {
  std::string agent;
  int generation = -1;  // -1: not a generation (the baseline)
  double elo = 0, low = 0, high = 0;
  long games = 0;
};

// A point of the learning curve: generation g's rating against the yardstick opponents, at
// the processor hours of self-play and training that made it (generations 1..g; evaluation
// is not counted). cpu_hours is -1 where an earlier generation's record has no processor time.
struct CurvePoint {
  int generation = 0;
  double cpu_hours = 0, wall_hours = 0;
  double elo = 0, low = 0, high = 0;  // Elo scale, heuristic ISMCTS at 0, 95% interval
  long games = 0;
  std::vector<MatchScore> scores;  // against each yardstick opponent
};

// The curve of a run: its yardstick ratings (RatingRow::generation >= 0) and scores by
// generation (scores[g]) placed at the hours its records give.
std::vector<CurvePoint> learning_curve(const std::vector<GenerationRecord>& records,
                                       const std::vector<RatingRow>& yardstick_ratings,
                                       const std::vector<std::vector<MatchScore>>& scores);
// One line per point; curve_points reads the file back (a one-line error names the source).
std::string curve_csv(const std::vector<CurvePoint>& curve);
std::vector<CurvePoint> parse_curve_csv(const std::string& text, const std::string& source);

// Runs' curves on one chart: Elo against processor hours, one series per run.
struct NamedCurve {
  std::string name;
  std::vector<CurvePoint> points;
};
std::string curve_svg(const std::vector<NamedCurve>& curves, const std::string& title);

// The rating table as text, best first.
std::string rating_table(const std::vector<RatingRow>& ratings);

// The self-contained HTML report: settings, loss curves, rating by generation, self-play
// speed, the final matches of the last generation.
std::string run_report_html(const TrainConfig& config, const std::vector<GenerationRecord>& records,
                            const std::vector<RatingRow>& ratings,
                            const std::vector<MatchScore>& final_matches,
                            const std::vector<CurvePoint>& curve = {});

// One console line for a finished generation: losses, held-out losses, stopped games,
// evaluation scores.
std::string generation_summary(const GenerationRecord& r);

}  // namespace pamir::selfplay
