// `pamir curve`: the learning curves of training runs side by side, Elo against processor
// hours, from each run's curve.csv (a run trained with yardstick_games > 0). Runs compare only
// when they met the same yardstick: the same game, seats and yardstick_iters.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/printf.h>

#include "cli/command.h"
#include "io/file_io.h"
#include "selfplay/config.h"
#include "training/run_record.h"

namespace pamir::cli {
namespace {

namespace fs = std::filesystem;

// "DIR" or "DIR=NAME": a run folder and the name its series takes (the folder's name).
struct RunArgument {
  std::string dir, name;
};

RunArgument parse_run_argument(const std::string& text) {
  const auto eq = text.find('=');
  RunArgument r{text.substr(0, eq), eq == std::string::npos ? "" : text.substr(eq + 1)};
  while (r.dir.size() > 1 && r.dir.back() == '/') r.dir.pop_back();
  if (r.name.empty()) r.name = fs::path(r.dir).filename().string();
  return r;
}

// What a curve's yardstick depends on; runs that differ in it are not on one scale.
std::string yardstick_of(const selfplay::TrainConfig& c) {
  return c.game + ", " + std::to_string(c.players) + " players, yardstick_iters " +
         std::to_string(c.yardstick_iters);
}

const bool curve_registered = register_command("curve", [](CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "curve",
      "Learning curves of training runs side by side: Elo against processor hours (SVG and a table)");
  struct Flags {
    std::vector<std::string> runs;
    std::string out, title;
  };
  auto flags = std::make_shared<Flags>();
  cmd->add_option("runs", flags->runs, "Run folders with a curve.csv, each DIR or DIR=NAME")->required();
  cmd->add_option("--out", flags->out, "Write the chart here (SVG)");
  cmd->add_option("--title", flags->title, "The chart's title");
  cmd->callback([flags] {
    std::vector<selfplay::NamedCurve> curves;
    std::string yardstick, first_run;
    for (const std::string& text : flags->runs) {
      const RunArgument run = parse_run_argument(text);
      const std::string csv = run.dir + "/curve.csv", cfg = run.dir + "/config.cfg";
      if (!fs::is_regular_file(csv))
        throw CommandError(csv +
                           " not found: train the run with --set yardstick_games=N (or add it with "
                           "--resume --set yardstick_games=N)");
      selfplay::TrainConfig config;
      try {
        config = selfplay::load_config(cfg);
        curves.push_back({run.name, selfplay::parse_curve_csv(io::read_file(csv), csv)});
      } catch (const std::runtime_error& e) {
        throw CommandError(e.what());
      }
      if (yardstick.empty()) yardstick = yardstick_of(config), first_run = run.dir;
      if (yardstick_of(config) != yardstick)
        throw CommandError(run.dir + " met another yardstick (" + yardstick_of(config) + ") than " +
                           first_run + " (" + yardstick + "): their Elo scales differ");
    }
    const std::string title = flags->title.empty()
                                  ? "Elo against processor hours (" + yardstick + ", 95% intervals)"
                                  : flags->title;
    if (!flags->out.empty()) io::write_file_atomically(flags->out, selfplay::curve_svg(curves, title) + "\n");
    std::printf(
        "%s\n\n| run | generation | processor hours | wall hours | Elo | 95%% interval | games |\n"
        "|---|---:|---:|---:|---:|---|---:|\n",
        title.c_str());
    for (const auto& c : curves)
      for (const auto& p : c.points)
        std::printf("| %s | %d | %s | %.3f | %.0f | [%.0f, %.0f] | %ld |\n", c.name.c_str(), p.generation,
                    p.cpu_hours < 0 ? "-" : fmt::sprintf("%.3f", p.cpu_hours).c_str(), p.wall_hours, p.elo,
                    p.low, p.high, p.games);
    if (!flags->out.empty()) std::printf("\nchart: %s\n", flags->out.c_str());
  });
});

}  // namespace
}  // namespace pamir::cli
