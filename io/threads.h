#pragma once
// The threads a run's --threads (or a config's `threads`) asks for: tournaments, matches,
// self-play and the ranks of an MPI job read it alike.

namespace pamir::io {

// The most threads a run may ask for: far beyond any machine's cores, and well within what
// OpenMP's runtime starts (libgomp crashes starting 100,000).
constexpr int kMaxThreads = 1024;

// The threads a count of requested threads means: 0 is every core OpenMP reports. Throws
// std::invalid_argument (one line) for a count below 0 or above kMaxThreads.
int resolve_threads(int requested);

}  // namespace pamir::io
