#pragma once
// What the self-play and training-loop tests share: the tiny config and a fresh scratch folder.

#include <unistd.h>

#include <filesystem>
#include <string>

#include "selfplay/config.h"

namespace pamir::selfplay {

// configs/tiny.cfg: a run of seconds.
inline TrainConfig tiny() { return load_config(std::string(PAMIR_SOURCE_DIR) + "/configs/tiny.cfg"); }

// A path under the temporary folder, unique to this process, with nothing there.
inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("pamir_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace pamir::selfplay
