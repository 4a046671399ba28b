#pragma once
// The one chart module: inline SVG for the HTML reports of tournaments and training runs
// (no scripts, fonts or files fetched). Labels are HTML-escaped here.

#include <string>
#include <vector>

namespace pamir::tournament {

struct ChartPoint {
  double x = 0, y = 0;
  double low = 0, high = 0;  // an error bar when low < high
};

struct ChartSeries {
  std::string name;
  std::string color;  // CSS color
  std::vector<ChartPoint> points;
};

// A chart of the series over shared axes, with a legend; empty series are skipped.
// whole_number_x: the x axis counts something (generations), so its ticks are integers.
std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::string& y_label,
                           const std::vector<ChartSeries>& series, bool whole_number_x = false,
                           int width = 640, int height = 320);

// One row per entry, top to bottom: a point with its 95% interval on a shared axis (ratings).
// A row with a parent is joined to it by a dashed line from the parent's point (a ladder
// version's lineage).
struct IntervalRow {
  std::string label;
  double value = 0, low = 0, high = 0;
  int parent = -1;  // another row's index; -1: none
};
std::string svg_interval_chart(const std::vector<IntervalRow>& rows, const std::string& axis_label);

// One stacked bar per row, its shares (summing to 1) in the legend's colors, left to right.
struct StackedRow {
  std::string label;
  std::vector<double> shares;
};
std::string svg_stacked_bars(const std::vector<StackedRow>& rows, const std::vector<std::string>& legend);

}  // namespace pamir::tournament
