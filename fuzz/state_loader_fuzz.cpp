// libFuzzer target: the position loader (io/state_json.h). Any accepted position is
// played out (fuzz/play_out.h).

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/play_out.h"
#include "io/state_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto state = pamir::io::state_from_json(text, &error);
  if (!state) {
    pamir::fuzz::check_one_line(error);
    return 0;
  }
  pamir::fuzz::play_out(*state, size);
  return 0;
}
