// libFuzzer target: game records (io/record.h): parse, replay, and play out what a
// replay reaches (fuzz/play_out.h).

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/play_out.h"
#include "io/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
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
  // The record written back replays to the same end.
  const auto again = pamir::io::record_from_json(pamir::io::record_to_json(*record, *final_state), &error);
  if (!again || !pamir::io::replay(*again, &error)) pamir::fuzz::fail("a written record does not replay: " + error);
  pamir::fuzz::play_out(*final_state, size);
  return 0;
}
