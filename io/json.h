#pragma once
// Reading JSON from outside (positions, records, results files, requests): nesting is bounded
// before nlohmann parses anything, because its writer, its comparisons and our readers all
// recurse per level and a 100,000-deep array from a file or a socket would overflow the stack.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pamir::io {

// Deeper than any file pamir writes (a position nests 5 levels, a request 3).
inline constexpr int kMaxJsonDepth = 64;

// Why a text is not JSON pamir reads: a syntax error, a number out of range, or nesting
// deeper than kMaxJsonDepth. what() is one line starting "invalid JSON: ".
struct JsonSyntaxError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses text, refusing nesting deeper than max_depth (arrays and objects) before parsing.
// Throws JsonSyntaxError.
nlohmann::ordered_json parse_json(std::string_view text, int max_depth = kMaxJsonDepth);

// A value as JSON text cut to at most max_chars characters ("..." at the end when cut), for
// error messages: it writes no more than that, however large or deep the value.
std::string excerpt(const nlohmann::ordered_json& value, std::size_t max_chars = 40);

}  // namespace pamir::io
