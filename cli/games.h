#pragma once
// The games build/pamir plays. cli/ is compiled once per ruleset (pamir_add_layers in
// CMakeLists.txt), each copy in its rules' inline namespace; main.cpp, compiled once, reads
// --game and hands the command line to that game's copy through its GameTool. This header
// names no rules type, so main.cpp needs no ruleset.

#include <string_view>

namespace pamir::cli {

struct GameTool {
  const char* key;   // --game's value, as core::kGameKey
  const char* name;  // the game's name in messages ("Pax Expanse")
  int (*main)(int argc, char** argv);            // the tool for this game: main() less --game
  bool (*has_command)(std::string_view command);  // whether this game's tool has the command
};

}  // namespace pamir::cli

// Each game's tool (defined in cli/command.cpp of its copy). The namespaces are declared
// inline here as their first declaration must be (core/types.h opens them the same way).
namespace pamir::cli::inline pax_pamir {
extern const GameTool kTool;
}
namespace pamir::cli::inline pax_expanse {
extern const GameTool kTool;
}
