#pragma once
// The checksum of pamir's binary files (weights, checkpoints): FNV-1a over 64-bit words,
// enough to catch truncation and corruption, fast enough for megabytes.

#include <cstddef>
#include <cstring>

#include <cstdint>

namespace pamir::nets {

inline std::uint64_t checksum64(const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  std::uint64_t h = 0xCBF29CE484222325ull;
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes + i, 8);
    h = (h ^ word) * 0x100000001B3ull;
  }
  for (; i < size; ++i) h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001B3ull;
  return h;
}

}  // namespace pamir::nets
