// `pamir selfplay`: one generation's self-play games with a given net, written as training
// shards (docs/shards.md), with the throughput it reached. The training loop (`pamir train`)
// runs the same code; this command is for trying settings and measuring speed.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/config_game.h"
#include "nets/weights.h"
#include "selfplay/config.h"
#include "selfplay/progress_bar.h"
#include "selfplay/selfplay.h"
#include "training/game_records.h"

namespace pamir::cli {
namespace {

struct SelfPlayFlags {
  std::string config_path;
  std::string net;
  std::string out;
  int generation = 1;
  std::string records;
  std::vector<std::string> overrides;
};

const bool selfplay_registered = register_command("selfplay", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("selfplay", "Play self-play games with a net and write training shards");
  auto flags = std::make_shared<SelfPlayFlags>();
  cmd->add_option("--config", flags->config_path, "Config file (configs/*.cfg)")->required();
  cmd->add_option("--net", flags->net, "Weights file (default: a fresh net of the config's shape, seeded)");
  cmd->add_option("--out", flags->out, "Folder for the shards")->required();
  cmd->add_option("--generation", flags->generation, "Generation number (names the shards, seeds the games)")
      ->check(CLI::Range(0, 999));
  cmd->add_option("--records", flags->records,
                  "Also write the games played (not those resumed from shards) as a results file, for "
                  "`pamir play --replay FILE --index N` and `pamir serve --open FILE`");
  cmd->add_option("--set", flags->overrides, "Override a config key: --set key=value (repeatable)");
  cmd->callback([flags] {
    selfplay::TrainConfig config;
    const games::Game* game = nullptr;
    try {
      config = selfplay::load_config(flags->config_path);
      selfplay::apply_overrides(config, flags->overrides);
      game = &resolve_game(config, flags->config_path);
    } catch (const selfplay::ConfigError& e) {
      throw CommandError(e.what());
    }
    std::shared_ptr<const nets::NetWeights> weights;
    if (flags->net.empty())
      weights = std::make_shared<const nets::NetWeights>(
          nets::random_weights(game->net_shape(), {config.net_width, config.net_blocks}, config.seed));
    else
      weights = std::make_shared<const nets::NetWeights>(nets::load_weights(flags->net, game->net_shape()));
    std::unique_ptr<selfplay::GameRecords> records;
    if (!flags->records.empty())
      records = std::make_unique<selfplay::GameRecords>(*game, flags->records, config, flags->generation);
    selfplay::ProgressBar bar("self-play", config.games_per_generation);
    const selfplay::SelfPlayResult r = selfplay::run_selfplay(
        config, flags->generation, game->net_shape(), flags->out,
        [&](int) { return game->make_selfplay_worker(config, flags->generation, weights); },
        [&](long done, long) { bar.update(done); }, nullptr,
        [&](const selfplay::FinishedGame& g) {
          if (records) records->add(g);
        });
    bar.finish();
    const selfplay::SelfPlayCounters& n = r.counters;
    std::printf("games %ld (resumed %ld), rows %ld, decisions %ld, searches %ld, shards written %d\n",
                n.games, r.resumed.games, n.rows, n.decisions, n.searches, r.shards_written);
    std::printf("threads %d, %.2f s: %.0f simulations/s (%.0f per thread), %.1f leaves per evaluator call\n",
                r.threads, r.wall_seconds, n.iterations / r.wall_seconds,
                n.iterations / r.wall_seconds / r.threads,
                n.evaluator_calls ? double(n.leaves) / n.evaluator_calls : 0.0);
  });
});

}  // namespace
}  // namespace pamir::cli
