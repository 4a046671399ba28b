#pragma once
// Whole-file reads and atomic writes, for every file pamir produces (records, states,
// shards, checkpoints, reports): a reader never sees a partial file, and a crash mid-write
// leaves the previous version in place.

#include <string>
#include <string_view>

namespace pamir::io::inline PAMIR_RULESET {

// The file's bytes; throws std::runtime_error("cannot read <path>: <reason>").
std::string read_file(const std::string& path);

// Writes to a temporary file beside path, flushes it to disk, then renames it over path.
// Throws std::runtime_error("cannot write <path>: <reason>"); the temporary is removed.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace pamir::io
