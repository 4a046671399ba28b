// libtorch is a plugin (nets/torch_plugin.h): the commands that do not train start without
// it, and a command that needs it and cannot load it says so in one line.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

// The shared libraries the dynamic loader opened for a run of the tool (LD_DEBUG=libs).
std::string loaded_libraries(const std::string& args) {
  return run_shell("LD_DEBUG=libs " + kPamir + " " + args).output;
}

TEST(TorchPlugin, CommandsThatDoNotTrainStartWithoutLibtorch) {
  for (const char* args : {"--version", "play --players 3 --agents random,heuristic,best --seed 2 --quiet",
                           "perft --depth 2", "agents"}) {
    const std::string libraries = loaded_libraries(args);
    EXPECT_NE(libraries.find("libgomp"), std::string::npos) << args << ": LD_DEBUG gave no list";
    EXPECT_EQ(libraries.find("libtorch"), std::string::npos) << args;
  }
  EXPECT_NE(loaded_libraries("bench --seconds 0.01 --games 2").find("libtorch"), std::string::npos)
      << "bench measures the libtorch path";
}

TEST(TorchPlugin, TrainingWithoutThePluginIsAOneLineErrorBeforeAnythingIsWritten) {
  const std::string out = temp_path("pamir_torch_plugin_run");
  std::filesystem::remove_all(out);
  const ToolRun r = run_shell("PAMIR_TORCH_PLUGIN=/nonexistent/libpamir_torch.so " + kPamir +
                              " train --config " PAMIR_SOURCE_DIR "/configs/tiny.cfg --out " + out);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "error: this needs libtorch, and its plugin libpamir_torch.so is not here (looked at "
            "/nonexistent/libpamir_torch.so); build pamir with libtorch-dev installed, or set "
            "PAMIR_TORCH_PLUGIN to "
            "the file\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace pamir::testing
