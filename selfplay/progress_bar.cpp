#include "selfplay/progress_bar.h"

#include <fmt/format.h>

#include <unistd.h>

#include <cstdio>

namespace pamir::selfplay {

ProgressBar::ProgressBar(std::string label, long total, long done)
    : label_(std::move(label)),
      total_(total),
      start_done_(done),
      tty_(isatty(fileno(stderr))),
      started_(std::chrono::steady_clock::now()),
      last_draw_(started_) {
  if (tty_) draw(done, false);
}

std::string ProgressBar::format_duration(double s) {
  const long t = long(s + 0.5);
  if (t < 60) return fmt::format("{}s", t);
  if (t < 3600) return fmt::format("{}m{:02}s", t / 60, t % 60);
  return fmt::format("{}h{:02}m", t / 3600, t / 60 % 60);
}

void ProgressBar::update(long done) {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  // A terminal is redrawn five times a second; a log gets a line only when a phase has run
  // for kLogEvery since the last, so that a short phase is its final line alone.
  const auto every = tty_ ? std::chrono::milliseconds(200) : kLogEvery;
  if (now - last_draw_ < every && done < total_) return;
  if (!tty_ && done >= total_) return;  // the final line is finish()'s
  last_draw_ = now;
  draw(done, false);
}

void ProgressBar::finish() {
  std::lock_guard lock(mutex_);
  draw(total_, true);
}

void ProgressBar::draw(long done, bool final) {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  constexpr int kWidth = 24;
  const int filled = total_ > 0 ? int(kWidth * done / total_) : kWidth;
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  std::string eta = "ETA ?";
  if (final)
    eta = "done";
  else if (done > start_done_)
    eta = "ETA " + format_duration(elapsed * (total_ - done) / (done - start_done_));
  std::fprintf(stderr, "%s%-18s [%s] %ld/%ld  %s  %s%s", tty_ ? "\r" : "", label_.c_str(), bar.c_str(), done,
               total_, format_duration(elapsed).c_str(), eta.c_str(), tty_ && !final ? "\033[K" : "\n");
  std::fflush(stderr);
}

}  // namespace pamir::selfplay
