#pragma once
// A progress bar with elapsed time and ETA on stderr: redrawn in place on a terminal; in a
// log (not a terminal) the final line, and a line a minute for a long phase. Thread-safe.

#include <chrono>
#include <mutex>
#include <string>

namespace pamir::selfplay {

class ProgressBar {
 public:
  // done counts work already finished before this bar (a resumed run): the ETA is from
  // the pace of this run alone.
  ProgressBar(std::string label, long total, long done = 0);
  void update(long done);
  // Draws the final state and ends the line.
  void finish();

  // "12s", "3m05s", "1h02m".
  static std::string format_duration(double seconds);

 private:
  void draw(long done, bool final);

  std::string label_;
  static constexpr std::chrono::seconds kLogEvery{60};
  long total_, start_done_;
  bool tty_;
  std::chrono::steady_clock::time_point started_, last_draw_;
  std::mutex mutex_;
};

}  // namespace pamir::selfplay
