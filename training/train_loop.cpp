#include "training/train_loop.h"

#include <fmt/printf.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "core/splitmix.h"
#include "dist/remote_games.h"
#include "games/registry.h"
#include "io/file_io.h"
#include "nets/trainer.h"
#include "selfplay/npz.h"
#include "selfplay/progress_bar.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "tournament/rating.h"
#include "tournament/tournament.h"

namespace pamir::selfplay {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Processor seconds this process has used, all its threads together: what a phase costs
// whatever else the machine is doing (the learning curve's x axis), where wall seconds
// depend on the load and the thread count.
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

std::string numbered(const std::string& dir, const char* prefix, int generation, const char* suffix) {
  return dir + fmt::sprintf("/%s%03d%s", prefix, generation, suffix);
}

struct RunPaths {
  explicit RunPaths(const std::string& d)
      : dir(d),
        shards(d + "/shards"),
        nets(d + "/nets"),
        eval(d + "/eval"),
        generations(d + "/generations") {}
  std::string dir, shards, nets, eval, generations;
  std::string weights(int g) const { return numbered(nets, "gen", g, ".weights"); }
  std::string checkpoint(int g) const { return numbered(nets, "gen", g, ".ckpt"); }
  std::string record(int g) const { return numbered(generations, "gen", g, ".json"); }
  std::string selfplay_measures(int g) const { return numbered(generations, "gen", g, "-selfplay.json"); }
  std::string eval_results(int g, const char* opponent) const {
    return numbered(eval, "gen", g, ("-vs-" + std::string(opponent) + ".jsonl").c_str());
  }
  // The final matches are named by the run's last generation, so that extending a finished
  // run (--generations more) plays its new last generation's matches in files of their own.
  std::string final_results(int last, const std::string& opponent) const {
    return numbered(eval, "final-gen", last, ("-vs-" + opponent + ".jsonl").c_str());
  }
  std::string yardstick_results(int g, const std::string& opponent) const {
    return numbered(eval, "gen", g, ("-yardstick-" + opponent + ".jsonl").c_str());
  }
  std::string yardstick_reference() const { return eval + "/yardstick-reference.jsonl"; }
};

// The net shape of the config's game: what its shards, weights and checkpoints must have.
const nets::NetShape& shape_of(const TrainConfig& c) { return games::game(c.game).net_shape(); }

nets::TrainerOptions trainer_options(const TrainConfig& c) {
  nets::TrainerOptions o;
  o.shape = shape_of(c);
  o.net.width = c.net_width;
  o.net.blocks = c.net_blocks;
  o.learning_rate = c.learning_rate;
  o.weight_decay = c.weight_decay;
  o.value_weight = c.value_weight;
  o.aux_weight = c.aux_weight;
  o.seed = c.seed;
  return o;
}

// Saves weights then checkpoint: the checkpoint's presence says both are complete.
void save_generation(const nets::Trainer& trainer, const RunPaths& paths, int g,
                     const std::string& metadata) {
  nets::save_weights(paths.weights(g), trainer.export_weights());
  trainer.save_checkpoint(paths.checkpoint(g), metadata);
}

// The rows of the shards of generations [first, last]; corrupt shards are skipped with a
// warning and counted.
ShardRows load_window(const RunPaths& paths, const nets::NetShape& shape, int first, int last, int& shards,
                      int& skipped) {
  ShardRows rows;
  rows.shape = shape;
  shards = skipped = 0;
  for (int g = first; g <= last; ++g)
    for (const auto& path : generation_shards(paths.shards, g)) {
      try {
        rows.append(read_shard(path, shape));  // a shard of another game or encoder is refused
        ++shards;
      } catch (const NpzError& e) {
        std::fprintf(stderr, "warning: skipping corrupt shard %s\n", e.what());
        ++skipped;
      }
    }
  return rows;
}

// Puts row r of the rows into slot i of the batch.
void set_batch_row(const ShardRows& w, int r, int i, std::vector<nets::Feature>& features,
                   nets::TrainBatch& batch) {
  features.clear();
  for (int k = w.feature_begin[r]; k < w.feature_begin[r + 1]; ++k)
    features.push_back({w.feature_index[k], w.feature_value[k]});
  const int legal_at = w.legal_begin[r];
  batch.set_encoded_row(i, features.data(), int(features.size()), w.legal_action.data() + legal_at,
                        w.policy.data() + legal_at, w.legal_begin[r + 1] - legal_at,
                        w.value.data() + std::size_t(r) * w.shape.num_seats, w.num_players[r]);
  batch.set_aux_row(i, w.result.data() + std::size_t(r) * w.shape.num_seats,
                    w.vp_margin.data() + std::size_t(r) * w.shape.num_seats);
}

// Fills the batch with rows drawn uniformly (with replacement) from the window.
void fill_batch(const ShardRows& w, int size, std::uint64_t& rng, std::vector<nets::Feature>& features,
                nets::TrainBatch& batch) {
  batch.resize(w.shape, size);
  for (int i = 0; i < size; ++i) set_batch_row(w, splitmix_below(rng, w.rows()), i, features, batch);
}

// The trainer's mean losses over (at most kHoldoutRows evenly spaced) rows, without training.
LossPoint holdout_losses(nets::Trainer& trainer, const ShardRows& rows, int batch_size) {
  constexpr int kHoldoutRows = 8192;
  LossPoint mean{trainer.steps(), 0, 0, 0};
  if (rows.rows() == 0) return mean;
  const int stride = (rows.rows() + kHoldoutRows - 1) / kHoldoutRows;
  std::vector<int> picked;
  for (int r = 0; r < rows.rows(); r += stride) picked.push_back(r);
  nets::TrainBatch batch;
  std::vector<nets::Feature> features;
  for (std::size_t at = 0; at < picked.size(); at += batch_size) {
    const int n = int(std::min<std::size_t>(batch_size, picked.size() - at));
    batch.resize(rows.shape, n);
    for (int i = 0; i < n; ++i) set_batch_row(rows, picked[at + i], i, features, batch);
    const nets::TrainStats s = trainer.losses(batch);
    mean.loss += s.loss * n, mean.policy += s.policy_loss * n, mean.value += s.value_loss * n;
  }
  const double total = double(picked.size());
  mean.loss /= total, mean.policy /= total, mean.value /= total;
  return mean;
}

void train_generation(const TrainConfig& c, const RunPaths& paths, int g, GenerationRecord& record) {
  const auto started = Clock::now();
  const double cpu_started = process_cpu_seconds();
  if (fs::exists(paths.checkpoint(g))) {  // trained before a kill: the losses are in the checkpoint
    const nets::Trainer done = nets::Trainer::load_checkpoint(paths.checkpoint(g), shape_of(c));
    const auto meta = nlohmann::json::parse(done.metadata());
    for (const auto& p : meta.at("losses")) record.losses.push_back({p.at(0), p.at(1), p.at(2), p.at(3)});
    record.window_rows = meta.at("window_rows"), record.window_shards = meta.at("window_shards");
    record.skipped_shards = meta.at("skipped_shards"), record.train_seconds = meta.at("seconds");
    record.train_cpu_seconds = meta.value("cpu_seconds", -1.0);
    const auto& h = meta.at("holdout");
    record.holdout = {h.at(0), h.at(1), h.at(2), h.at(3)};
    return;
  }
  nets::Trainer trainer = nets::Trainer::load_checkpoint(paths.checkpoint(g - 1), shape_of(c));
  trainer.set_learning_settings(trainer_options(c));
  int newest_shards = 0, newest_skipped = 0;
  const ShardRows newest = load_window(paths, shape_of(c), g, g, newest_shards, newest_skipped);
  record.holdout = holdout_losses(trainer, newest, c.batch_size);
  ShardRows window = load_window(paths, shape_of(c), std::max(1, g - c.window_generations + 1), g - 1,
                                 record.window_shards, record.skipped_shards);
  window.append(newest);
  record.window_shards += newest_shards, record.skipped_shards += newest_skipped;
  record.window_rows = window.rows();
  if (window.rows() == 0)
    std::fprintf(stderr, "warning: generation %d has no training rows; the net is unchanged\n", g);
  const int steps = window.rows() > 0 ? c.train_steps : 0;
  const int every = std::max(1, steps / 25);  // about 25 points of the loss curve per generation
  std::uint64_t rng = game_seed(c.seed ^ 0x7A11ull, g, 0);
  nets::TrainBatch batch;
  std::vector<nets::Feature> features;
  ProgressBar bar("train gen " + std::to_string(g), steps);
  LossPoint sum;
  for (int step = 0; step < steps; ++step) {
    fill_batch(window, c.batch_size, rng, features, batch);
    const nets::TrainStats s = trainer.step(batch);
    sum.loss += s.loss, sum.policy += s.policy_loss, sum.value += s.value_loss;
    if ((step + 1) % every == 0 || step + 1 == steps) {
      const int n = (step % every) + 1;
      record.losses.push_back({long(trainer.steps()), sum.loss / n, sum.policy / n, sum.value / n});
      sum = {};
    }
    bar.update(step + 1);
  }
  bar.finish();
  record.train_seconds = seconds_since(started);
  record.train_cpu_seconds = process_cpu_seconds() - cpu_started;
  nlohmann::json meta = {{"generation", g},
                         {"cpu_seconds", record.train_cpu_seconds},
                         {"window_rows", record.window_rows},
                         {"window_shards", record.window_shards},
                         {"skipped_shards", record.skipped_shards},
                         {"seconds", record.train_seconds},
                         {"losses", nlohmann::json::array()}};
  for (const auto& p : record.losses) meta["losses"].push_back({p.step, p.loss, p.policy, p.value});
  meta["holdout"] = {record.holdout.step, record.holdout.loss, record.holdout.policy, record.holdout.value};
  save_generation(trainer, paths, g, meta.dump());
}

// Plays (or resumes) a two-agent match; returns the games. The results file names the
// agents by their labels (paths relative to the run folder), so a moved folder resumes.
std::vector<tournament::GameResult> play_match(const TrainConfig& c, tournament::RemoteGames* remote,
                                               const std::vector<std::string>& agents,
                                               const std::vector<std::string>& labels, long games,
                                               std::uint64_t seed, const std::string& results_path,
                                               const std::string& label) {
  tournament::TournamentConfig t;
  t.game = c.game;
  t.agents = agents;
  t.labels = labels;
  t.players = c.players;
  t.games = games;
  t.seed = seed;
  t.seating = c.players == 2 ? tournament::Seating::kDistinct : tournament::Seating::kRepeats;
  t.threads = thread_count(c);
  t.max_decisions = c.max_decisions;
  t.results_path = results_path;
  t.resume = fs::exists(results_path);
  t.remote = remote;
  std::unique_ptr<ProgressBar> bar;
  auto result = tournament::run_tournament(t, [&](const tournament::Progress& p) {
    if (!bar) bar = std::make_unique<ProgressBar>(label, p.total, p.resumed);
    bar->update(p.done);
  });
  if (bar) bar->finish();
  return result.games;
}

// Agent 0's mean win share per seat it held.
MatchScore score_of_first(const std::string& opponent, const std::vector<tournament::GameResult>& games) {
  double wins = 0;
  long seats = 0;
  for (const auto& g : games)
    for (std::size_t s = 0; s < g.seats.size(); ++s)
      if (g.seats[s] == 0) wins += tournament::win_share(g, int(s)), ++seats;
  return match_score(opponent, seats, wins);
}

// An opponent of the net under evaluation, and its agent index in the ratings: generation g
// is g, the fixed opponents follow the generations.
struct Opponent {
  std::string name, spec, label;  // label: the spec with paths relative to the run folder
  int id;
};

// The fixed opponents every generation meets after the previous generation: ISMCTS with
// random rollouts (the baseline), ISMCTS with the heuristic at the nets' iterations, and the
// game's automated opponent (Pax Pamir's Wakhan), if it has one.
std::vector<Opponent> fixed_opponents(const TrainConfig& c) {
  const std::string heuristic = "ismcts:iters=" + std::to_string(c.eval_iters) + ",eval=heuristic";
  std::vector<Opponent> o{{"baseline", baseline_agent_spec(c), baseline_agent_spec(c), c.generations + 1},
                          {"heuristic", heuristic, heuristic, c.generations + 2}};
  // She takes one seat, so in a two-agent match she needs a two-seat game.
  const std::string automaton(games::game(c.game).automaton());
  if (!automaton.empty() && c.players == 2) o.push_back({automaton, automaton, automaton, c.generations + 3});
  return o;
}

struct EvalGames {
  std::vector<tournament::RankedGame> ranked;  // agents by Opponent::id
  std::vector<long> games_of;                  // per agent
};

void add_games(EvalGames& all, const std::vector<tournament::GameResult>& games,
               const std::vector<int>& agent_ids) {
  for (const auto& g : games) {
    tournament::RankedGame r;
    for (std::size_t s = 0; s < g.seats.size(); ++s) r.agents.push_back(agent_ids[g.seats[s]]);
    // Games, not seats: at 3-5 seats an agent may hold several seats of one game.
    for (std::size_t a = 0; a < agent_ids.size(); ++a)
      if (std::find(g.seats.begin(), g.seats.end(), int(a)) != g.seats.end()) ++all.games_of[agent_ids[a]];
    r.ranks = g.ranks;
    all.ranked.push_back(std::move(r));
  }
}

Opponent generation_opponent(const TrainConfig& c, const std::string& dir, int g, int iters) {
  return {"gen" + std::to_string(g), net_agent_spec(c, dir, g, iters), net_agent_spec(c, ".", g, iters), g};
}
Opponent generation_opponent(const TrainConfig& c, const std::string& dir, int g) {
  return generation_opponent(c, dir, g, c.eval_iters);
}

// The yardstick opponents: heuristic ISMCTS at yardstick_iters and the game's automated
// opponent where she can sit (a two-seat game, as above). Nothing of the run's own settings
// names them or their deals, so that every run and recipe meets the same yardstick.
std::vector<Opponent> yardstick_opponents(const TrainConfig& c) {
  const std::string heuristic = "ismcts:iters=" + std::to_string(c.yardstick_iters) + ",eval=heuristic";
  std::vector<Opponent> o{{"heuristic", heuristic, heuristic, c.generations + 1}};
  const std::string automaton(games::game(c.game).automaton());
  if (!automaton.empty() && c.players == 2) o.push_back({automaton, automaton, automaton, c.generations + 2});
  return o;
}

// The deals of generation g's games against yardstick opponent k: the same in every run.
std::uint64_t yardstick_seed(int g, int k) { return game_seed(0x9A4D5717C0ull, g, k); }

// Plays (or resumes) a net's match against an opponent, adds the games to the ratings (by
// their ids) and returns the net's score.
MatchScore play_rated(const TrainConfig& c, tournament::RemoteGames* remote, const Opponent& net,
                      const Opponent& opponent, long games, std::uint64_t seed,
                      const std::string& results_path, const std::string& label, EvalGames& ratings) {
  const auto played = play_match(c, remote, {net.spec, opponent.spec}, {net.label, opponent.label}, games,
                                 seed, results_path, label);
  add_games(ratings, played, {net.id, opponent.id});
  return score_of_first(opponent.name, played);
}

// Plays (or resumes) generation g's games against each yardstick opponent, adds them to the
// yardstick's ratings and returns the net's score against each.
std::vector<MatchScore> rate_on_yardstick(const TrainConfig& c, tournament::RemoteGames* remote,
                                          const std::string& dir, const RunPaths& paths, int g,
                                          EvalGames& yardstick) {
  std::vector<MatchScore> scores;
  if (c.yardstick_games == 0) return scores;
  const Opponent net = generation_opponent(c, dir, g, c.yardstick_iters);
  const auto opponents = yardstick_opponents(c);
  for (std::size_t k = 0; k < opponents.size(); ++k)
    scores.push_back(play_rated(c, remote, net, opponents[k], c.yardstick_games, yardstick_seed(g, int(k)),
                                paths.yardstick_results(g, opponents[k].name),
                                "yardstick gen " + std::to_string(g) + "-" + opponents[k].name, yardstick));
  return scores;
}

std::uint64_t eval_seed(const TrainConfig& c, int g, int match) {
  return game_seed(c.seed ^ 0xE7A1ull, g, match);
}

// Where two yardstick opponents sit (heuristic ISMCTS and Wakhan at 2 players), plays (or
// resumes) yardstick_games games between them, on deals of their own that no run's settings
// change: they place the second opponent against the first in every run alike, so that a
// generation's rating rests on its own games and these, never on the run's other generations.
void play_yardstick_reference(const TrainConfig& c, tournament::RemoteGames* remote, const RunPaths& paths,
                              EvalGames& yardstick) {
  const auto opponents = yardstick_opponents(c);
  if (c.yardstick_games == 0 || opponents.size() < 2) return;
  const Opponent& first = opponents[0];
  constexpr int kNoGeneration = -1;  // the reference deals are no generation's
  play_rated(c, remote, first, opponents[1], c.yardstick_games, game_seed(0x9A4D5717C0ull, kNoGeneration, 0),
             paths.yardstick_reference(), "yardstick reference " + first.name + "-" + opponents[1].name,
             yardstick);
}

// Plays (or resumes) generation g's net at the evaluation budget against the opponent, adds
// the games to the ratings and returns the net's score.
MatchScore play_rated_match(const TrainConfig& c, tournament::RemoteGames* remote, const std::string& dir,
                            int g, const Opponent& opponent, long games, std::uint64_t seed,
                            const std::string& results_path, const std::string& label, EvalGames& all) {
  return play_rated(c, remote, generation_opponent(c, dir, g), opponent, games, seed, results_path, label,
                    all);
}

void evaluate_generation(const TrainConfig& c, tournament::RemoteGames* remote, const std::string& dir,
                         const RunPaths& paths, int g, GenerationRecord& record, EvalGames& all,
                         EvalGames& yardstick, std::vector<std::vector<MatchScore>>& yardstick_scores) {
  const auto started = Clock::now();
  const double cpu_started = process_cpu_seconds();
  if (c.eval_games > 0) {
    record.matches.push_back(
        play_rated_match(c, remote, dir, g, generation_opponent(c, dir, g - 1), c.eval_games,
                         eval_seed(c, g, 0), paths.eval_results(g, "previous"),
                         "eval gen " + std::to_string(g) + "-" + std::to_string(g - 1), all));
    const auto fixed = fixed_opponents(c);
    for (std::size_t b = 0; b < fixed.size(); ++b)
      record.matches.push_back(play_rated_match(c, remote, dir, g, fixed[b], c.eval_games,
                                                eval_seed(c, g, 1 + int(b)),
                                                paths.eval_results(g, fixed[b].name.c_str()),
                                                "eval gen " + std::to_string(g) + "-" + fixed[b].name, all));
  }
  yardstick_scores.resize(std::max<std::size_t>(yardstick_scores.size(), g + 1));
  yardstick_scores[g] = rate_on_yardstick(c, remote, dir, paths, g, yardstick);
  record.eval_seconds = seconds_since(started);
  record.eval_cpu_seconds = process_cpu_seconds() - cpu_started;
}

// One Plackett-Luce fit over the games of the generations up to last_generation and the
// fixed opponents (ids after the generations), with agent `anchor` at 0 Elo.
std::vector<RatingRow> compute_ratings(const TrainConfig& c, const EvalGames& all, int last_generation,
                                       const std::vector<Opponent>& fixed, int anchor) {
  const int num_agents = c.generations + 1 + int(fixed.size());
  std::vector<RatingRow> rows;
  if (all.ranked.empty()) return rows;
  const auto fit = tournament::fit_plackett_luce(num_agents, all.ranked);
  const auto elo = tournament::elo_ratings(fit, anchor, 0);
  for (int a = 0; a < num_agents; ++a) {
    const bool is_fixed = a > c.generations;
    if (!is_fixed && a > last_generation) continue;
    if (all.games_of[a] == 0) continue;  // a fixed opponent not met yet (an older run resumed)
    rows.push_back({is_fixed ? fixed[a - c.generations - 1].name : "gen" + std::to_string(a),
                    is_fixed ? -1 : a, elo[a].elo, elo[a].ci_low, elo[a].ci_high, all.games_of[a]});
  }
  return rows;
}

// The games of `all` among the given agents only.
EvalGames games_among(const EvalGames& all, const std::vector<int>& agents) {
  EvalGames out;
  out.games_of.assign(all.games_of.size(), 0);
  for (const auto& g : all.ranked) {
    if (!std::all_of(g.agents.begin(), g.agents.end(),
                     [&](int a) { return std::find(agents.begin(), agents.end(), a) != agents.end(); }))
      continue;
    out.ranked.push_back(g);
    std::vector<int> seated = g.agents;
    std::sort(seated.begin(), seated.end());
    seated.erase(std::unique(seated.begin(), seated.end()), seated.end());
    for (const int a : seated) ++out.games_of[a];
  }
  return out;
}

// The yardstick's ratings, heuristic ISMCTS at 0: each generation fitted on its own yardstick
// games and the reference games between the opponents alone, so that a net's point is the same
// in any run that played it the same games, whatever the run's other generations did (one fit
// over every generation had let them move it: generation 0, one net, rated -118 to +12 across
// runs); the opponents' rows from the reference games (or, in a run without them, from all).
std::vector<RatingRow> yardstick_ratings(const TrainConfig& c, const EvalGames& yardstick,
                                         int last_generation) {
  const auto opponents = yardstick_opponents(c);
  std::vector<int> fixed_ids;
  for (const Opponent& o : opponents) fixed_ids.push_back(o.id);
  const EvalGames reference = games_among(yardstick, fixed_ids);
  std::vector<RatingRow> rows;
  for (int g = 0; g <= last_generation; ++g) {
    std::vector<int> agents = fixed_ids;
    agents.push_back(g);
    for (const RatingRow& row :
         compute_ratings(c, games_among(yardstick, agents), g, opponents, c.generations + 1))
      if (row.generation == g) rows.push_back(row);
  }
  const auto opponent_rows =
      compute_ratings(c, reference.ranked.empty() ? yardstick : reference, -1, opponents, c.generations + 1);
  rows.insert(rows.end(), opponent_rows.begin(), opponent_rows.end());
  return rows;
}

// The evaluation ratings (generation 0 at 0) and the yardstick's (heuristic ISMCTS at 0).
void update_ratings(const TrainConfig& c, const EvalGames& all, const EvalGames& yardstick,
                    int last_generation, TrainRunResult& result) {
  result.ratings = compute_ratings(c, all, last_generation, fixed_opponents(c), 0);
  if (c.yardstick_games == 0) return;
  result.yardstick_ratings = yardstick_ratings(c, yardstick, last_generation);
  result.curve = learning_curve(result.records, result.yardstick_ratings, result.yardstick_scores);
}

// Rank 0's coordination cost per generation of a run over MPI ranks: what it sent and
// received, the time it took to hand out jobs, and the time it waited for the others after
// its own share was done. One line to stderr (docs/distributed.md).
class CoordinationReport {
 public:
  explicit CoordinationReport(const dist::Cluster* cluster) : cluster_(cluster) { mark(); }
  void report(int g) {
    if (!cluster_) return;
    std::fprintf(
        stderr,
        "ranks: %d; rank 0 sent %.2f MB and received %.2f MB in generation %d; handing out jobs took %.3f s, "
        "waiting for the other ranks %.2f s\n",
        cluster_->size(), (cluster_->bytes_sent() - sent_) / 1e6,
        (cluster_->bytes_received() - received_) / 1e6, g, cluster_->sending_seconds() - sending_,
        cluster_->waiting_seconds() - waiting_);
    mark();
  }

 private:
  void mark() {
    if (!cluster_) return;
    sent_ = cluster_->bytes_sent(), received_ = cluster_->bytes_received();
    sending_ = cluster_->sending_seconds(), waiting_ = cluster_->waiting_seconds();
  }
  const dist::Cluster* cluster_;
  long long sent_ = 0, received_ = 0;
  double sending_ = 0, waiting_ = 0;
};

void write_reports(const TrainConfig& c, const RunPaths& paths, const TrainRunResult& r) {
  io::write_file_atomically(paths.dir + "/metrics.csv",
                            metrics_csv(r.records, games::game(c.game).automaton()));
  io::write_file_atomically(paths.dir + "/losses.csv", losses_csv(r.records));
  io::write_file_atomically(paths.dir + "/ratings.txt", rating_table(r.ratings));
  if (!r.curve.empty()) io::write_file_atomically(paths.dir + "/curve.csv", curve_csv(r.curve));
  io::write_file_atomically(paths.dir + "/report.html",
                            run_report_html(c, r.records, r.ratings, r.final_matches, r.curve));
}

// The self-play measures of the process that played generation g's games (its net calls,
// leaves per call, threads, wall and processor seconds), into the record. They are kept in
// generations/genNNN-selfplay.json once self-play is complete, so that a run killed after
// self-play reports them on --resume, not the nothing the resuming process played (and the
// learning curve keeps the generation's processor time). A generation whose self-play was
// itself cut by a kill has the measures of the process that finished it.
void measure_selfplay(const RunPaths& paths, int g, const SelfPlayResult& sp, double cpu_seconds,
                      GenerationRecord& record) {
  const std::string path = paths.selfplay_measures(g);
  nlohmann::json m;
  if (sp.counters.games == 0 && fs::exists(path)) {
    m = nlohmann::json::parse(io::read_file(path), nullptr, false);
    if (m.is_discarded() || !m.is_object())
      throw std::runtime_error(path + ": malformed self-play measures (delete it to measure nothing)");
  } else {
    m = {{"evaluator_calls", sp.counters.evaluator_calls},
         {"leaves", sp.counters.leaves},
         {"iterations", sp.counters.iterations},
         {"threads", sp.threads},
         {"seconds", sp.wall_seconds},
         {"cpu_seconds", cpu_seconds}};
    io::write_file_atomically(path, m.dump(1) + "\n");
  }
  try {
    const long calls = m.at("evaluator_calls"), leaves = m.at("leaves"), iterations = m.at("iterations");
    const double seconds = m.at("seconds");
    record.evaluator_calls = calls;
    record.leaves_per_call = calls ? double(leaves) / double(calls) : 0;
    record.simulations_per_second = seconds > 0 ? double(iterations) / seconds : 0;
    record.threads = m.at("threads"), record.selfplay_seconds = seconds;
    record.selfplay_cpu_seconds = m.at("cpu_seconds");
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": malformed self-play measures: " + e.what());
  }
}

// Generation 0: random weights drawn from the run's seed, or the initial net.
void save_first_generation(const TrainConfig& c, const RunPaths& paths, const InitialNet* initial) {
  nets::Trainer trainer(trainer_options(c));
  nlohmann::json meta = nlohmann::json::object();
  if (initial) {
    trainer.set_weights(initial->weights);
    meta["initial_weights"] = initial->path;
    std::fprintf(stderr, "generation 0: the net of %s\n", initial->path.c_str());
  }
  save_generation(trainer, paths, 0, meta.dump());
}

}  // namespace

std::string net_agent_spec(const TrainConfig& c, const std::string& dir, int generation, int iters) {
  return "ismcts:iters=" + std::to_string(iters) + ",c=" + key_value(c, "cpuct") +
         ",batch=" + std::to_string(c.leaves_per_search) +
         (c.heuristic_mix > 0 ? ",hmix=" + key_value(c, "heuristic_mix") : "") +
         (c.place_share > 0 ? ",places=" + key_value(c, "place_share") : "") +
         ",eval=net:" + RunPaths(dir).weights(generation);
}

std::string baseline_agent_spec(const TrainConfig& c) {
  return "ismcts:iters=" + std::to_string(c.baseline_iters) + ",eval=rollout";
}

InitialNet load_initial_net(const TrainConfig& c, const std::string& path) {
  InitialNet initial{path, nets::load_weights(path, shape_of(c))};
  const nets::NetConfig& n = initial.weights.config;
  if (n.width != c.net_width || n.blocks != c.net_blocks)
    throw std::runtime_error(path + ": the net is " + std::to_string(n.width) + " wide with " +
                             std::to_string(n.blocks) +
                             " blocks, the config's net_width = " + std::to_string(c.net_width) +
                             " and net_blocks = " + std::to_string(c.net_blocks));
  return initial;
}

TrainRunResult run_training(const TrainConfig& c, const std::string& dir, const RunRanks& ranks,
                            const InitialNet* initial, const EvaluatedCallback& evaluated) {
  const games::Game& game = games::game(c.game);
  const RunPaths paths(dir);
  const bool spread = ranks.cluster && ranks.cluster->size() > 1;
  std::unique_ptr<dist::RankTournamentGames> remote_games;
  if (spread) remote_games = std::make_unique<dist::RankTournamentGames>(*ranks.cluster, ranks.root_plays);
  for (const auto& d : {paths.shards, paths.nets, paths.eval, paths.generations}) fs::create_directories(d);
  if (!fs::exists(paths.checkpoint(0)))
    save_first_generation(c, paths, initial);
  else if (initial)
    throw std::runtime_error(dir + " already has a generation 0: an initial net starts a new run only");

  TrainRunResult result;
  EvalGames all, yardstick;
  all.games_of.assign(c.generations + 1 + fixed_opponents(c).size(), 0);
  yardstick.games_of.assign(c.generations + 1 + yardstick_opponents(c).size(), 0);
  // Generation 0 on the yardstick: where the curve starts, at no processor time.
  result.yardstick_scores.push_back(rate_on_yardstick(c, remote_games.get(), dir, paths, 0, yardstick));
  play_yardstick_reference(c, remote_games.get(), paths, yardstick);
  CoordinationReport coordination(spread ? ranks.cluster : nullptr);
  for (int g = 1; g <= c.generations; ++g) {
    GenerationRecord record;
    if (fs::exists(paths.record(g))) {
      record = parse_record(io::read_file(paths.record(g)), paths.record(g));
      // The evaluation games are in the results files: read them back for the ratings
      // (nothing is played again).
      const double eval_seconds = record.eval_seconds, eval_cpu_seconds = record.eval_cpu_seconds;
      record.matches.clear();
      evaluate_generation(c, remote_games.get(), dir, paths, g, record, all, yardstick,
                          result.yardstick_scores);
      record.eval_seconds = eval_seconds, record.eval_cpu_seconds = eval_cpu_seconds;
    } else {
      std::fprintf(stderr, "generation %d of %d\n", g, c.generations);
      record.generation = g;
      auto weights = std::make_shared<const nets::NetWeights>(
          nets::load_weights(paths.weights(g - 1), game.net_shape()));
      ProgressBar bar("self-play gen " + std::to_string(g), c.games_per_generation);
      const double selfplay_cpu_started = process_cpu_seconds();
      std::unique_ptr<dist::RankSelfPlayGames> remote;
      if (spread)
        remote = std::make_unique<dist::RankSelfPlayGames>(*ranks.cluster, ranks.root_plays,
                                                           io::read_file(paths.weights(g - 1)));
      const SelfPlayResult sp = run_selfplay(
          c, g, game.net_shape(), paths.shards, [&](int) { return game.make_selfplay_worker(c, g, weights); },
          [&](long done, long) { bar.update(done); }, remote.get());
      bar.finish();
      // The generation's games, those resumed from an earlier process's shards included; net
      // calls are this process's (they belong to no game), and leaves per call with them.
      SelfPlayCounters n = sp.counters;
      n += sp.resumed;
      record.games = n.games, record.rows = n.rows, record.decisions = n.decisions,
      record.searches = n.searches;
      record.iterations = n.iterations, record.leaves = n.leaves, record.resignations = n.resignations,
      record.audit_would_resign = n.audit_would_resign;
      record.resign_false = n.resign_false, record.capped = n.capped;
      measure_selfplay(paths, g, sp, process_cpu_seconds() - selfplay_cpu_started, record);
      train_generation(c, paths, g, record);
      evaluate_generation(c, remote_games.get(), dir, paths, g, record, all, yardstick,
                          result.yardstick_scores);
      io::write_file_atomically(paths.record(g), record_json(record));
      std::fprintf(stderr, "%s\n", generation_summary(record).c_str());
      if (spread) coordination.report(g);
      if (evaluated) evaluated();
    }
    result.records.push_back(record);
    update_ratings(c, all, yardstick, g, result);
    write_reports(c, paths, result);
  }
  if (c.final_eval_games > 0) {
    result.final_matches.push_back(play_rated_match(
        c, remote_games.get(), dir, c.generations, generation_opponent(c, dir, 0), c.final_eval_games,
        eval_seed(c, 0, 2), paths.final_results(c.generations, "gen000"), "final vs gen 0", all));
    // The baseline, and the game's automated opponent where she sits: what the last net is
    // for is to beat her at its own budget.
    const auto fixed = fixed_opponents(c);
    const std::string automaton(game.automaton());
    for (std::size_t b = 0; b < fixed.size(); ++b)
      if (b == 0 || (!automaton.empty() && fixed[b].name == automaton))
        result.final_matches.push_back(play_rated_match(c, remote_games.get(), dir, c.generations, fixed[b],
                                                        c.final_eval_games, eval_seed(c, 0, 3 + int(b)),
                                                        paths.final_results(c.generations, fixed[b].name),
                                                        "final vs " + fixed[b].name, all));
    update_ratings(c, all, yardstick, c.generations, result);
    if (evaluated) evaluated();
  }
  write_reports(c, paths, result);
  return result;
}

}  // namespace pamir::selfplay
