#pragma once
// The processes of one run: the ranks of an MPI job (mpirun, or Slurm's srun), or this process
// alone. Rank 0 coordinates and writes every file; the other ranks play the games it hands
// them (dist/worker.h) and send the results back, so no shared filesystem is needed.
//
// A process started without an MPI launcher never calls MPI: it is rank 0 of 1, and pamir
// runs as it always has. Messages are byte strings with a tag. Waiting for one polls and
// sleeps instead of spinning in MPI: a rank waiting for work must leave its core to the
// ranks (or the trainer) that are busy on the same machine.

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

namespace pamir::dist {

constexpr int kAnySource = -1;
constexpr int kAnyTag = -1;

struct Message {
  int source = 0;
  int tag = 0;
  std::string bytes;
};

class Cluster {
 public:
  // This process's cluster: on the first call, joins the MPI job when an MPI launcher
  // started the process (MPI_Init_thread with MPI_THREAD_MULTIPLE: games finish on many
  // threads), else a cluster of one.
  static Cluster& instance();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }

  // Thread-safe. Blocks until the message is on its way (MPI_Send).
  void send(int to, int tag, std::string_view bytes);
  // The next message with this tag (kAnyTag: any) from `from` (kAnySource: any rank); nullopt when cancel
  // turns true while waiting. Thread-safe.
  std::optional<Message> receive(int from, int tag, const std::atomic<bool>* cancel = nullptr);

  // Bytes this process has sent and received, for the coordination overhead.
  long long bytes_sent() const { return bytes_sent_; }
  long long bytes_received() const { return bytes_received_; }
  // Seconds rank 0 spent handing out jobs, and waiting for the other ranks after its own
  // share was done (dist/job_run.h adds them).
  void add_coordination_seconds(double sending, double waiting);
  double sending_seconds() const { return sending_seconds_; }
  double waiting_seconds() const { return waiting_seconds_; }

  // Ends every rank of the job at once (MPI_Abort); exits when there is no job.
  [[noreturn]] void abort(int status);

  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

 private:
  Cluster();
  ~Cluster();  // MPI_Finalize

  int rank_ = 0, size_ = 1;
  bool mpi_ = false;
  std::atomic<long long> bytes_sent_{0}, bytes_received_{0};
  std::atomic<double> sending_seconds_{0}, waiting_seconds_{0};
};

// Whether an MPI launcher started this process (its environment names a rank).
bool launched_by_mpi();

}  // namespace pamir::dist
