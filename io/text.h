#pragma once
// Text helpers for the readers of outside input (positions, records, results files, flags,
// the engine protocol). The same for every game.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "io/strings.h"

namespace pamir::io {

// The text as a JSON string literal: quotes added, control characters escaped, invalid
// UTF-8 replaced. Error messages quote input this way so that they stay on one line.
std::string quoted(const std::string& text);

// A whole unsigned decimal 0 .. 2^64 - 1 (digits only: no sign, space or suffix), or nothing.
std::optional<std::uint64_t> parse_u64(std::string_view text);

}  // namespace pamir::io
