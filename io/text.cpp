#include "io/text.h"

#include <charconv>
#include <nlohmann/json.hpp>

namespace pamir::io {


std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string trim(const std::string& text) {
  const auto b = text.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return text.substr(b, text.find_last_not_of(" \t\r") - b + 1);
}

std::optional<u64> parse_u64(std::string_view text) {
  u64 value = 0;
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || at != end) return std::nullopt;
  return value;
}

}  // namespace pamir::io
