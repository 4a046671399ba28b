#include "io/json.h"

namespace pamir::io {
namespace {

using Json = nlohmann::ordered_json;

// The longest parser message quoted in an error.
constexpr std::size_t kMaxMessage = 160;

// The offset of the first bracket that opens level max_depth + 1, or npos. Brackets inside
// strings do not count; the text need not be valid JSON (the parser reports that).
std::size_t too_deep_at(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::string_view::npos;
}

// Appends value to out until out holds limit characters; returns false once it is full.
bool append_excerpt(const Json& value, std::string& out, std::size_t limit) {
  const auto add = [&](std::string_view piece) {
    out.append(piece.substr(0, limit - std::min(limit, out.size())));
    return out.size() < limit;
  };
  if (value.is_array() || value.is_object()) {
    if (!add(value.is_array() ? "[" : "{")) return false;
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first && !add(",")) return false;
      first = false;
      if (value.is_object() && !(add(Json(it.key()).dump()) && add(":"))) return false;
      if (!append_excerpt(*it, out, limit)) return false;
    }
    return add(value.is_array() ? "]" : "}");
  }
  return add(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

}  // namespace

Json parse_json(std::string_view text, int max_depth) {
  if (const std::size_t at = too_deep_at(text, max_depth); at != std::string_view::npos)
    throw JsonSyntaxError("invalid JSON: nested deeper than " + std::to_string(max_depth) +
                          " levels at byte " + std::to_string(at + 1));
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {  // syntax, and numbers out of range such as 1e400
    // nlohmann quotes the token it stopped at, which may be the whole rest of the input.
    std::string what = e.what();
    if (what.size() > kMaxMessage) what = what.substr(0, kMaxMessage - 3) + "...";
    throw JsonSyntaxError("invalid JSON: " + what);
  }
}

std::string excerpt(const Json& value, std::size_t max_chars) {
  std::string out;
  append_excerpt(value, out, max_chars + 1);  // one character more tells whether it was cut
  if (out.size() <= max_chars) return out;
  out.resize(max_chars > 3 ? max_chars - 3 : 0);
  return out + "...";
}

}  // namespace pamir::io
