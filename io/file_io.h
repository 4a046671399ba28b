#pragma once
// Whole-file reads and atomic writes, for every file pamir produces (records, states,
// shards, checkpoints, reports): a reader never sees a partial file, and a crash mid-write
// leaves the previous version in place.

#include <cstddef>
#include <string>
#include <string_view>

namespace pamir::io {

// The file's bytes; throws std::runtime_error("cannot read <path>: <reason>"). Pipes are
// read too (`--config <(...)`).
std::string read_file(const std::string& path);

// The bytes of a regular file of at most max_bytes, for paths that come from outside (the
// board's page): a FIFO, a device or a folder is refused without blocking or reading it.
// Throws std::runtime_error("cannot read <path>: <reason>").
std::string read_regular_file(const std::string& path, std::size_t max_bytes);

// Writes to a temporary file beside path, flushes it to disk, then renames it over path.
// Throws std::runtime_error("cannot write <path>: <reason>"); the temporary is removed.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace pamir::io
