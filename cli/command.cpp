#include "cli/command.h"

#include "bench/bench.h"
#include "core/hash.h"
#include "pamir_commit.h"

namespace pamir::cli {

std::vector<CommandSetup>& command_registry() {
  static std::vector<CommandSetup> registry;  // built during static initialization
  return registry;
}

std::string version_line() {
  return std::string("pamir ") + PAMIR_VERSION + ", commit " + PAMIR_COMMIT + ", bench signature " +
         core::to_hex(bench::signature());
}

void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
  app.require_subcommand(1);
  app.set_version_flag("--version", std::function<std::string()>(version_line));
  app.option_defaults()->always_capture_default();  // --help shows every option's default

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
