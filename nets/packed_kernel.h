#pragma once
// The packed net's forward pass (nets/packed_net.h), compiled once per x86 instruction set
// and picked at run time by what the processor has: a portable build runs the AVX-512 code
// on a processor that has it, and any build still runs on a processor that has only SSE4.2.
// On other architectures there is one kernel, compiled with the build's flags.
//
// nets/packed_kernel.cpp is the kernel; CMake compiles it once per entry of the table below,
// each time with that instruction set's -march and a name for its PackedKernel. Everything
// in it has internal linkage and it calls no inline function defined elsewhere: an inline
// function compiled for a wider instruction set could otherwise be the copy the linker keeps
// for the code of a narrower one.

#include <cstdint>
#include <vector>

#include "nets/feature.h"
#include "nets/inference.h"

namespace pamir::nets {

// A bfloat16 number: the high half of a float's bits, rounded to nearest even.
struct Bf16 {
  std::uint16_t bits;
};
Bf16 to_bf16(float x);
float from_bf16(Bf16 x);

// The layout's unit: a row's weights come in blocks of this many.
constexpr int kPackedBlock = 32;

// The packed weights as the kernel reads them (nets/packed_net.cpp lays them out): rows of
// stride weights, stride a multiple of kPackedBlock (zero-padded); in a bfloat16 block,
// weights j and kPackedBlock / 2 + j share a 32-bit lane (low and high half). input: one row
// per feature; hidden: per block W1 then W2, transposed to one row per input; policy: one row
// per action; value: one row per seat. The biases are float, stride long (policy and value:
// one each).
template <class Weight>
struct PackedLayers {
  int width = 0, stride = 0, blocks = 0, seats = 0;
  const Weight *input = nullptr, *hidden = nullptr, *policy = nullptr, *value = nullptr;
  const float *input_bias = nullptr, *hidden_bias = nullptr, *policy_bias = nullptr, *value_bias = nullptr;
};

// One thread's scratch: two rows of stride floats, and width terms.
struct PackedScratch {
  float *h = nullptr, *t = nullptr;
  Feature* terms = nullptr;
};

// One compiled kernel: the forward pass of a batch for float and for bfloat16 weights.
struct PackedKernel {
  const char* name;  // the instruction set: "avx512", "avx2", "sse4.2" or "generic"
  void (*run_f32)(const PackedLayers<float>&, const PackedScratch&, const InferenceBatch&,
                  const InferenceOutput&);
  void (*run_bf16)(const PackedLayers<Bf16>&, const PackedScratch&, const InferenceBatch&,
                   const InferenceOutput&);
};

// The kernels this processor can run, the best first (nets/packed_kernel_select.cpp).
// PAMIR_KERNEL=NAME in the environment puts that kernel first (to compare kernels, or to get
// the same outputs on two processors); a name this processor cannot run is an error, thrown
// as std::runtime_error.
const std::vector<const PackedKernel*>& supported_packed_kernels();
const PackedKernel& best_packed_kernel();

}  // namespace pamir::nets
