#pragma once
// Text helpers for the readers of outside input (positions, records, results files, flags,
// the engine protocol).

#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace pamir::io {

using core::u64;

// The text as a JSON string literal: quotes added, control characters escaped, invalid
// UTF-8 replaced. Error messages quote input this way so that they stay on one line.
std::string quoted(const std::string& text);

// The text without leading and trailing spaces, tabs and carriage returns (a line typed on
// Windows or at a terminal ends in one).
std::string trim(const std::string& text);

// A whole unsigned decimal 0 .. 2^64 - 1 (digits only: no sign, space or suffix), or nothing.
std::optional<u64> parse_u64(std::string_view text);

}  // namespace pamir::io
