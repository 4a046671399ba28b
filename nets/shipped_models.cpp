#include "nets/shipped_models.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "nets/net_evaluator.h"

namespace pamir::nets::inline PAMIR_RULESET {

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

std::string shipped_model_path(int players) {
  return models_dir() + "/" + core::kGameKey + "-" + std::to_string(players) + "p.weights";
}

void ShippedNetEvaluator::evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) {
  // Every leaf of one search has the same player count; a batch may mix games, so group by it.
  for (std::size_t begin = 0; begin < leaves.size();) {
    const int players = leaves[begin].state->num_players;
    std::size_t end = begin + 1;
    while (end < leaves.size() && leaves[end].state->num_players == players) ++end;
    auto& evaluator = by_players_[players];
    if (!evaluator) {
      const std::string path = shipped_model_path(players);
      if (!fs::exists(path))
        throw std::runtime_error("no shipped net for " + std::to_string(players) + " players (" + path +
                                 "; models/README.md lists the shipped nets)");
      evaluator = make_net_evaluator(path);
    }
    evaluator->evaluate(leaves.subspan(begin, end - begin), results.subspan(begin, end - begin));
    begin = end;
  }
}

}  // namespace pamir::nets
