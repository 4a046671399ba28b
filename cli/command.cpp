#include "cli/command.h"

namespace pamir::cli {

std::vector<CommandSetup>& command_registry() {
  static std::vector<CommandSetup> registry;  // built during static initialization
  return registry;
}

}  // namespace pamir::cli
