#include "io/text.h"

#include <charconv>
#include <nlohmann/json.hpp>

#include "io/games.h"

namespace pamir::io::inline PAMIR_RULESET {


std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<u64> parse_u64(std::string_view text) {
  u64 value = 0;
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || at != end) return std::nullopt;
  return value;
}

std::string seat_range() { return std::to_string(core::kMinPlayers) + " to " + std::to_string(core::kMaxPlayers); }

std::string_view game_name() { return io::game_name(core::kGameKey); }

std::string other_game(std::string_view key, std::string_view kind) {
  if (key == core::kGameKey) return "";
  const std::string_view name = io::game_name(key);
  if (name.empty()) return "names an unknown game " + quoted(std::string(key));
  return "is a " + std::string(name) + " " + std::string(kind) + "; use --game " + std::string(key);
}

}  // namespace pamir::io
