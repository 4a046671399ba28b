#pragma once
// Line charts as inline SVG for the run report (no scripts, fonts or files fetched).

#include <string>
#include <vector>

namespace pamir::selfplay {

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
                           const std::vector<ChartSeries>& series, bool whole_number_x = false, int width = 640,
                           int height = 320);

}  // namespace pamir::selfplay
