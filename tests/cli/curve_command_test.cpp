// `pamir curve`: runs' learning curves on one chart, refused in one line where the runs did
// not meet the same yardstick or have no curve.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "io/file_io.h"
#include "selfplay/config.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

namespace fs = std::filesystem;

// A run folder as `pamir train --set yardstick_games=N` leaves it, as far as the command reads.
std::string fake_run(const std::string& name, int yardstick_iters, const std::string& curve) {
  const std::string dir = temp_path(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  selfplay::TrainConfig c;
  selfplay::apply_overrides(c, {"yardstick_iters=" + std::to_string(yardstick_iters)});
  io::write_file_atomically(dir + "/config.cfg", selfplay::format_config(c));
  if (!curve.empty()) io::write_file_atomically(dir + "/curve.csv", curve);
  return dir;
}

const char kCurve[] =
    "generation,cpu_hours,wall_hours,elo,elo_low,elo_high,games,score_vs_heuristic,heuristic_low,heuristic_"
    "high\n"
    "0,0.00000,0.00000,-310.0,-380.0,-240.0,400,0.1,0.05,0.15\n"
    "1,0.25000,0.13000,-20.0,-60.0,20.0,400,0.47,0.4,0.54\n";

TEST(CurveCommand, DrawsRunsSideBySideWithATable) {
  const std::string a = fake_run("pamir_curve_a", 200, kCurve), b = fake_run("pamir_curve_b", 200, kCurve);
  const std::string svg = temp_path("pamir_curve.svg");
  const ToolRun r = run_pamir("curve " + a + "=old " + b + "=gumbel --out " + svg);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("| old | 1 | 0.250 | 0.130 | -20 | [-60, 20] | 400 |"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("| gumbel | 0 |"), std::string::npos);
  const std::string chart = io::read_file(svg);
  EXPECT_EQ(chart.rfind("<svg", 0), 0u);
  EXPECT_NE(chart.find("gumbel"), std::string::npos);
  fs::remove_all(a), fs::remove_all(b), fs::remove(svg);
}

TEST(CurveCommand, RefusesRunsOfAnotherYardstickOrWithoutACurve) {
  const std::string a = fake_run("pamir_curve_c", 200, kCurve), b = fake_run("pamir_curve_d", 400, kCurve);
  ToolRun r = run_pamir("curve " + a + " " + b);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("met another yardstick"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1);
  const std::string none = fake_run("pamir_curve_e", 200, "");
  r = run_pamir("curve " + none);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("curve.csv not found"), std::string::npos) << r.output;
  const std::string bad = fake_run("pamir_curve_f", 200, "generation,elo\n1,2\n");
  r = run_pamir("curve " + bad);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("no column 'cpu_hours'"), std::string::npos) << r.output;
  for (const auto& d : {a, b, none, bad}) fs::remove_all(d);
}

}  // namespace
}  // namespace pamir::testing
