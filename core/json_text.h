#pragma once
// Text helpers shared by the validating JSON readers (positions, game records).

#include <string>

namespace pamir::core {

// The text as a JSON string literal: quotes added, control characters escaped, invalid
// UTF-8 replaced. Error messages quote input this way so that they stay on one line.
std::string quoted(const std::string& text);

}  // namespace pamir::core
