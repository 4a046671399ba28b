#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/code_location.h"
#include "nets/torch_plugin.h"

namespace pamir::nets {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPluginFile = "libpamir_torch.so";

#define PAMIR_STRINGIFY_(x) #x
#define PAMIR_STRINGIFY(x) PAMIR_STRINGIFY_(x)

// Where the plugin may be, in order: the user's choice, beside the code (the program, the
// Python module), an installed prefix's lib/pamir/ (beside bin/), the build tree.
std::vector<fs::path> candidates() {
  if (const char* chosen = std::getenv("PAMIR_TORCH_PLUGIN"); chosen && *chosen) return {fs::path(chosen)};
  std::vector<fs::path> out;
  if (const fs::path code = io::code_directory(); !code.empty()) {
    out.push_back(code / kPluginFile);
    out.push_back(code.parent_path() / PAMIR_INSTALL_LIBDIR / "pamir" / kPluginFile);
  }
  out.push_back(fs::path(PAMIR_BUILD_DIR) / kPluginFile);
  return out;
}

const TorchPlugin& load() {
  if (!PAMIR_WITH_TORCH)
    throw std::runtime_error(
        "this needs libtorch, and this pamir was built without it (PAMIR_WITH_TORCH off, or no "
        "libtorch-dev): cmake "
        "-DPAMIR_WITH_TORCH=ON with libtorch-dev installed");
  std::string looked;
  for (const fs::path& path : candidates()) {
    std::error_code error;
    if (!fs::is_regular_file(path, error)) {
      looked += (looked.empty() ? "" : ", ") + path.string();
      continue;
    }
    // Never closed: libtorch does not support being unloaded.
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) throw std::runtime_error(std::string("cannot load the libtorch plugin: ") + dlerror());
    using Entry = const TorchPlugin* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(library, PAMIR_STRINGIFY(PAMIR_TORCH_PLUGIN_ENTRY)));
    if (!entry)
      throw std::runtime_error("the libtorch plugin " + path.string() + " is from another pamir build (no " +
                               PAMIR_STRINGIFY(PAMIR_TORCH_PLUGIN_ENTRY) + ")");
    return *entry();
  }
  throw std::runtime_error(std::string("this needs libtorch, and its plugin ") + kPluginFile +
                           " is not here (looked at " + looked +
                           "); build pamir with libtorch-dev installed, or set "
                           "PAMIR_TORCH_PLUGIN to the file");
}

}  // namespace

const TorchPlugin& torch_plugin() {
  static const TorchPlugin& plugin = load();
  return plugin;
}

}  // namespace pamir::nets
