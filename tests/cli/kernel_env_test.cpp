// PAMIR_KERNEL picks the net's CPU kernel by hand (nets/packed_kernel.h): a kernel this
// processor runs plays as usual; any other name is refused in one line, with exit status 1.

#include <gtest/gtest.h>

#include <string>

#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

const std::string kGame = " play --players 2 --agents best:iters=20,heuristic --seed 3";
#if defined(__x86_64__)
const std::string kPortableKernel = "sse4.2";
#else
const std::string kPortableKernel = "generic";
#endif

TEST(KernelEnv, ThePortableKernelPlays) {
  const ToolRun r = run_shell("PAMIR_KERNEL=" + kPortableKernel + " " + kPamir + kGame);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("VP"), std::string::npos) << r.output;
}

TEST(KernelEnv, AKernelThisProcessorCannotRunIsRefusedInOneLine) {
  const ToolRun r = run_shell("(PAMIR_KERNEL=vax " + kPamir + kGame + " >/dev/null)");  // stderr alone
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output.rfind("error: PAMIR_KERNEL=vax: this processor runs ", 0), 0u) << r.output;
  EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
}

}  // namespace
}  // namespace pamir::testing
