#include "selfplay/config.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/splitmix.h"
#include "io/file_io.h"
#include "io/text.h"
#include "selfplay/config_lines.h"

namespace pamir::selfplay {
namespace {

using C = TrainConfig;

// The one list of keys. The shipped configs document every key again in their own words
// (a test checks that each config names every key).
const ConfigKey kKeys[] = {
    // The default is the game's fewest seats (check_game_config).
    {"players", &C::players, 1, io::kMaxSeats, "2", "seats per game"},
    {"seed", &C::seed, 0, 1.8e19, "1", "seeds games, noise and the initial weights"},
    {"threads", &C::threads, 0, 1024, "0", "self-play and evaluation threads (0: all cores)"},
    {"generations", &C::generations, 1, 10000, "4", "self-play -> train -> evaluate rounds"},
    {"games_per_generation", &C::games_per_generation, 1, 1e7, "64", "self-play games per generation"},
    {"games_per_worker", &C::games_per_worker, 1, 4096, "16", "games one worker plays at once"},
    {"leaves_per_search", &C::leaves_per_search, 1, 256, "4", "leaves a search collects per evaluator call"},
    {"full_iters", &C::full_iters, 1, 1e6, "64", "iterations of a full search (recorded as a policy target)"},
    {"fast_iters", &C::fast_iters, 1, 1e6, "16", "iterations of a fast search (not recorded)"},
    {"full_fraction", &C::full_fraction, 0, 1, "0.25", "share of moves searched fully"},
    {"cpuct", &C::cpuct, 0, 100, "1.5", "PUCT exploration constant"},
    {"gumbel_actions", &C::gumbel_actions, 0, 1000, "0",
     "Gumbel root search over this many moves, its improved policy as the target (0: PUCT, visit shares)"},
    {"dirichlet_alpha", &C::dirichlet_alpha, 1e-4, 100, "0.3", "root noise concentration"},
    {"dirichlet_weight", &C::dirichlet_weight, 0, 1, "0.25", "share of root noise in full searches' priors"},
    {"temperature_start", &C::temperature_start, 0, 10, "1", "move temperature at the first decision"},
    {"temperature_end", &C::temperature_end, 0, 10, "0.25", "move temperature after temperature_moves"},
    {"temperature_moves", &C::temperature_moves, 0, 100000, "60", "decisions of the temperature ramp"},
    {"resign_threshold", &C::resign_threshold, 0, 0.5, "0", "resign below this win share (0: never)"},
    {"resign_audit_fraction", &C::resign_audit_fraction, 0, 1, "0.1", "share of games that never resign"},
    {"heuristic_mix", &C::heuristic_mix, 0, 1, "0",
     "share of the heuristic's value mixed into the net's leaf values (self-play and evaluation)"},
    {"place_share", &C::place_share, 0, 1, "0",
     "share of the finishing places in a finished game's value, in search and value targets (0: the win "
     "alone)"},
    {"value_target_mix", &C::value_target_mix, 0, 1, "0",
     "share of the full search's root value in a row's value target (the rest: the game's result)"},
    {"value_target_lambda", &C::value_target_lambda, 0, 1, "0",
     "lambda of the root values mixed into value targets: 0 the row's own, up to 1 the game's result"},
    {"automaton_share", &C::automaton_share, 0, 1, "0",
     "share of self-play games in which the rules' automated opponent (Pax Pamir's Wakhan) takes one seat"},
    {"max_decisions", &C::max_decisions, 50, 1e6, "2000",
     "decisions after which a game stops (self-play: scored by the standing; evaluation: a draw)"},
    {"games_per_shard", &C::games_per_shard, 1, 1e6, "32", "finished games per training shard"},
    {"net_width", &C::net_width, 8, 4096, "64", "hidden units per layer"},
    {"net_blocks", &C::net_blocks, 0, 64, "1", "residual blocks"},
    {"window_generations", &C::window_generations, 1, 10000, "4", "recent generations trained on"},
    {"train_steps", &C::train_steps, 0, 1e8, "200", "optimizer steps per generation"},
    {"batch_size", &C::batch_size, 1, 65536, "128", "rows per optimizer step"},
    {"learning_rate", &C::learning_rate, 1e-7, 10, "0.001", "AdamW learning rate"},
    {"weight_decay", &C::weight_decay, 0, 1, "0.0001", "AdamW decoupled weight decay"},
    {"value_weight", &C::value_weight, 0, 100, "1", "value loss weight against the policy loss"},
    {"aux_weight", &C::aux_weight, 0, 100, "0",
     "weight of the auxiliary heads' losses (the game's result, victory-point margins; 0: no such heads)"},
    {"eval_iters", &C::eval_iters, 1, 1e6, "32", "search iterations per decision in evaluation games"},
    {"eval_games", &C::eval_games, 0, 1e6, "40", "games vs the previous net and vs the baseline"},
    {"baseline_iters", &C::baseline_iters, 1, 1e6, "32", "iterations of the ISMCTS-rollout baseline"},
    {"final_eval_games", &C::final_eval_games, 0, 1e6, "200",
     "games of the last generation vs generation 0, and vs the baseline"},
    {"yardstick_games", &C::yardstick_games, 0, 1e6, "0",
     "games of every generation vs each yardstick opponent (heuristic ISMCTS; the automaton at 2 players)"},
    {"yardstick_iters", &C::yardstick_iters, 1, 1e6, "200",
     "iterations per decision of the net and of heuristic ISMCTS in yardstick games"},
};

std::string known_games() {
  std::string keys;
  for (const io::KnownGame& g : io::kKnownGames) keys += (keys.empty() ? "" : ", ") + std::string(g.key);
  return keys;
}

// Keys renamed since configs were first written, old name first: a config or an override
// with the old name still loads, as the key it became.
constexpr std::pair<const char*, const char*> kRenamedKeys[] = {{"wakhan_share", "automaton_share"}};

// The key's present name.
std::string present_name(const std::string& name) {
  for (const auto& [old_name, new_name] : kRenamedKeys)
    if (name == old_name) return new_name;
  return name;
}

const ConfigKey* find_key(const std::string& name) {
  for (const auto& k : kKeys)
    if (name == k.name) return &k;
  return nullptr;
}

std::string range_text(const ConfigKey& k) {
  std::ostringstream o;
  o << k.min << ".." << k.max;
  return o.str();
}

// Parses the whole text as a number of the key's kind, or returns false.
bool parse_number(const ConfigKey& k, const std::string& text, double& as_double, TrainConfig* target) {
  const char* b = text.data();
  const char* e = b + text.size();
  if (text.empty()) return false;
  return std::visit(
      [&](auto field) {
        using T = std::remove_reference_t<decltype(std::declval<TrainConfig&>().*field)>;
        T v{};
        if constexpr (std::is_same_v<T, double>) {
          char* end = nullptr;
          v = std::strtod(b, &end);
          if (end != e || !std::isfinite(v)) return false;
        } else {
          const auto [p, ec] = std::from_chars(b, e, v);
          if (ec != std::errc() || p != e) return false;
        }
        as_double = double(v);
        if (target) target->*field = v;
        return true;
      },
      k.field);
}

}  // namespace

TrainConfig::TrainConfig() : game(io::kDefaultGame) {
  for (const auto& k : kKeys) set_key(*this, k.name, k.fallback, "default");
}

std::span<const ConfigKey> config_keys() { return kKeys; }

void set_key(TrainConfig& config, const std::string& given_key, const std::string& value,
             const std::string& where) {
  const std::string key = present_name(given_key);
  const ConfigKey* k = find_key(key);
  if (!k) throw ConfigError(where + ": unknown key '" + key + "'");
  double v = 0;
  if (!parse_number(*k, value, v, nullptr)) {
    const bool is_real = std::holds_alternative<double TrainConfig::*>(k->field);
    throw ConfigError(where + ": " + key + " = '" + value + "' is not " +
                      (is_real ? "a number" : "an integer"));
  }
  if (v < k->min || v > k->max)
    throw ConfigError(where + ": " + key + " = " + value + " is out of range " + range_text(*k));
  parse_number(*k, value, v, &config);
  config.origin[key] = where;
}

TrainConfig parse_config(const std::string& text, const std::string& source) {
  TrainConfig config;
  std::set<std::string> seen;
  try {
    for_each_config_line(text, source,
                         [&](const std::string& key, const std::string& value, const std::string& where) {
                           if (!seen.insert(present_name(key)).second)
                             throw ConfigError(where + ": key '" + key + "' given twice");
                           if (key == kGameKeyName) {  // the game the config trains
                             if (io::game_name(value).empty())
                               throw ConfigError(where + ": unknown game " + value.substr(0, 40) +
                                                 " (games: " + known_games() + ")");
                             config.game = value;
                             config.origin[key] = where;
                             return;
                           }
                           set_key(config, key, value, where);
                         });
  } catch (const std::invalid_argument& e) {  // a line that is no `key = value`
    throw ConfigError(e.what());
  }
  check_config(config);
  return config;
}

TrainConfig load_config(const std::string& path) {
  // A folder reads as empty text on some systems, which would be a config of defaults.
  if (std::filesystem::is_directory(path)) throw ConfigError(path + ": is a folder, not a config file");
  std::string text;
  try {
    text = io::read_file(path);
  } catch (const std::runtime_error& e) {
    throw ConfigError(e.what());
  }
  return parse_config(text, path);
}

void apply_overrides(TrainConfig& config, const std::vector<std::string>& overrides) {
  for (const auto& o : overrides) {
    const auto eq = o.find('=');
    if (eq == std::string::npos) throw ConfigError("--set: expected key=value, got '" + o + "'");
    set_key(config, io::trim(o.substr(0, eq)), io::trim(o.substr(eq + 1)), "--set");
  }
  check_config(config);
}

void check_config(const TrainConfig& c) {
  if (c.fast_iters > c.full_iters)
    throw ConfigError("fast_iters (" + std::to_string(c.fast_iters) + ") must not exceed full_iters (" +
                      std::to_string(c.full_iters) + ")");
  if (c.resign_threshold > 0 && c.players != 2)
    throw ConfigError("resign_threshold > 0 needs players = 2 (a resignation ends the game for everyone)");
  if (c.full_fraction == 0 && c.train_steps > 0)
    throw ConfigError("full_fraction = 0 records no training rows, but train_steps > 0");
}

void check_game_config(TrainConfig& c, const io::GameFacts& game) {
  const auto origin = [&](const char* key) {
    const auto it = c.origin.find(key);
    return it == c.origin.end() ? std::string("default") : it->second;
  };
  if (origin("players") == "default") c.players = game.min_players;
  if (c.players < game.min_players || c.players > game.max_players)
    throw ConfigError(origin("players") + ": players = " + std::to_string(c.players) + " is out of range " +
                      std::to_string(game.min_players) + ".." + std::to_string(game.max_players));
  if (c.automaton_share > 0 && game.automaton.empty())
    throw ConfigError(origin("automaton_share") + ": automaton_share > 0, but " + std::string(game.name) +
                      " has no automated opponent");
  if (c.automaton_share > 0 && c.players > game.automaton_max_players)
    throw ConfigError(origin("automaton_share") + ": automaton_share > 0 needs players = " +
                      game.automaton_seat_counts() + " (" + std::string(game.automaton) +
                      " plays in games of " + game.automaton_seat_counts() + " seats)");
}

std::string key_value(const TrainConfig& config, const std::string& key) {
  const ConfigKey* k = find_key(key);
  if (!k) throw ConfigError("unknown key '" + key + "'");
  return std::visit(
      [&](auto field) {
        char buf[64];  // to_chars writes the shortest text that reads back to the same value
        const auto end = std::to_chars(buf, buf + sizeof buf, config.*field).ptr;
        return std::string(buf, end);
      },
      k->field);
}

std::string format_config(const TrainConfig& config) {
  std::string out = "# The resolved configuration of this run (defaults, config file and overrides).\n";
  out += "\n# the game (" + std::string(io::game_name(config.game)) + ")\n" + kGameKeyName + " = " +
         config.game + "\n";
  for (const auto& k : kKeys)
    out += "\n# " + std::string(k.help) + " (" + range_text(k) + ")\n" + k.name + " = " +
           key_value(config, k.name) + "\n";
  return out;
}

std::vector<std::string> fixed_keys_changed(const TrainConfig& saved, const TrainConfig& resumed) {
  if (saved.game != resumed.game) return {"game"};
  static const char* const kFixed[] = {
      "players",           "seed",          "net_width",  "net_blocks", "cpuct",          "heuristic_mix",
      "leaves_per_search", "max_decisions", "eval_iters", "eval_games", "baseline_iters", "final_eval_games",
      "yardstick_iters",   "aux_weight"};
  std::vector<std::string> changed;
  for (const char* key : kFixed)
    if (key_value(saved, key) != key_value(resumed, key)) changed.push_back(key);
  // The yardstick's budget names its results only once the run has played yardstick games.
  if (saved.yardstick_games == 0) std::erase(changed, std::string("yardstick_iters"));
  return changed;
}

std::uint64_t game_seed(std::uint64_t seed, int generation, long index) {
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ull ^ (std::uint64_t(generation) << 40) ^ std::uint64_t(index);
  return splitmix64(x);
}

int automaton_seat(const TrainConfig& c, std::uint64_t game_seed) {
  std::uint64_t x = game_seed ^ 0xA5A5A5A5DEADBEEFull;  // a stream apart from the deal's
  if (!(splitmix64(x) < c.automaton_share * 0x1p64)) return -1;
  return int((static_cast<unsigned __int128>(splitmix64(x)) * std::uint64_t(c.players)) >> 64);
}

double move_temperature(const TrainConfig& c, int decision) {
  if (decision >= c.temperature_moves) return c.temperature_end;
  return c.temperature_start + (c.temperature_end - c.temperature_start) * decision / c.temperature_moves;
}

}  // namespace pamir::selfplay
