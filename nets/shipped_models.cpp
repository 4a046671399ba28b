#include "nets/shipped_models.h"

#include <cstdlib>
#include <filesystem>
#include <vector>


namespace pamir::nets {

namespace fs = std::filesystem;

std::string models_dir() {
  if (const char* env = std::getenv("PAMIR_MODELS"); env && *env) return env;
  // PAMIR_INSTALLED_MODELS: share/pamir/models, relative to an install prefix (cmake/install.cmake).
  std::vector<fs::path> candidates;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path prefix = exe.parent_path().parent_path();
    candidates = {prefix / "models", prefix / PAMIR_INSTALLED_MODELS};
  }
  candidates.push_back(fs::path(PAMIR_INSTALL_PREFIX) / PAMIR_INSTALLED_MODELS);
  for (const fs::path& dir : candidates)
    if (fs::is_directory(dir)) return dir.string();
  return std::string(PAMIR_SOURCE_DIR) + "/models";
}

std::string shipped_model_path(std::string_view game, int players) {
  return models_dir() + "/" + std::string(game) + "-" + std::to_string(players) + "p.weights";
}

}  // namespace pamir::nets
