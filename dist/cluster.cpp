// What every build of the cluster shares; the transport is dist/cluster_mpi.cpp, or
// dist/cluster_alone.cpp in a build without MPI (PAMIR_WITH_MPI off).

#include "dist/cluster.h"

#include <cstdlib>

namespace pamir::dist {

bool launched_by_mpi() {
  // OpenMPI's mpirun, PMIx (OpenMPI 4+, Slurm --mpi=pmix), PMI-1/2 (MPICH's hydra, Slurm's
  // default MPI plugin).
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}

Cluster& Cluster::instance() {
  static Cluster cluster;
  return cluster;
}

void Cluster::add_coordination_seconds(double sending, double waiting) {
  sending_seconds_ = sending_seconds_ + sending;
  waiting_seconds_ = waiting_seconds_ + waiting;
}

}  // namespace pamir::dist
