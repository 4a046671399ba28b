#include "training/run_record.h"

#include <fmt/printf.h>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "games/registry.h"
#include "io/json.h"
#include "tournament/report.h"
#include "tournament/svg_chart.h"

namespace pamir::selfplay {

using tournament::ChartSeries;
using tournament::html_escape;
using tournament::svg_line_chart;

using nlohmann::json;

MatchScore match_score(std::string opponent, long games, double wins) {
  MatchScore m{std::move(opponent), games, games > 0 ? wins / games : 0, 0, 1};
  if (games > 0) {
    const double z = 1.959963984540054, n = double(games), p = m.score;
    const double center = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    m.low = std::max(0.0, center - half);
    m.high = std::min(1.0, center + half);
  }
  return m;
}

std::string record_json(const GenerationRecord& r) {
  json j = {{"generation", r.generation},
            {"selfplay",
             {{"games", r.games},
              {"rows", r.rows},
              {"decisions", r.decisions},
              {"searches", r.searches},
              {"iterations", r.iterations},
              {"leaves", r.leaves},
              {"evaluator_calls", r.evaluator_calls},
              {"resignations", r.resignations},
              {"audit_would_resign", r.audit_would_resign},
              {"resign_false", r.resign_false},
              {"capped", r.capped},
              {"threads", r.threads},
              {"seconds", r.selfplay_seconds},
              {"cpu_seconds", r.selfplay_cpu_seconds},
              {"simulations_per_second", r.simulations_per_second},
              {"leaves_per_call", r.leaves_per_call}}},
            {"train",
             {{"window_rows", r.window_rows},
              {"window_shards", r.window_shards},
              {"skipped_shards", r.skipped_shards},
              {"seconds", r.train_seconds},
              {"cpu_seconds", r.train_cpu_seconds},
              {"losses", json::array()},
              {"holdout",
               {{"step", r.holdout.step},
                {"loss", r.holdout.loss},
                {"policy", r.holdout.policy},
                {"value", r.holdout.value}}}}},
            {"eval",
             {{"matches", json::array()}, {"seconds", r.eval_seconds}, {"cpu_seconds", r.eval_cpu_seconds}}}};
  for (const auto& p : r.losses)
    j["train"]["losses"].push_back(
        {{"step", p.step}, {"loss", p.loss}, {"policy", p.policy}, {"value", p.value}});
  for (const auto& m : r.matches)
    j["eval"]["matches"].push_back(
        {{"opponent", m.opponent}, {"games", m.games}, {"score", m.score}, {"low", m.low}, {"high", m.high}});
  return j.dump(1) + "\n";
}

GenerationRecord parse_record(const std::string& text, const std::string& source) {
  try {
    const json j = io::parse_json(text);
    GenerationRecord r;
    r.generation = j.at("generation");
    const json& s = j.at("selfplay");
    r.games = s.at("games"), r.rows = s.at("rows"), r.decisions = s.at("decisions"),
    r.searches = s.at("searches");
    r.iterations = s.at("iterations"), r.leaves = s.at("leaves"), r.evaluator_calls = s.at("evaluator_calls");
    r.resignations = s.at("resignations"), r.audit_would_resign = s.at("audit_would_resign");
    r.resign_false = s.at("resign_false"), r.capped = s.at("capped"), r.threads = s.at("threads"),
    r.selfplay_seconds = s.at("seconds");
    // Records written before processor time was kept have none (-1).
    r.selfplay_cpu_seconds = s.value("cpu_seconds", -1.0);
    // Records written before the rates were kept: the rates as they were computed then.
    r.simulations_per_second =
        s.value("simulations_per_second", r.selfplay_seconds > 0 ? r.iterations / r.selfplay_seconds : 0.0);
    r.leaves_per_call =
        s.value("leaves_per_call", r.evaluator_calls ? double(r.leaves) / r.evaluator_calls : 0.0);
    const json& t = j.at("train");
    r.window_rows = t.at("window_rows"), r.window_shards = t.at("window_shards");
    r.skipped_shards = t.at("skipped_shards"), r.train_seconds = t.at("seconds");
    r.train_cpu_seconds = t.value("cpu_seconds", -1.0);
    for (const auto& p : t.at("losses"))
      r.losses.push_back({p.at("step"), p.at("loss"), p.at("policy"), p.at("value")});
    const json& h = t.at("holdout");
    r.holdout = {h.at("step"), h.at("loss"), h.at("policy"), h.at("value")};
    const json& e = j.at("eval");
    for (const auto& m : e.at("matches"))
      r.matches.push_back({m.at("opponent"), m.at("games"), m.at("score"), m.at("low"), m.at("high")});
    r.eval_seconds = e.at("seconds");
    r.eval_cpu_seconds = e.value("cpu_seconds", -1.0);
    return r;
  } catch (const io::JsonSyntaxError& e) {
    throw std::runtime_error(source + ": malformed generation record: " + e.what());
  } catch (const json::exception& e) {
    throw std::runtime_error(source + ": malformed generation record: " + e.what());
  }
}

namespace {

// The generation's match against the opponent whose name starts with prefix; none for an empty
// prefix (a game without an automated opponent).
const MatchScore* find_match(const GenerationRecord& r, std::string_view prefix) {
  if (prefix.empty()) return nullptr;
  for (const auto& m : r.matches)
    if (m.opponent.rfind(prefix, 0) == 0) return &m;
  return nullptr;
}

// Processor seconds as a CSV cell: empty where the record has none.
std::string cpu_seconds(double s) { return s < 0 ? "" : fmt::sprintf("%.2f", s); }

}  // namespace

std::string metrics_csv(const std::vector<GenerationRecord>& records, std::string_view automaton) {
  std::string out =
      "generation,selfplay_games,rows,decisions,iterations,selfplay_seconds,simulations_per_second,threads,"
      "leaves_per_call,resignations,resign_false,capped_games,window_rows,skipped_shards,train_seconds,loss,"
      "policy_loss,"
      "value_loss,holdout_policy_loss,holdout_value_loss,score_vs_previous,score_vs_baseline,score_vs_"
      "heuristic,"
      "score_vs_automaton,eval_seconds,selfplay_cpu_seconds,train_cpu_seconds,eval_cpu_seconds\n";
  for (const auto& r : records) {
    const LossPoint last = r.losses.empty() ? LossPoint{} : r.losses.back();
    const MatchScore* prev = find_match(r, "gen");
    const MatchScore* base = find_match(r, "baseline");
    const MatchScore* heuristic = find_match(r, "heuristic");
    const MatchScore* automaton_match = find_match(r, automaton);
    out += std::to_string(r.generation) + "," + std::to_string(r.games) + "," + std::to_string(r.rows) + "," +
           std::to_string(r.decisions) + "," + std::to_string(r.iterations) + "," +
           fmt::sprintf("%.2f", r.selfplay_seconds) + "," + fmt::sprintf("%.0f", r.simulations_per_second) +
           "," + std::to_string(r.threads) + "," + fmt::sprintf("%.2f", r.leaves_per_call) + "," +
           std::to_string(r.resignations) + "," + std::to_string(r.resign_false) + "," +
           std::to_string(r.capped) + "," + std::to_string(r.window_rows) + "," +
           std::to_string(r.skipped_shards) + "," + fmt::sprintf("%.2f", r.train_seconds) + "," +
           fmt::sprintf("%.5f", last.loss) + "," + fmt::sprintf("%.5f", last.policy) + "," +
           fmt::sprintf("%.5f", last.value) + "," + fmt::sprintf("%.5f", r.holdout.policy) + "," +
           fmt::sprintf("%.5f", r.holdout.value) + "," + (prev ? fmt::sprintf("%.4f", prev->score) : "") +
           "," + (base ? fmt::sprintf("%.4f", base->score) : "") + "," +
           (heuristic ? fmt::sprintf("%.4f", heuristic->score) : "") + "," +
           (automaton_match ? fmt::sprintf("%.4f", automaton_match->score) : "") + "," +
           fmt::sprintf("%.2f", r.eval_seconds) + "," + cpu_seconds(r.selfplay_cpu_seconds) + "," +
           cpu_seconds(r.train_cpu_seconds) + "," + cpu_seconds(r.eval_cpu_seconds) + "\n";
  }
  return out;
}

std::string losses_csv(const std::vector<GenerationRecord>& records) {
  std::string out = "generation,step,loss,policy_loss,value_loss\n";
  for (const auto& r : records)
    for (const auto& p : r.losses)
      out += std::to_string(r.generation) + "," + std::to_string(p.step) + "," +
             fmt::sprintf("%.6f", p.loss) + "," + fmt::sprintf("%.6f", p.policy) + "," +
             fmt::sprintf("%.6f", p.value) + "\n";
  return out;
}

std::vector<CurvePoint> learning_curve(const std::vector<GenerationRecord>& records,
                                       const std::vector<RatingRow>& yardstick_ratings,
                                       const std::vector<std::vector<MatchScore>>& scores) {
  std::vector<CurvePoint> curve;
  for (const RatingRow& row : yardstick_ratings) {
    if (row.generation < 0) continue;
    CurvePoint p{row.generation, 0, 0, row.elo, row.low, row.high, row.games, {}};
    for (const GenerationRecord& r : records) {
      if (r.generation > row.generation) continue;
      p.wall_hours += (r.selfplay_seconds + r.train_seconds) / 3600;
      if (p.cpu_hours >= 0 && r.selfplay_cpu_seconds >= 0 && r.train_cpu_seconds >= 0)
        p.cpu_hours += (r.selfplay_cpu_seconds + r.train_cpu_seconds) / 3600;
      else
        p.cpu_hours = -1;
    }
    if (std::size_t(row.generation) < scores.size()) p.scores = scores[row.generation];
    curve.push_back(std::move(p));
  }
  std::sort(curve.begin(), curve.end(),
            [](const auto& a, const auto& b) { return a.generation < b.generation; });
  return curve;
}

std::string curve_csv(const std::vector<CurvePoint>& curve) {
  std::string out = "generation,cpu_hours,wall_hours,elo,elo_low,elo_high,games";
  if (!curve.empty())
    for (const MatchScore& m : curve.front().scores)
      out += ",score_vs_" + m.opponent + "," + m.opponent + "_low," + m.opponent + "_high";
  out += "\n";
  for (const CurvePoint& p : curve) {
    out += std::to_string(p.generation) + "," + (p.cpu_hours < 0 ? "" : fmt::sprintf("%.5f", p.cpu_hours)) +
           "," + fmt::sprintf("%.5f", p.wall_hours) + "," +
           fmt::sprintf("%.1f,%.1f,%.1f", p.elo, p.low, p.high) + "," + std::to_string(p.games);
    for (const MatchScore& m : p.scores) out += fmt::sprintf(",%.4f,%.4f,%.4f", m.score, m.low, m.high);
    out += "\n";
  }
  return out;
}

std::vector<CurvePoint> parse_curve_csv(const std::string& text, const std::string& source) {
  const auto split = [](const std::string& line) {
    std::vector<std::string> cells;
    std::size_t at = 0;
    for (std::size_t comma; (comma = line.find(',', at)) != std::string::npos; at = comma + 1)
      cells.push_back(line.substr(at, comma - at));
    cells.push_back(line.substr(at));
    return cells;
  };
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(source + ": empty learning curve file");
  const std::vector<std::string> header = split(line);
  const auto column = [&](const char* name) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
      throw std::runtime_error(source + ": no column '" + name + "' (not a curve.csv?)");
    return std::size_t(it - header.begin());
  };
  const std::size_t gen = column("generation"), cpu = column("cpu_hours"), wall = column("wall_hours"),
                    elo = column("elo"), low = column("elo_low"), high = column("elo_high"),
                    games = column("games");
  std::vector<CurvePoint> curve;
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const std::vector<std::string> cells = split(line);
    const std::string where = source + ":" + std::to_string(number);
    if (cells.size() != header.size())
      throw std::runtime_error(where + ": " + std::to_string(cells.size()) + " cells where the header has " +
                               std::to_string(header.size()));
    try {
      CurvePoint p;
      p.generation = std::stoi(cells[gen]);
      p.cpu_hours = cells[cpu].empty() ? -1 : std::stod(cells[cpu]);
      p.wall_hours = std::stod(cells[wall]);
      p.elo = std::stod(cells[elo]), p.low = std::stod(cells[low]), p.high = std::stod(cells[high]);
      p.games = std::stol(cells[games]);
      curve.push_back(std::move(p));
    } catch (const std::logic_error&) {
      throw std::runtime_error(where + ": not a number where one belongs");
    }
  }
  return curve;
}

std::string curve_svg(const std::vector<NamedCurve>& curves, const std::string& title) {
  static const char* const kColors[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  std::vector<ChartSeries> series;
  for (const NamedCurve& c : curves) {
    ChartSeries s{c.name, kColors[series.size() % std::size(kColors)], {}};
    for (const CurvePoint& p : c.points)
      if (p.cpu_hours >= 0) s.points.push_back({p.cpu_hours, p.elo, p.low, p.high});
    series.push_back(std::move(s));
  }
  return svg_line_chart(title, "processor hours of self-play and training", "Elo (heuristic ISMCTS = 0)",
                        series);
}

std::string rating_table(const std::vector<RatingRow>& ratings) {
  std::vector<RatingRow> sorted = ratings;
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.elo > b.elo; });
  std::string out = "rank  agent        Elo    95% interval     games\n";
  int rank = 0;
  for (const auto& r : sorted)
    out += fmt::sprintf("%4d  %-10s %6.0f   [%6.0f, %6.0f]  %6ld\n", ++rank, r.agent, r.elo, r.low, r.high,
                        r.games);
  return out;
}

std::string run_report_html(const TrainConfig& config, const std::vector<GenerationRecord>& records,
                            const std::vector<RatingRow>& ratings,
                            const std::vector<MatchScore>& final_matches,
                            const std::vector<CurvePoint>& curve) {
  const std::string_view automaton = games::game(config.game).automaton();
  std::string html =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>pamir training run</title>\n<style>"
      "body{font-family:sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse;margin:1em 0}"
      "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}"
      "td:first-child{text-align:left}</style></head><body>\n<h1>pamir training run</h1>\n";
  for (const MatchScore& m : final_matches) {
    html += "<p><b>Last generation against " + html_escape(m.opponent) + "</b>, " + std::to_string(m.games) +
            " games: win share " + fmt::sprintf("%.3f", m.score) + " (95% interval " +
            fmt::sprintf("%.3f", m.low) + " to " + fmt::sprintf("%.3f", m.high) + ").</p>\n";
  }

  if (!curve.empty()) {
    std::string opponents;
    for (const MatchScore& m : curve.front().scores)
      opponents += (opponents.empty() ? "" : ", ") + m.opponent;
    html += "<h2>Learning curve</h2>\n<p>Each generation against the yardstick (" + html_escape(opponents) +
            "; " + std::to_string(config.yardstick_games) + " games each, " +
            std::to_string(config.yardstick_iters) +
            " iterations per decision for the net and for heuristic ISMCTS), against the processor hours of "
            "self-play and training that made it.</p>\n" +
            curve_svg({{"this run", curve}}, "Elo against processor hours (95% intervals)") + "<pre>" +
            html_escape(curve_csv(curve)) + "</pre>\n";
  }
  // The rating first: what a reader opens the report for, on the first screen.
  // The generations as a line with intervals; each fixed opponent as a level line.
  std::vector<ChartSeries> rating_series{{"generation", "#d62728", {}}};
  for (const auto& r : ratings)
    if (r.generation >= 0) rating_series[0].points.push_back({double(r.generation), r.elo, r.low, r.high});
  const char* level_colors[] = {"#7f7f7f", "#1f77b4", "#2ca02c", "#9467bd"};
  for (const auto& r : ratings)
    if (r.generation < 0 && !rating_series[0].points.empty()) {
      const double first = rating_series[0].points.front().x, last = rating_series[0].points.back().x;
      rating_series.push_back({r.agent == "baseline" ? "rollout ISMCTS" : r.agent,
                               level_colors[(rating_series.size() - 1) % 4],
                               {{first, r.elo}, {last, r.elo}}});
    }
  html +=
      "<h2>Rating by generation</h2>\n<p>Against the fixed opponents: ISMCTS with random rollouts (the "
      "baseline), ISMCTS with the heuristic at the nets' iterations, and the game's automated opponent "
      "(Pax Pamir's Wakhan; 2-player runs).</p>\n" +
      svg_line_chart("Plackett-Luce rating (Elo scale, 95% intervals)", "generation", "Elo", rating_series,
                     true);
  html += "<pre>" + html_escape(rating_table(ratings)) + "</pre>\n";

  ChartSeries loss{"total", "#1f77b4", {}}, policy{"policy", "#ff7f0e", {}}, value{"value", "#2ca02c", {}};
  for (const auto& r : records)
    for (const auto& p : r.losses) {
      loss.points.push_back({double(p.step), p.loss});
      policy.points.push_back({double(p.step), p.policy});
      value.points.push_back({double(p.step), p.value});
    }
  html += "<h2>Training loss</h2>\n" +
          svg_line_chart("loss per optimizer step", "step", "loss", {loss, policy, value});
  // Held-out losses: the net before a generation's training, on that generation's games,
  // which it never trained on; training losses far below them mean memorized games.
  ChartSeries train_value{"value (training, last point)", "#2ca02c", {}},
      holdout_value{"value (held out)", "#9467bd", {}};
  ChartSeries train_policy{"policy (training, last point)", "#ff7f0e", {}},
      holdout_policy{"policy (held out)", "#8c564b", {}};
  for (const auto& r : records) {
    if (!r.losses.empty()) {
      train_value.points.push_back({double(r.generation), r.losses.back().value});
      train_policy.points.push_back({double(r.generation), r.losses.back().policy});
    }
    holdout_value.points.push_back({double(r.generation), r.holdout.value});
    holdout_policy.points.push_back({double(r.generation), r.holdout.policy});
  }
  html += "<h2>Training and held-out losses by generation</h2>\n" +
          svg_line_chart("losses (held out: the previous net on this generation's new games)", "generation",
                         "loss", {train_value, holdout_value, train_policy, holdout_policy}, true);

  // Seventeen columns: the table scrolls sideways on a narrow screen rather than widen the page.
  html +=
      "<h2>Generations</h2>\n<div style=\"overflow-x:auto\"><table><tr><th>generation</th><th>self-play "
      "games</th><th>rows</th>"
      "<th>stopped at cap</th><th>simulations/s</th><th>threads</th><th>value loss</th><th>held-out value "
      "loss</th>"
      "<th>policy loss</th><th>held-out policy loss</th><th>vs previous</th><th>vs rollout ISMCTS</th>"
      "<th>vs heuristic ISMCTS</th><th>vs automaton</th>"
      "<th>self-play s</th><th>train s</th><th>eval s</th></tr>\n";
  for (const auto& r : records) {
    const auto score = [](const MatchScore* m) {
      return m ? fmt::sprintf("%.3f", m->score) + " [" + fmt::sprintf("%.2f", m->low) + ", " +
                     fmt::sprintf("%.2f", m->high) + "]"
               : "";
    };
    html += "<tr><td>" + std::to_string(r.generation) + "</td><td>" + std::to_string(r.games) + "</td><td>" +
            std::to_string(r.rows) + "</td><td>" + std::to_string(r.capped) + "</td><td>" +
            fmt::sprintf("%.0f", r.simulations_per_second) + "</td><td>" + std::to_string(r.threads) +
            "</td><td>" + (r.losses.empty() ? "" : fmt::sprintf("%.4f", r.losses.back().value)) +
            "</td><td>" + fmt::sprintf("%.4f", r.holdout.value) + "</td><td>" +
            (r.losses.empty() ? "" : fmt::sprintf("%.4f", r.losses.back().policy)) + "</td><td>" +
            fmt::sprintf("%.4f", r.holdout.policy) + "</td><td>" + score(find_match(r, "gen")) + "</td><td>" +
            score(find_match(r, "baseline")) + "</td><td>" + score(find_match(r, "heuristic")) + "</td><td>" +
            score(find_match(r, automaton)) + "</td><td>" + fmt::sprintf("%.1f", r.selfplay_seconds) +
            "</td><td>" + fmt::sprintf("%.1f", r.train_seconds) + "</td><td>" +
            fmt::sprintf("%.1f", r.eval_seconds) + "</td></tr>\n";
  }
  html += "</table></div>\n<h2>Configuration</h2>\n<pre>" + html_escape(format_config(config)) +
          "</pre>\n</body></html>\n";
  return html;
}

std::string generation_summary(const GenerationRecord& r) {
  const LossPoint last = r.losses.empty() ? LossPoint{} : r.losses.back();
  std::string line = "gen " + std::to_string(r.generation) + ": loss value " +
                     fmt::sprintf("%.3f", last.value) + " policy " + fmt::sprintf("%.3f", last.policy) +
                     " | held out value " + fmt::sprintf("%.3f", r.holdout.value) + " policy " +
                     fmt::sprintf("%.3f", r.holdout.policy) + " | stopped " + std::to_string(r.capped) + "/" +
                     std::to_string(r.games);
  for (const MatchScore& m : r.matches)
    line += " | vs " + m.opponent + " " + fmt::sprintf("%.3f", m.score) + " [" + fmt::sprintf("%.2f", m.low) +
            ", " + fmt::sprintf("%.2f", m.high) + "]";
  return line;
}

}  // namespace pamir::selfplay
