#pragma once
// The training run's settings: `key = value` lines with `#` comments (configs/*.cfg), one
// table of keys (config.cpp) that gives each key its type, range, default and help, so
// that parsing, checking, the resolved file saved in the run folder and the docs test all
// read the same list.
//
// Errors are one line and say where: "configs/tiny.cfg:12: unknown key 'gams'",
// "--set: games_per_generation = 0 is out of range 1..1000000".

#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <cstdint>
#include <map>

#include "io/games.h"

namespace pamir::selfplay {

struct TrainConfig {
  // The run.
  std::string game;  // the game's key (a config's `game = ...` line; io::kDefaultGame without one)
  int players;
  std::uint64_t seed;
  int threads;  // 0: every core OpenMP reports
  int generations;

  // Self-play.
  int games_per_generation;
  int games_per_worker;   // games one worker plays at once (their leaves share evaluator calls)
  int leaves_per_search;  // leaves one search collects per evaluator call
  int full_iters;         // iterations of a full search (its visits become a policy target)
  int fast_iters;         // iterations of the small search of the other moves
  double full_fraction;   // share of moves that get the full search (playout-cap randomization)
  double cpuct;
  int gumbel_actions;  // > 0: Gumbel root search over this many moves (policy targets from completed Q)
  double dirichlet_alpha;
  double dirichlet_weight;
  double temperature_start;  // move choice in full searches: visits^(1/T)
  double temperature_end;
  int temperature_moves;    // decisions over which T goes linearly from start to end
  double resign_threshold;  // 0 disables resignation
  double resign_audit_fraction;
  int games_per_shard;
  double heuristic_mix;     // share of the heuristic's value in every leaf value (search option hmix)
  double place_share;       // share of the finishing places in a finished game's value (search option places)
  double value_target_mix;  // share of the full search's root value in value targets (the rest: the result)
  double value_target_lambda;  // 0: that root value is the row's own; > 0: a TD(lambda) return
  double automaton_share;      // share of self-play games in which the automated opponent takes a seat
  int max_decisions;           // after this many decisions a game stops: self-play scores it by the standing,
                               // evaluation as a draw

  // The network.
  int net_width;
  int net_blocks;

  // Training.
  int window_generations;  // shards of this many recent generations are trained on
  int train_steps;         // optimizer steps per generation
  int batch_size;
  double learning_rate;
  double weight_decay;
  double value_weight;
  double aux_weight;  // weight of the auxiliary heads' losses (0: none; nets/trainer.h)

  // Evaluation.
  int eval_iters;        // search iterations per decision of every evaluated agent
  int eval_games;        // games of the new net against the previous one, and against the baseline
  int baseline_iters;    // iterations of the ISMCTS-rollout baseline
  int final_eval_games;  // games of the last generation against generation 0
  // The yardstick (the learning curve): every generation, 0 included, against fixed opponents
  // that do not change between runs or recipes, at one search budget.
  int yardstick_games;  // games against each yardstick opponent per generation; 0: no yardstick
  int yardstick_iters;  // iterations per decision of the net and of heuristic ISMCTS there

  // Where each key's value came from ("configs/tiny.cfg:12", "--set", "default"), for errors
  // found once the game is known (check_game_config).
  std::map<std::string, std::string> origin;

  TrainConfig();  // every key at its default
};

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using ConfigField = std::variant<int TrainConfig::*, std::uint64_t TrainConfig::*, double TrainConfig::*>;

struct ConfigKey {
  const char* name;
  ConfigField field;
  double min, max;  // inclusive
  const char* fallback;
  const char* help;
};

std::span<const ConfigKey> config_keys();

// Sets one key from its text; where prefixes the error message (e.g. "x.cfg:3"). A key's
// old name (wakhan_share, now automaton_share) sets the key it became.
void set_key(TrainConfig& config, const std::string& key, const std::string& value, const std::string& where);

// Parses config text (`key = value`, `#` comments, blank lines; a key given twice is an
// error) on top of the defaults. source names the text in errors. The config's game must be
// one pamir knows; its own rules (seat counts, the automaton) are check_game_config's.
TrainConfig parse_config(const std::string& text, const std::string& source);
// Reads the file once (a pipe too: `--config <(...)`); a folder is a one-line error.
TrainConfig load_config(const std::string& path);

// Applies "key=value" overrides (from --set and named flags) in order.
void apply_overrides(TrainConfig& config, const std::vector<std::string>& overrides);

// Cross-key rules (fast_iters <= full_iters, resignation only with 2 players, ...); throws
// ConfigError.
void check_config(const TrainConfig& config);
// The rules of the config's game (games::Game::facts): its seat counts (a config that sets no
// players takes the game's fewest) and whether it has an automated opponent, and at which counts. Throws
// ConfigError naming where the offending key was set.
void check_game_config(TrainConfig& config, const io::GameFacts& game);

// The resolved config as a config file (every key, with its help), that parse_config reads
// back to the same values.
std::string format_config(const TrainConfig& config);

// The value of one key as text (for reports and logs).
std::string key_value(const TrainConfig& config, const std::string& key);

// The keys a resumed run cannot honour a change of, where `resumed` differs from `saved`:
// the game, the seed, the net's shape, and what names the evaluation matches (their
// results files must match on resume). Empty when the change is fine.
std::vector<std::string> fixed_keys_changed(const TrainConfig& saved, const TrainConfig& resumed);

// The seed of game `index` of generation `generation` in a run seeded `seed`.
std::uint64_t game_seed(std::uint64_t seed, int generation, long index);

// The automated opponent's seat in that game, or -1: a share automaton_share of the games
// gives her a seat, chosen (like the game) by the seed alone.
int automaton_seat(const TrainConfig& config, std::uint64_t game_seed);

// The move temperature at decision number `decision` of a game.
double move_temperature(const TrainConfig& config, int decision);

}  // namespace pamir::selfplay
