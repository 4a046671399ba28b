#pragma once
// Rank 0's side of one job spread over the other ranks: it sends each worker its share, then
// a thread of its own receives what they send back (each finished game, then each worker's
// end of job) while rank 0 plays its own share.

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dist/cluster.h"
#include "dist/jobs.h"

namespace pamir::dist {

class JobRun {
 public:
  // Sends worker rank r the job jobs[r - 1]. on_result gets each result's bytes and the rank
  // that sent it, one at a time, from the receiving thread; an exception it throws fails the
  // job (the other results are still drained).
  JobRun(Cluster& cluster, const std::vector<Job>& jobs,
         std::function<void(int rank, std::string&&)> on_result);
  ~JobRun();  // abandons the job unless it was finished
  JobRun(const JobRun&) = delete;
  JobRun& operator=(const JobRun&) = delete;

  // Waits for every worker's end of job and returns them (index r - 1 for rank r); throws
  // std::runtime_error "rank r: <reason>" for the first failure.
  std::vector<JobEnd> finish();
  // Stops receiving at once: on_result is not called again. (Rank 0 is failing; its exit
  // ends the MPI job, workers included.)
  void abandon() noexcept;

 private:
  void receive_all();

  Cluster& cluster_;
  std::function<void(int, std::string&&)> on_result_;
  std::vector<JobEnd> ends_;
  std::string error_;  // the first failure, "rank r: ..."
  std::atomic<bool> cancel_{false};
  std::thread receiver_;
};

// Splits items among the ranks of the cluster: rank r gets items i with i mod n = r (n the
// number of ranks that play, the first of them rank 0 unless root_plays is false); the share
// of rank r is at index r. Interleaving spreads long and short games evenly.
template <typename T>
std::vector<std::vector<T>> split_among_ranks(const std::vector<T>& items, int ranks, bool root_plays) {
  std::vector<std::vector<T>> shares(ranks);
  const int first = root_plays || ranks == 1 ? 0 : 1;
  for (std::size_t i = 0; i < items.size(); ++i)
    shares[first + int(i % std::size_t(ranks - first))].push_back(items[i]);
  return shares;
}

// Tells every worker to stop (rank 0, at the end of any command run under mpirun).
void stop_workers(Cluster& cluster);

}  // namespace pamir::dist
