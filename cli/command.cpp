#include "cli/command.h"

namespace pamir::cli {

std::vector<CommandSetup>& command_registry() {
  static std::vector<CommandSetup> registry;  // built during static initialization
  return registry;
}

void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
  app.require_subcommand(1);
  for (auto& setup : command_registry()) setup(app);
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      found = found || sub->get_name() == argv[1];
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    if (!found) throw CommandError("unknown command '" + std::string(argv[1]) + "' (commands: " + known + ")");
  }
  app.parse(argc, argv);
}

}  // namespace pamir::cli
