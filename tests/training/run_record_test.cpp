// The run's records: JSON round trip, the win-share interval, the CSV and report output.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tournament/svg_chart.h"
#include "training/run_record.h"

namespace pamir::selfplay {
namespace {

GenerationRecord sample_record() {
  GenerationRecord r;
  r.generation = 2;
  r.games = 10, r.rows = 400, r.decisions = 1800, r.searches = 1500, r.iterations = 30000;
  r.leaves = 25000, r.evaluator_calls = 900, r.threads = 2, r.selfplay_seconds = 3.5;
  r.simulations_per_second = 30000 / 3.5, r.leaves_per_call = 25000 / 900.0;
  r.window_rows = 800, r.window_shards = 4, r.skipped_shards = 1, r.train_seconds = 1.25;
  r.losses = {{10, 5.5, 4.5, 1.0}, {20, 5.0, 4.2, 0.8}};
  r.matches = {match_score("gen1", 40, 26), match_score("baseline", 40, 12.5)};
  r.eval_seconds = 7;
  r.selfplay_cpu_seconds = 6.5, r.train_cpu_seconds = 2.25, r.eval_cpu_seconds = 13;
  return r;
}

TEST(RunRecord, JsonRoundTrip) {
  const GenerationRecord r = sample_record();
  const std::string text = record_json(r);
  EXPECT_EQ(record_json(parse_record(text, "g.json")), text);
  EXPECT_THROW(parse_record("{\"generation\": 1}", "g.json"), std::runtime_error);
  EXPECT_THROW(parse_record("{not json", "g.json"), std::runtime_error);
  // A record from before the rates were kept: they are computed from its counts.
  nlohmann::json old = nlohmann::json::parse(text);
  old["selfplay"].erase("simulations_per_second");
  old["selfplay"].erase("leaves_per_call");
  const GenerationRecord back = parse_record(old.dump(), "g.json");
  EXPECT_DOUBLE_EQ(back.simulations_per_second, 30000 / 3.5);
  EXPECT_DOUBLE_EQ(back.leaves_per_call, 25000 / 900.0);
  EXPECT_DOUBLE_EQ(back.train_cpu_seconds, 2.25);
  // And from before processor time was kept: -1, which the CSV leaves empty.
  old["selfplay"].erase("cpu_seconds");
  const GenerationRecord no_cpu = parse_record(old.dump(), "g.json");
  EXPECT_EQ(no_cpu.selfplay_cpu_seconds, -1);
  EXPECT_NE(metrics_csv({no_cpu}, "").find(",7.00,,2.25,13.00\n"), std::string::npos);
}

// Two generations of 1.5 and 1.0 processor hours (self-play + training; evaluation's not
// counted), rated on the yardstick with generation 0.
std::vector<CurvePoint> sample_curve() {
  GenerationRecord one = sample_record(), two = sample_record();
  one.generation = 1, two.generation = 2;
  one.selfplay_cpu_seconds = 5000, one.train_cpu_seconds = 400, one.eval_cpu_seconds = 9999;
  two.selfplay_cpu_seconds = 3000, two.train_cpu_seconds = 600;
  const std::vector<RatingRow> ratings{{"gen2", 2, 150, 100, 200, 400},
                                       {"heuristic", -1, 0, -20, 20, 1200},
                                       {"gen0", 0, -300, -360, -240, 400},
                                       {"gen1", 1, 40, -10, 90, 400}};
  const std::vector<std::vector<MatchScore>> scores{{match_score("heuristic", 200, 20)},
                                                    {match_score("heuristic", 200, 110)},
                                                    {match_score("heuristic", 200, 140)}};
  return learning_curve({one, two}, ratings, scores);
}

TEST(RunRecord, LearningCurvePlacesEachGenerationAtTheHoursThatMadeIt) {
  const std::vector<CurvePoint> curve = sample_curve();
  ASSERT_EQ(curve.size(), 3u);  // generations in order; the yardstick opponent is no point
  EXPECT_EQ(curve[0].generation, 0);
  EXPECT_DOUBLE_EQ(curve[0].cpu_hours, 0);
  EXPECT_DOUBLE_EQ(curve[1].cpu_hours, 1.5);
  EXPECT_DOUBLE_EQ(curve[2].cpu_hours, 2.5);
  EXPECT_DOUBLE_EQ(curve[2].wall_hours, 2 * (3.5 + 1.25) / 3600);
  EXPECT_DOUBLE_EQ(curve[1].elo, 40);
  ASSERT_EQ(curve[2].scores.size(), 1u);
  EXPECT_DOUBLE_EQ(curve[2].scores[0].score, 0.7);
  // A generation whose record has no processor time has no place on the axis, nor have
  // the generations after it.
  GenerationRecord old = sample_record();
  old.generation = 1, old.train_cpu_seconds = -1;
  const auto unknown = learning_curve({old}, {{"gen1", 1, 0, -1, 1, 10}}, {});
  EXPECT_EQ(unknown.at(0).cpu_hours, -1);
}

TEST(RunRecord, CurveCsvReadsBackAndRefusesMalformedFiles) {
  const std::vector<CurvePoint> curve = sample_curve();
  const std::string text = curve_csv(curve);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "generation,cpu_hours,wall_hours,elo,elo_low,elo_high,games,score_vs_heuristic,heuristic_low,"
            "heuristic_high");
  const std::vector<CurvePoint> back = parse_curve_csv(text, "curve.csv");
  ASSERT_EQ(back.size(), curve.size());
  for (std::size_t i = 0; i < curve.size(); ++i) {
    EXPECT_EQ(back[i].generation, curve[i].generation);
    EXPECT_NEAR(back[i].cpu_hours, curve[i].cpu_hours, 1e-5);
    EXPECT_NEAR(back[i].elo, curve[i].elo, 0.05);
    EXPECT_NEAR(back[i].high, curve[i].high, 0.05);
    EXPECT_EQ(back[i].games, curve[i].games);
  }
  EXPECT_THROW(parse_curve_csv("", "c.csv"), std::runtime_error);
  EXPECT_THROW(parse_curve_csv("generation,elo\n1,2\n", "c.csv"), std::runtime_error);  // columns missing
  std::string cut = text;
  cut.insert(cut.find("\n1,") + 3, "x");
  EXPECT_THROW(parse_curve_csv(cut, "c.csv"), std::runtime_error);
  EXPECT_THROW(parse_curve_csv(text + "3,1\n", "c.csv"), std::runtime_error);  // a short line
  // Two runs on one chart, a series each, named as given.
  const std::string svg = curve_svg({{"old recipe", curve}, {"new <recipe>", back}}, "t");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("old recipe"), std::string::npos);
  EXPECT_NE(svg.find("new &lt;recipe&gt;"), std::string::npos);
}

TEST(RunRecord, WilsonIntervalMatchesTheFormula) {
  // 120 wins of 200: p = 0.6, the textbook Wilson 95% interval is [0.531, 0.665].
  const MatchScore m = match_score("gen0", 200, 120);
  EXPECT_DOUBLE_EQ(m.score, 0.6);
  EXPECT_NEAR(m.low, 0.5308, 1e-3);
  EXPECT_NEAR(m.high, 0.6654, 1e-3);
  const MatchScore all = match_score("gen0", 10, 10);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  EXPECT_LT(all.low, 1.0);
}

TEST(RunRecord, CsvHasOneLinePerGenerationOrLossPoint) {
  const std::vector<GenerationRecord> records{sample_record(), sample_record()};
  const std::string metrics = metrics_csv(records, ""), losses = losses_csv(records);
  EXPECT_EQ(std::count(metrics.begin(), metrics.end(), '\n'), 3);
  EXPECT_EQ(std::count(losses.begin(), losses.end(), '\n'), 5);
  EXPECT_NE(metrics.find(",8571,2,27.78,"), std::string::npos);     // simulations/s, threads, leaves per call
  EXPECT_NE(metrics.find(",0.6500,0.3125,,,"), std::string::npos);  // no heuristic, no automaton match
}

// The automated opponent's column is named for what it is, and filled from the match against
// the game's automaton, whatever the game calls her.
TEST(RunRecord, TheAutomatonsColumnHoldsTheMatchAgainstTheGamesAutomaton) {
  GenerationRecord r = sample_record();
  r.matches.push_back(match_score("wakhan", 40, 30));
  const std::string header = metrics_csv({r}, "wakhan").substr(0, metrics_csv({r}, "wakhan").find('\n'));
  EXPECT_NE(header.find(",score_vs_heuristic,score_vs_automaton,eval_seconds,"), std::string::npos) << header;
  EXPECT_NE(metrics_csv({r}, "wakhan").find(",0.6500,0.3125,,0.7500,"), std::string::npos);
  EXPECT_NE(metrics_csv({r}, "").find(",0.6500,0.3125,,,"), std::string::npos);  // a game without one
}

TEST(RunRecord, GenerationSummaryIsOneLineWithLossesAndScores) {
  GenerationRecord r = sample_record();
  r.holdout = {20, 5.9, 4.7, 0.71};
  r.capped = 3;
  const std::string line = generation_summary(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_NE(line.find("loss value 0.800 policy 4.200"), std::string::npos) << line;
  EXPECT_NE(line.find("held out value 0.710 policy 4.700"), std::string::npos) << line;
  EXPECT_NE(line.find("stopped 3/10"), std::string::npos) << line;
  EXPECT_NE(line.find("vs gen1 0.650"), std::string::npos) << line;
}

// Generations are counted: with three of them the axis shows 1, 2, 3 and nothing between.
TEST(RunRecord, GenerationAxesHaveWholeNumberTicks) {
  const tournament::ChartSeries s{"gen", "#000", {{1, 10}, {2, 20}, {3, 15}}};
  const std::string whole = tournament::svg_line_chart("t", "generation", "Elo", {s}, true);
  for (const char* label : {">1</text>", ">2</text>", ">3</text>"})
    EXPECT_NE(whole.find(label), std::string::npos) << label;
  EXPECT_EQ(whole.find(">1.5</text>"), std::string::npos);
  EXPECT_NE(tournament::svg_line_chart("t", "step", "loss", {s}).find(">1.5</text>"),
            std::string::npos);  // a plain axis
}

TEST(RunRecord, ReportIsSelfContainedHtmlWithCharts) {
  const std::vector<RatingRow> ratings{
      {"gen0", 0, 0, 0, 0, 80}, {"gen2", 2, 85, 20, 150, 80}, {"baseline", -1, -40, -90, 10, 80}};
  const std::vector<MatchScore> final_matches{match_score("gen0", 200, 130),
                                              match_score("baseline", 200, 150)};
  const std::string html = run_report_html(TrainConfig(), {sample_record()}, ratings, final_matches);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("Rating by generation"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  // Nothing is fetched: the only URLs are the SVG namespace names.
  const auto count = [&](const std::string& what) {
    int n = 0;
    for (auto at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("http"), count("xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(count("<svg"), 3);  // losses by step, training and held-out losses by generation, ratings
  EXPECT_NE(html.find("held-out value loss"), std::string::npos);
  EXPECT_NE(html.find("stopped at cap"), std::string::npos);
  EXPECT_NE(html.find("Last generation against baseline"), std::string::npos);
  const std::string table = rating_table(ratings);
  EXPECT_LT(table.find("gen2"), table.find("gen0"));
  EXPECT_LT(table.find("gen0"), table.find("baseline"));
}

}  // namespace
}  // namespace pamir::selfplay
