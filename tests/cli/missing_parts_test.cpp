// A build without an optional part (CMakeLists.txt, "optional parts"; scripts/test-minimal)
// says so in one line when a command needs the part, and writes nothing.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

TEST(MissingParts, TrainingWithoutLibtorchSaysSoInOneLine) {
  if (PAMIR_WITH_TORCH) GTEST_SKIP() << "this build has libtorch (tests/cli/torch_plugin_test.cpp)";
  const std::string out = temp_path("pamir_missing_torch");
  std::filesystem::remove_all(out);
  const ToolRun r = run_pamir("train --config " PAMIR_SOURCE_DIR "/configs/tiny.cfg --out " + out);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "error: this needs libtorch, and this pamir was built without it (PAMIR_WITH_TORCH off, or no "
            "libtorch-dev): cmake -DPAMIR_WITH_TORCH=ON with libtorch-dev installed\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(MissingParts, AnMpiLaunchWithoutMpiSaysSoInOneLine) {
  if (PAMIR_WITH_MPI) GTEST_SKIP() << "this build has MPI (tests/dist/mpi_run_test.cpp)";
  // What an MPI launcher puts in each rank's environment.
  const ToolRun r = run_shell("OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=0 " + kPamir + " --version");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "error: this pamir was built without MPI (PAMIR_WITH_MPI off, or no libopenmpi-dev): it cannot "
            "run under "
            "mpirun\n");
}

}  // namespace
}  // namespace pamir::testing
