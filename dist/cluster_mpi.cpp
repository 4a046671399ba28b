// The cluster over MPI: the ranks of the job that started this process, if one did.

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <thread>

#include "dist/cluster.h"

namespace pamir::dist {

namespace {

void check(int status, const char* what) {
  if (status != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

}  // namespace

Cluster::Cluster() {
  if (!launched_by_mpi()) return;
  int provided = 0;
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided), "MPI_Init_thread");
  mpi_ = true;
  if (provided < MPI_THREAD_MULTIPLE) {
    std::fprintf(stderr, "error: this MPI library does not support MPI_THREAD_MULTIPLE\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Cluster::~Cluster() {
  if (mpi_) MPI_Finalize();
}

void Cluster::send(int to, int tag, std::string_view bytes) {
  if (!mpi_) throw std::logic_error("send: this process is not part of an MPI job");
  if (bytes.size() > std::size_t(std::numeric_limits<int>::max()))
    throw std::runtime_error("MPI: a message of " + std::to_string(bytes.size()) +
                             " bytes is over MPI's 2 GiB limit");
  check(MPI_Send(bytes.data(), int(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD), "MPI_Send");
  bytes_sent_ += static_cast<long long>(bytes.size());
}

std::optional<Message> Cluster::receive(int from, int tag, const std::atomic<bool>* cancel) {
  if (!mpi_) throw std::logic_error("receive: this process is not part of an MPI job");
  const int source = from == kAnySource ? MPI_ANY_SOURCE : from;
  if (tag == kAnyTag) tag = MPI_ANY_TAG;
  // A matched probe (MPI_Improbe) takes the message out of reach of other threads' probes,
  // so several threads may receive at once. Between polls the wait grows to 2 ms: nothing
  // here is latency-bound, and a blocking MPI_Recv would spin a core at 100%.
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    int found = 0;
    MPI_Message handle;
    MPI_Status status;
    check(MPI_Improbe(source, tag, MPI_COMM_WORLD, &found, &handle, &status), "MPI_Improbe");
    if (found) {
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      Message m;
      m.source = status.MPI_SOURCE;
      m.tag = status.MPI_TAG;
      m.bytes.resize(std::size_t(count));
      check(MPI_Mrecv(m.bytes.data(), count, MPI_BYTE, &handle, MPI_STATUS_IGNORE), "MPI_Mrecv");
      bytes_received_ += count;
      return m;
    }
    if (cancel && cancel->load()) return std::nullopt;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
}

void Cluster::abort(int status) {
  if (mpi_) MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

}  // namespace pamir::dist
