// libFuzzer target: the engine protocol (cli/engine_session.h) of every game, one input line
// per line of the fuzz input. Every answer must be framed (data lines, then exactly one "ok"
// or "error: ..." line, no line breaks inside); the position reached is played out
// (fuzz/play_out.h).

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli/engine_session.h"
#include "fuzz/play_out.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  for (const pamir::games::Game* game : pamir::games::all_games()) {
    std::istringstream in(input);
    pamir::cli::EngineSession session(*game, "random");
    std::string line;
    for (int lines = 0; std::getline(in, line) && lines < 64; ++lines) {
      // A search's cost is its budget's, not the protocol's: go runs only the random agent here.
      const bool go = line.rfind("go", 0) == 0;
      if (go && line != "go" && line != "go random") continue;
      const auto out = session.handle(line);
      for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i].find('\n') != std::string::npos) pamir::fuzz::fail("an answer line holds a line break");
        const bool status = out[i] == "ok" || out[i].rfind("error: ", 0) == 0;
        if (status != (i + 1 == out.size())) pamir::fuzz::fail("answer not framed by one final status line");
      }
      if (session.finished()) break;
    }
    if (const pamir::games::Position* p = session.position()) pamir::fuzz::play_out(*p, size);
  }
  return 0;
}
