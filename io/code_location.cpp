#include "io/code_location.h"

#include <dlfcn.h>

#include <string>

namespace pamir::io {

std::filesystem::path code_directory() {
  namespace fs = std::filesystem;
  // dladdr names the shared object holding this function; for the program itself it gives
  // what the program was started as, so the program's own path comes from /proc.
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&code_directory), &info) && info.dli_fname) {
    const fs::path holder(info.dli_fname);
    if (holder.is_absolute() && holder.filename().string().find(".so") != std::string::npos)
      return holder.parent_path();
  }
  std::error_code error;
  const fs::path program = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : program.parent_path();
}

}  // namespace pamir::io
