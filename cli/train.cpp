// `pamir train`: the training loop (training/train_loop.h) from a config file, in a run
// folder; --resume continues a run from what is on disk.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/config_game.h"
#include "cli/ladder_flag.h"
#include "io/file_io.h"
#include "nets/torch_plugin.h"
#include "selfplay/config.h"
#include "training/train_loop.h"

namespace pamir::cli {
namespace {

namespace fs = std::filesystem;

struct TrainFlags {
  std::string config_path;
  std::string out;
  std::string init_weights;
  bool resume = false;
  bool coordinator_only = false;
  std::vector<std::string> overrides;
  std::string ladder;
  int threads = -1, generations = -1;
  long long seed = -1;
};

// The config file read once (a pipe too), with the overrides: the run's saved config.cfg
// with --resume, else --config's.
selfplay::TrainConfig resolve_config(const TrainFlags& f, const std::string& saved) {
  std::vector<std::string> overrides = f.overrides;
  if (f.threads >= 0) overrides.push_back("threads=" + std::to_string(f.threads));
  if (f.generations >= 0) overrides.push_back("generations=" + std::to_string(f.generations));
  if (f.seed >= 0) overrides.push_back("seed=" + std::to_string(f.seed));
  selfplay::TrainConfig config;
  if (f.resume) {
    if (!fs::exists(saved)) throw CommandError("--resume: " + saved + " not found (not a run folder?)");
    config = selfplay::load_config(saved);
    const selfplay::TrainConfig before = config;
    selfplay::apply_overrides(config, overrides);
    std::string keys;
    for (const std::string& k : selfplay::fixed_keys_changed(before, config))
      keys += (keys.empty() ? "" : ", ") + k + " (run: " + selfplay::key_value(before, k) + ")";
    if (!keys.empty())
      throw CommandError("--resume cannot change " + keys +
                         ": the run's games, nets or evaluations depend on it; start a new run");
    return config;
  } else {
    if (f.config_path.empty()) throw CommandError("--config is required (or --resume with --out)");
    if (fs::exists(saved))
      throw CommandError(f.out +
                         " already holds a run: add --resume to continue it, or choose another --out");
    config = selfplay::load_config(f.config_path);
  }
  selfplay::apply_overrides(config, overrides);
  return config;
}

const bool train_registered = register_command("train", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("train", "Self-play -> train -> evaluate, generation by generation");
  auto flags = std::make_shared<TrainFlags>();
  cmd->add_option("--config", flags->config_path, "Config file (configs/*.cfg documents every key)");
  cmd->add_option("--out", flags->out, "Run folder (default: runs/<config name>)");
  cmd->add_flag("--resume", flags->resume,
                "Continue the run in --out (its saved config.cfg, with any overrides)");
  cmd->add_option("--init-weights", flags->init_weights,
                  "A new run's generation 0: this weights file (a net of the config's game, width and depth) "
                  "instead of random weights");
  cmd->add_option("--set", flags->overrides, "Override a config key: --set key=value (repeatable)");
  cmd->add_option("--threads", flags->threads, "Same as --set threads=N")->check(CLI::Range(0, 1024));
  cmd->add_option("--generations", flags->generations, "Same as --set generations=N")
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--seed", flags->seed, "Same as --set seed=N")->check(seed_validator());
  cmd->add_flag("--coordinator-only", flags->coordinator_only,
                "Under mpirun: rank 0 trains and hands out the games but plays none (docs/distributed.md)");
  add_ladder_option(*cmd, flags->ladder);
  cmd->callback([flags] {
    if (flags->out.empty()) {
      if (flags->config_path.empty())
        throw CommandError(flags->resume ? "--out is required with --resume" : "--config is required");
      flags->out = "runs/" + fs::path(flags->config_path).stem().string();
    }
    const std::string saved = flags->out + "/config.cfg";
    selfplay::TrainConfig config;
    try {
      config = resolve_config(*flags, saved);
      resolve_game(config, flags->resume ? saved : flags->config_path);
    } catch (const selfplay::ConfigError& e) {
      throw CommandError(e.what());
    }
    if (flags->resume && !flags->init_weights.empty())
      throw CommandError(
          "--init-weights starts a new run; --resume continues from the run's own generations");
    // Checked before the run folder is written, so that a wrong file leaves nothing behind.
    std::optional<selfplay::InitialNet> initial;
    if (!flags->init_weights.empty()) initial = selfplay::load_initial_net(config, flags->init_weights);
    nets::torch_plugin();  // a build or install without libtorch says so before writing anything
    fs::create_directories(flags->out);
    io::write_file_atomically(saved, selfplay::format_config(config));
    std::fprintf(stderr, "run folder: %s\n", flags->out.c_str());
    selfplay::RunRanks ranks{&dist::Cluster::instance(), !flags->coordinator_only};
    if (ranks.cluster->size() == 1 && flags->coordinator_only)
      throw CommandError("--coordinator-only needs other ranks to play: run under mpirun -np K with K >= 2");
    if (ranks.cluster->size() > 1)
      std::fprintf(stderr, "ranks: %d, rank 0 trains and %s\n", ranks.cluster->size(),
                   flags->coordinator_only ? "coordinates only" : "plays a share of the games");
    // The evaluation games into the ladder as each generation's are in. A failure there (the
    // database locked too long, say) is reported and the run goes on: `pamir ladder import`
    // of the run folder records them later.
    const auto record = [&] {
      try {
        record_in_ladder(flags->ladder, {flags->out + "/eval"});
      } catch (const std::exception& e) {
        std::fprintf(stderr, "warning: the ladder did not record this generation's games: %s\n", e.what());
      }
    };
    const selfplay::TrainRunResult r =
        selfplay::run_training(config, flags->out, ranks, initial ? &*initial : nullptr,
                               flags->ladder.empty() ? selfplay::EvaluatedCallback{} : record);
    std::printf(
        "\nratings (Plackett-Luce, Elo scale, generation 0 = 0; eval search %d iterations/decision):\n%s",
        config.eval_iters, selfplay::rating_table(r.ratings).c_str());
    for (const selfplay::MatchScore& m : r.final_matches)
      std::printf("\nlast generation (%d) vs %s: win share %.3f over %ld games, 95%% interval [%.3f, %.3f]",
                  config.generations, m.opponent.c_str(), m.score, m.games, m.low, m.high);
    if (!r.final_matches.empty()) std::printf("\n");
    if (!r.curve.empty())
      std::printf(
          "\nlearning curve (yardstick: heuristic ISMCTS at 0 Elo, %d iterations/decision; "
          "%s/curve.csv):\n%s",
          config.yardstick_iters, flags->out.c_str(), selfplay::curve_csv(r.curve).c_str());
    std::printf("report: %s/report.html  metrics: %s/metrics.csv\n", flags->out.c_str(), flags->out.c_str());
  });
});

}  // namespace
}  // namespace pamir::cli
