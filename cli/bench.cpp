// `pamir bench`: single-thread random-game throughput and the engine signature
// (the measuring lives in bench/bench.cpp).

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "bench/bench.h"
#include "cli/command.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Measure random-game speed on one thread; print the engine signature");
  struct Flags {
    bool json = false;
    bench::BenchOptions options;
  };
  auto flags = std::make_shared<Flags>();
  cmd->add_flag("--json", flags->json, "Print one JSON object");
  cmd->add_option("--games", flags->options.max_games, "Most games per player count")
      ->check(CLI::Range(1L, 1000000000L));
  cmd->add_option("--seconds", flags->options.max_seconds, "Most seconds per player count")
      ->check(CLI::Range(0.001, 3600.0));
  cmd->callback([flags] {
    bench::BenchReport report;
    try {
      report = bench::run_bench(flags->options);
    } catch (const std::runtime_error& e) {
      throw CommandError(e.what());
    }
    const std::string out = flags->json ? bench::report_json(report) + "\n" : bench::report_text(report);
    std::fputs(out.c_str(), stdout);
  });
});

}  // namespace
}  // namespace pamir::cli
