#pragma once
// NumPy's .npz archive, as numpy.load reads it: a zip of .npy files. Members are stored
// uncompressed (the rows are mostly small integers and probabilities; compression would
// cost the writer thread more than the disk saves), and each carries the zip CRC-32 of its
// bytes (zlib's crc32), which the reader verifies, so that a corrupt or truncated archive is
// reported instead of trained on.

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pamir::selfplay {

struct NpzError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One array: its name in the archive (without ".npy"), its NumPy dtype descriptor
// ("<f4", "<i4", "<i8", "<u2", "|u1"), its shape and its raw little-endian C-order bytes.
struct NpyArray {
  std::string name;
  std::string dtype;
  std::vector<std::int64_t> shape;
  std::string data;
};

// Bytes per element of a dtype descriptor; throws NpzError for one this code does not use.
int dtype_size(const std::string& dtype);

// An NpyArray from a typed buffer.
template <class T>
NpyArray make_array(std::string name, std::string dtype, std::vector<std::int64_t> shape,
                    std::span<const T> values) {
  return {std::move(name), std::move(dtype), std::move(shape),
          std::string(reinterpret_cast<const char*>(values.data()), values.size_bytes())};
}

// The archive's bytes. Throws NpzError if an array's data does not match its shape.
std::string write_npz(const std::vector<NpyArray>& arrays);

// The arrays of an archive, checksums verified; source names it in the one-line errors
// ("<source>: member x.npy fails its CRC-32 check").
std::vector<NpyArray> read_npz(std::string_view bytes, const std::string& source);

}  // namespace pamir::selfplay
