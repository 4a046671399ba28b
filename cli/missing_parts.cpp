// The commands of optional parts this build lacks (CMakeLists.txt, "optional parts"): each is
// listed as usual and says in one line what is missing and how to build it, instead of being
// an unknown command. (Training without libtorch says so from the plugin's loader,
// nets/torch_plugin.h; an MPI launch without MPI from dist/cluster_alone.cpp.)

#include "cli/command.h"

namespace pamir::cli {
namespace {

#if !PAMIR_WITH_WEB
const bool missing_serve_registered = register_command("serve", [](CLI::App& app) {
  auto* cmd =
      app.add_subcommand("serve", "The board in the browser: not in this build (needs libmicrohttpd)");
  cmd->allow_extras();
  cmd->callback([] {
    throw CommandError(
        "this pamir was built without the board (PAMIR_WITH_WEB off, or no libmicrohttpd-dev): cmake "
        "-DPAMIR_WITH_WEB=ON with libmicrohttpd-dev and libcpp-httplib-dev installed");
  });
});
#endif

}  // namespace
}  // namespace pamir::cli
