// Which packed kernels this processor runs (nets/packed_kernel.h). Compiled with the build's
// own flags, like the rest of the program: the checks themselves must run anywhere.
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "nets/packed_kernel.h"

namespace pamir::nets {

#if defined(__x86_64__)
extern const PackedKernel kPackedKernelAvx512, kPackedKernelAvx2, kPackedKernelSse42;
#else
extern const PackedKernel kPackedKernelGeneric;
#endif

namespace {

struct Candidate {
  const PackedKernel* kernel;
  bool (*runs_here)();
};

// The best first. __builtin_cpu_supports also asks whether the operating system saves the
// registers (XCR0), so a kernel is not offered where its instructions would fault.
#if defined(__x86_64__)
// x86-64-v3, the level the AVX2 kernel is compiled for; its F16C, MOVBE and LZCNT come with
// every processor that has these (and clang 14 cannot ask for them).
bool has_avx2() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2");
}
// x86-64-v4, the level the AVX-512 kernels are compiled for.
bool has_avx512() {
  return has_avx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512cd");
}
bool has_sse42() { return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt"); }

constexpr Candidate kCandidates[] = {
    {&kPackedKernelAvx512, has_avx512}, {&kPackedKernelAvx2, has_avx2}, {&kPackedKernelSse42, has_sse42}};
#else
bool always() { return true; }
constexpr Candidate kCandidates[] = {{&kPackedKernelGeneric, always}};
#endif

std::vector<const PackedKernel*> find_supported() {
  std::vector<const PackedKernel*> kernels;
  for (const Candidate& c : kCandidates)
    if (c.runs_here()) kernels.push_back(c.kernel);
  const char* wanted = std::getenv("PAMIR_KERNEL");
  if (wanted == nullptr || *wanted == '\0') return kernels;
  for (std::size_t i = 0; i < kernels.size(); ++i)
    if (wanted == std::string(kernels[i]->name)) {
      std::rotate(kernels.begin(), kernels.begin() + i, kernels.begin() + i + 1);
      return kernels;
    }
  std::string names;
  for (const PackedKernel* k : kernels) names += std::string(names.empty() ? "" : ", ") + k->name;
  throw std::runtime_error("PAMIR_KERNEL=" + std::string(wanted) + ": this processor runs " + names);
}

}  // namespace

const std::vector<const PackedKernel*>& supported_packed_kernels() {
  static const std::vector<const PackedKernel*> kernels = find_supported();
  return kernels;
}

const PackedKernel& best_packed_kernel() { return *supported_packed_kernels().front(); }

}  // namespace pamir::nets
