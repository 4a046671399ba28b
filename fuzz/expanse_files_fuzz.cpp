// libFuzzer target: Pax Expanse's positions and game records (io/state_json.h, io/record.h
// built on its rules). Each input is read both ways; an accepted position, and the end of a
// replayed record, are played out (fuzz/play_out.h).

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/play_out.h"
#include "io/record.h"
#include "io/state_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  if (const auto state = pamir::io::state_from_json(text, &error)) pamir::fuzz::play_out(*state, size);
  else pamir::fuzz::check_one_line(error);
  const auto record = pamir::io::record_from_json(text, &error);
  if (!record) {
    pamir::fuzz::check_one_line(error);
    return 0;
  }
  const auto final_state = pamir::io::replay(*record, &error);
  if (!final_state) {
    pamir::fuzz::check_one_line(error);
    return 0;
  }
  pamir::fuzz::play_out(*final_state, size);
  return 0;
}
