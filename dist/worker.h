#pragma once
// A worker rank (every rank but 0 of an MPI job): it waits for rank 0's jobs and plays them
// (dist/jobs.h), each with the threads the job asks for, sending every finished game back as
// it finishes, until rank 0 says stop. A worker writes no files but the weight files of its
// jobs, in a scratch folder of its own that it removes when it stops.

#include "dist/cluster.h"

namespace pamir::dist {

// Returns the process's exit status.
int serve_jobs(Cluster& cluster);

}  // namespace pamir::dist
