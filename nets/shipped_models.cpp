#include "nets/shipped_models.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "io/code_location.h"

namespace pamir::nets {

namespace fs = std::filesystem;

std::string models_dir() {
  if (const char* env = std::getenv("PAMIR_MODELS"); env && *env) return env;
  // Beside the code (a Python wheel's pamir/models), then an install prefix's, for code in
  // its bin/ (PAMIR_INSTALLED_MODELS: share/pamir/models, cmake/install.cmake), then the
  // configured prefix's, then the source tree's.
  std::vector<fs::path> candidates;
  if (const fs::path code = io::code_directory(); !code.empty())
    candidates = {code / "models", code.parent_path() / PAMIR_INSTALLED_MODELS};
  candidates.push_back(fs::path(PAMIR_INSTALL_PREFIX) / PAMIR_INSTALLED_MODELS);
  for (const fs::path& dir : candidates)
    if (fs::is_directory(dir)) return dir.string();
  return std::string(PAMIR_SOURCE_DIR) + "/models";
}

std::string shipped_model_path(std::string_view game, int players) {
  return models_dir() + "/" + std::string(game) + "-" + std::to_string(players) + "p.weights";
}

}  // namespace pamir::nets
