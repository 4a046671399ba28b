#pragma once
// What the self-play and training-loop tests share: the tiny config and a fresh scratch folder.

#include <unistd.h>

#include <filesystem>
#include <string>

#include "games/registry.h"
#include "selfplay/config.h"

namespace pamir::selfplay {

// configs/tiny.cfg: a run of seconds, checked against its game's rules as the commands do.
inline TrainConfig tiny() {
  TrainConfig config = load_config(std::string(PAMIR_SOURCE_DIR) + "/configs/tiny.cfg");
  check_game_config(config, games::game(config.game).facts());
  return config;
}

// A path under the temporary folder, unique to this process, with nothing there.
inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("pamir_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace pamir::selfplay
