#pragma once
// Where pamir's compiled code lies: the folder of the program, or of the shared object (the
// Python module, the libtorch plugin) that holds the calling code. Files that travel with
// the code (the libtorch plugin, the shipped nets) are looked for from there, so that a
// build tree, an installed prefix and a Python wheel each find their own.

#include <filesystem>

namespace pamir::io {

// Empty when the loader cannot tell.
std::filesystem::path code_directory();

}  // namespace pamir::io
