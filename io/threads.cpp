#include "io/threads.h"

#include <omp.h>

#include <stdexcept>
#include <string>

namespace pamir::io {

int resolve_threads(int requested) {
  if (requested < 0 || requested > kMaxThreads)
    throw std::invalid_argument("threads must be 0 (every core) to " + std::to_string(kMaxThreads) +
                                ", got " + std::to_string(requested));
  return requested > 0 ? requested : omp_get_num_procs();
}

}  // namespace pamir::io
