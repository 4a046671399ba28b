#include "dist/job_run.h"

#include <chrono>
#include <stdexcept>

namespace pamir::dist {

namespace {

struct Stopwatch {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

}  // namespace

JobRun::JobRun(Cluster& cluster, const std::vector<Job>& jobs,
               std::function<void(int, std::string&&)> on_result)
    : cluster_(cluster), on_result_(std::move(on_result)), ends_(jobs.size()) {
  const Stopwatch sending;
  for (std::size_t w = 0; w < jobs.size(); ++w) cluster_.send(int(w) + 1, kJobTag, encode_job(jobs[w]));
  cluster_.add_coordination_seconds(sending.seconds(), 0);
  receiver_ = std::thread([this] { receive_all(); });
}

JobRun::~JobRun() { abandon(); }

void JobRun::receive_all() {
  std::size_t ended = 0;
  while (ended < ends_.size()) {
    auto m = cluster_.receive(kAnySource, kAnyTag, &cancel_);
    if (!m) return;  // abandoned
    const std::string from = "rank " + std::to_string(m->source) + ": ";
    try {
      if (m->tag == kResultTag) {
        if (error_.empty()) on_result_(m->source, std::move(m->bytes));
      } else if (m->tag == kJobEndTag) {
        JobEnd end = decode_job_end(m->bytes);
        if (!end.error.empty() && error_.empty()) error_ = from + end.error;
        ends_[m->source - 1] = std::move(end);
        ++ended;
      } else {
        throw std::runtime_error("unexpected message tag " + std::to_string(m->tag));
      }
    } catch (const std::exception& e) {
      if (error_.empty()) error_ = from + e.what();
    }
  }
}

std::vector<JobEnd> JobRun::finish() {
  const Stopwatch waiting;
  if (receiver_.joinable()) receiver_.join();
  cluster_.add_coordination_seconds(0, waiting.seconds());
  if (!error_.empty()) throw std::runtime_error(error_);
  return ends_;
}

void JobRun::abandon() noexcept {
  cancel_ = true;
  if (receiver_.joinable()) receiver_.join();
}

void stop_workers(Cluster& cluster) {
  for (int r = 1; r < cluster.size(); ++r) cluster.send(r, kJobTag, encode_job(StopJob{}));
}

}  // namespace pamir::dist
