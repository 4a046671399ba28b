// The cluster of a build without MPI (PAMIR_WITH_MPI off): this process alone. A process that
// an MPI launcher started says so and stops, rather than run as N unconnected copies that
// each write the same files.

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "dist/cluster.h"

namespace pamir::dist {

Cluster::Cluster() {
  if (!launched_by_mpi()) return;
  std::fprintf(
      stderr,
      "error: this pamir was built without MPI (PAMIR_WITH_MPI off, or no libopenmpi-dev): it cannot run "
      "under mpirun\n");
  std::exit(1);
}

Cluster::~Cluster() = default;

void Cluster::send(int, int, std::string_view) {
  throw std::logic_error("send: this process is not part of an MPI job");
}

std::optional<Message> Cluster::receive(int, int, const std::atomic<bool>*) {
  throw std::logic_error("receive: this process is not part of an MPI job");
}

void Cluster::abort(int status) { std::exit(status); }

}  // namespace pamir::dist
