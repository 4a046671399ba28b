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
  const std::string metrics = metrics_csv(records), losses = losses_csv(records);
  EXPECT_EQ(std::count(metrics.begin(), metrics.end(), '\n'), 3);
  EXPECT_EQ(std::count(losses.begin(), losses.end(), '\n'), 5);
  EXPECT_NE(metrics.find(",8571,2,27.78,"), std::string::npos);  // simulations/s, threads, leaves per call
  EXPECT_NE(metrics.find(",0.6500,0.3125,"), std::string::npos);
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
