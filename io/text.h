#pragma once
// Text helpers for the readers of outside input (positions, records, results files, flags,
// the engine protocol).

#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"
#include "io/strings.h"

namespace pamir::io::inline PAMIR_RULESET {

using core::u64;

// The text as a JSON string literal: quotes added, control characters escaped, invalid
// UTF-8 replaced. Error messages quote input this way so that they stay on one line.
std::string quoted(const std::string& text);

// A whole unsigned decimal 0 .. 2^64 - 1 (digits only: no sign, space or suffix), or nothing.
std::optional<u64> parse_u64(std::string_view text);

// The seat counts this ruleset plays, as text: "2 to 5".
std::string seat_range();
// This ruleset's name ("Pax Pamir"), from core::kGameKey (io/games.h).
std::string_view game_name();
// Why a file written for the game with this key (its "game" field, io/games.h) cannot be
// read by this ruleset's tools, as the end of a sentence starting with the file's name and
// its kind: "is a Pax Expanse record; use --game expanse". Empty when the key is this
// ruleset's own.
std::string other_game(std::string_view key, std::string_view kind);

}  // namespace pamir::io
