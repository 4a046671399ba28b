#include "tournament/svg_chart.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "tournament/report.h"

namespace pamir::tournament {
namespace {

std::string num(double v) { return fmt::format("{:.1f}", v); }
// A tick that rounds to zero is "0", not "-0".
std::string tick_label(double v) { return fmt::format("{:.4g}", std::abs(v) < 1e-9 ? 0.0 : v); }

constexpr int kLabelWidth = 230, kPlotWidth = 460, kRowHeight = 28;

// Drawn at width x height, and scaled down (never up) to fit a narrower page (viewBox).
std::string svg_open(int width, int height, const std::string& attributes = "") {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "style=\"max-width:100%;height:auto\" role=\"img\"{2}{3}>\n",
      width, height, attributes.empty() ? "" : " ", attributes);
}

// A row's label, right-aligned before the plot. One longer than the label column holds
// (agent specs often are) keeps its start and end around an ellipsis, with the whole label
// as its tooltip, instead of running off the chart's left edge.
std::string row_label(const std::string& label, int y) {
  constexpr std::size_t kMostChars = 34;  // at 12 px, what kLabelWidth holds
  const bool long_label = label.size() > kMostChars;
  const std::string shown = long_label ? label.substr(0, kMostChars / 2 - 1) + "\u2026" +
                                             label.substr(label.size() - (kMostChars / 2 - 1))
                                       : label;
  return fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}{}</text>\n",
                     kLabelWidth - 8, y, long_label ? "<title>" + html_escape(label) + "</title>" : "",
                     html_escape(shown));
}

// A round step giving about `count` ticks over span.
double tick_step(double span, int count) {
  const double raw = span / count, scale = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * scale) return m * scale;
  return 10 * scale;
}

}  // namespace

std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::string& y_label,
                           const std::vector<ChartSeries>& series, bool whole_number_x, int width,
                           int height) {
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const auto& s : series)
    for (const auto& p : s.points) {
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
      y0 = std::min({y0, p.y, p.low < p.high ? p.low : p.y});
      y1 = std::max({y1, p.y, p.low < p.high ? p.high : p.y});
    }
  // The legend goes under the plot, a line per series, so that long names are never cut.
  int shown = 0;
  for (const auto& s : series) shown += !s.points.empty();
  const int left = 64, right = 20, top = 28, bottom = 44, legend_height = 16 * shown;
  height += legend_height;
  std::string svg = svg_open(width, height, "font-family=\"sans-serif\" font-size=\"11\"");
  svg += "<text x=\"" + std::to_string(width / 2) + "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">" +
         html_escape(title) + "</text>\n";
  if (!std::isfinite(x0)) return svg + "<text x=\"20\" y=\"60\">no data yet</text></svg>\n";
  if (x1 == x0) x0 -= 0.5, x1 += 0.5;
  if (y1 == y0) y0 -= 0.5, y1 += 0.5;
  const double pad = (y1 - y0) * 0.05;
  y0 -= pad, y1 += pad;
  const double pw = width - left - right, ph = height - legend_height - top - bottom;
  const auto sx = [&](double x) { return left + (x - x0) / (x1 - x0) * pw; };
  const auto sy = [&](double y) { return top + (y1 - y) / (y1 - y0) * ph; };
  svg += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(pw) + "\" height=\"" +
         num(ph) + "\" fill=\"none\" stroke=\"#888\"/>\n";
  for (int axis = 0; axis < 2; ++axis) {
    const double lo = axis ? y0 : x0, hi = axis ? y1 : x1;
    double step = tick_step(hi - lo, axis ? 5 : 8);
    if (!axis && whole_number_x) step = std::max(1.0, std::round(step));
    for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step) {
      if (axis)
        svg += "<line x1=\"" + num(left) + "\" x2=\"" + num(left + pw) + "\" y1=\"" + num(sy(t)) +
               "\" y2=\"" + num(sy(t)) + "\" stroke=\"#eee\"/><text x=\"" + num(left - 4) + "\" y=\"" +
               num(sy(t) + 4) + "\" text-anchor=\"end\">" + tick_label(t) + "</text>\n";
      else
        svg += "<text x=\"" + num(sx(t)) + "\" y=\"" + num(top + ph + 14) + "\" text-anchor=\"middle\">" +
               tick_label(t) + "</text>\n";
    }
  }
  svg += "<text x=\"" + num(left + pw / 2) + "\" y=\"" + num(top + ph + 34) + "\" text-anchor=\"middle\">" +
         html_escape(x_label) + "</text>\n";
  svg += "<text transform=\"translate(14," + num(top + ph / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         html_escape(y_label) + "</text>\n";
  int legend = 0;
  for (const auto& s : series) {
    if (s.points.empty()) continue;
    std::string path;
    for (const auto& p : s.points) {
      path += (path.empty() ? "M" : " L") + num(sx(p.x)) + "," + num(sy(p.y));
      if (p.low < p.high)
        svg += "<line x1=\"" + num(sx(p.x)) + "\" x2=\"" + num(sx(p.x)) + "\" y1=\"" + num(sy(p.low)) +
               "\" y2=\"" + num(sy(p.high)) + "\" stroke=\"" + s.color + "\" stroke-opacity=\"0.5\"/>\n";
    }
    svg += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + s.color + "\" stroke-width=\"1.5\"/>\n";
    if (s.points.size() < 40)
      for (const auto& p : s.points)
        svg += "<circle cx=\"" + num(sx(p.x)) + "\" cy=\"" + num(sy(p.y)) + "\" r=\"2.5\" fill=\"" + s.color +
               "\"/>\n";
    const double ly = top + ph + bottom + 12 + 16 * legend++;
    svg += "<line x1=\"" + num(left) + "\" x2=\"" + num(left + 18) + "\" y1=\"" + num(ly - 4) + "\" y2=\"" +
           num(ly - 4) + "\" stroke=\"" + s.color + "\" stroke-width=\"2\"/><text x=\"" + num(left + 22) +
           "\" y=\"" + num(ly) + "\">" + html_escape(s.name) + "</text>\n";
  }
  return svg + "</svg>\n";
}

std::string svg_interval_chart(const std::vector<IntervalRow>& rows, const std::string& axis_label) {
  double lo = 1e300, hi = -1e300;
  for (const auto& r : rows) lo = std::min(lo, r.low), hi = std::max(hi, r.high);
  const double step = hi - lo > 800 ? 200 : hi - lo > 300 ? 100 : 50;
  lo = std::floor(lo / step) * step;
  hi = std::ceil(hi / step) * step + (hi == lo ? step : 0);
  const int top = 10, height = top + kRowHeight * int(rows.size()) + 30,
            axis_y = top + kRowHeight * int(rows.size());
  auto x = [&](double v) { return kLabelWidth + (v - lo) / (hi - lo) * kPlotWidth; };
  std::string svg = svg_open(kLabelWidth + kPlotWidth + 20, height);
  for (double v = lo; v <= hi + 1e-9; v += step) {
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#ddd\"/>\n", x(v), top,
                       x(v), axis_y);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{:.0f}</text>\n",
                       x(v), axis_y + 15, v);
  }
  const auto row_y = [&](std::size_t i) { return top + kRowHeight * int(i) + kRowHeight / 2; };
  for (std::size_t i = 0; i < rows.size(); ++i)  // under the points
    if (const int p = rows[i].parent; p >= 0 && p < int(rows.size()) && p != int(i))
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#999\" stroke-width=\"1.5\" "
          "stroke-dasharray=\"4 3\"/>\n",
          x(rows[p].value), row_y(p), x(rows[i].value), row_y(i));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const IntervalRow& r = rows[i];
    const int y = row_y(i);
    svg += row_label(r.label, y + 4);
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#246\" stroke-width=\"2\"/>\n",
        x(r.low), y, x(r.high), y);
    for (const double end : {r.low, r.high})
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#246\" stroke-width=\"2\"/>\n",
          x(end), y - 6, x(end), y + 6);
    svg += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{}\" r=\"5\" fill=\"#c33\"><title>{:.0f} [{:.0f}, "
        "{:.0f}]</title></circle>\n",
        x(r.value), y, r.value, r.low, r.high);
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                     kLabelWidth + kPlotWidth / 2, height - 2, html_escape(axis_label));
  return svg + "</svg>\n";
}

std::string svg_stacked_bars(const std::vector<StackedRow>& rows, const std::vector<std::string>& legend) {
  static const char* kColors[] = {"#2a7", "#8c4", "#eb3", "#e73", "#c33"};
  constexpr int kNumColors = int(std::size(kColors));
  const int top = 30, height = top + kRowHeight * int(rows.size()) + 10;
  std::string svg = svg_open(kLabelWidth + kPlotWidth + 20, height);
  for (std::size_t k = 0; k < legend.size(); ++k)
    svg += fmt::format(
        "<rect x=\"{0}\" y=\"6\" width=\"14\" height=\"14\" fill=\"{1}\"/>"
        "<text x=\"{2}\" y=\"18\" font-size=\"12\">{3}</text>\n",
        kLabelWidth + int(k) * 70, kColors[k % kNumColors], kLabelWidth + int(k) * 70 + 18,
        html_escape(legend[k]));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int y = top + kRowHeight * int(i);
    svg += row_label(rows[i].label, y + kRowHeight / 2 + 4);
    double at = kLabelWidth;
    for (std::size_t k = 0; k < rows[i].shares.size(); ++k) {
      const double w = rows[i].shares[k] * kPlotWidth;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{} "
          "{:.1f}%</title></rect>\n",
          at, y + 3, w, kRowHeight - 6, kColors[k % kNumColors],
          html_escape(k < legend.size() ? legend[k] : ""), 100 * rows[i].shares[k]);
      at += w;
    }
  }
  return svg + "</svg>\n";
}

}  // namespace pamir::tournament
