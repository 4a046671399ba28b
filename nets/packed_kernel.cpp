// The packed net's kernel (nets/packed_kernel.h), compiled once per instruction set: CMake
// defines PAMIR_PACKED_KERNEL (the PackedKernel's variable) and PAMIR_PACKED_KERNEL_NAME, and
// passes -ffp-contract=fast, so that a multiply-add is one fused instruction where the target
// has one (ISO C++ mode does not form them).
#include <cstring>

#include "nets/packed_kernel.h"

namespace pamir::nets {
namespace {

// One vector register of floats: 16 with AVX-512, 8 with AVX2, 4 with SSE. (Generic vectors
// wider than the target's registers would be split by GCC, but an array of them is then kept
// in memory: the SSE and AVX2 kernels ran 3 and 6 times slower that way.)
#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
using F32xN = float __attribute__((vector_size(4 * kLanes)));
using U32xN = std::uint32_t __attribute__((vector_size(4 * kLanes)));
// A block of the layout (packed_kernel.h) is this many float vectors, or half as many
// vectors of bfloat16 pairs.
constexpr int kBlock = kPackedBlock;
constexpr int kVectorsPerBlock = kBlock / kLanes;
constexpr int kPairVectorsPerBlock = kVectorsPerBlock / 2;
// The widest output tile held in registers while the rows stream through: 8 accumulators,
// a quarter of AVX-512's 32 registers, half of AVX2's or SSE's 16 (4, 2 or 1 blocks).
constexpr int kTileBlocks = 8 / kVectorsPerBlock > 0 ? 8 / kVectorsPerBlock : 1;

F32xN load(const float* p) {
  F32xN v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

void store(float* p, F32xN v) { std::memcpy(p, &v, sizeof v); }

void load_block(const float* p, F32xN (&v)[kVectorsPerBlock]) {
  for (int i = 0; i < kVectorsPerBlock; ++i) v[i] = load(p + i * kLanes);
}

// Lane j of the block's q-th pair vector holds weights q * kLanes + j (low half) and 16 + q *
// kLanes + j (high half): a shift gives the first as floats and a mask the second, with no
// shuffles.
void load_block(const Bf16* p, F32xN (&v)[kVectorsPerBlock]) {
  for (int q = 0; q < kPairVectorsPerBlock; ++q) {
    U32xN pairs;
    std::memcpy(&pairs, p + 2 * q * kLanes, sizeof pairs);
    const U32xN low = pairs << 16, high = pairs & 0xFFFF0000u;
    std::memcpy(&v[q], &low, sizeof low);
    std::memcpy(&v[kPairVectorsPerBlock + q], &high, sizeof high);
  }
}

F32xN broadcast(float x) { return F32xN{} + x; }

float sum_lanes(F32xN v) {
  float x[kLanes];
  std::memcpy(x, &v, sizeof x);
  for (int width = kLanes / 2; width > 0; width /= 2)
    for (int i = 0; i < width; ++i) x[i] += x[i + width];
  return x[0];
}

// out[0 .. B*32) = init + sum over the terms of value * rows[index][0 .. B*32), with the
// output in registers throughout.
template <int B, class Weight>
void weighted_row_sum_tile(float* out, const float* init, const Weight* rows, int stride,
                           const Feature* terms, int count) {
  constexpr int kVectors = B * kVectorsPerBlock;
  F32xN acc[kVectors];
  for (int v = 0; v < kVectors; ++v) acc[v] = load(init + v * kLanes);
  for (int k = 0; k < count; ++k) {
    const Weight* row = rows + std::size_t(terms[k].index) * stride;
    const F32xN scale = broadcast(terms[k].value);
    for (int b = 0; b < B; ++b) {
      F32xN w[kVectorsPerBlock];
      load_block(row + b * kBlock, w);
      for (int v = 0; v < kVectorsPerBlock; ++v) acc[b * kVectorsPerBlock + v] += w[v] * scale;
    }
  }
  for (int v = 0; v < kVectors; ++v) store(out + v * kLanes, acc[v]);
}

// The tile of a row's next `blocks` blocks, 1 to B of them.
template <int B, class Weight>
void weighted_row_sum_tiles(int blocks, float* out, const float* init, const Weight* rows, int stride,
                            const Feature* terms, int count) {
  if constexpr (B > 1) {
    if (blocks < B) return weighted_row_sum_tiles<B - 1>(blocks, out, init, rows, stride, terms, count);
  }
  weighted_row_sum_tile<B>(out, init, rows, stride, terms, count);
}

// The same over a whole row of stride floats (a multiple of 32), a tile at a time.
template <class Weight>
void weighted_row_sum(float* out, const float* init, const Weight* rows, int stride, const Feature* terms,
                      int count) {
  for (int begin = 0; begin < stride; begin += kTileBlocks * kBlock) {
    const int blocks = (stride - begin) / kBlock;
    weighted_row_sum_tiles<kTileBlocks>(blocks < kTileBlocks ? blocks : kTileBlocks, out + begin,
                                        init + begin, rows + begin, stride, terms, count);
  }
}

template <class Weight>
float dot(const Weight* row, const float* x, int stride) {
  F32xN acc[kVectorsPerBlock] = {};
  for (int i = 0; i < stride; i += kBlock) {
    F32xN w[kVectorsPerBlock];
    load_block(row + i, w);
    for (int v = 0; v < kVectorsPerBlock; ++v) acc[v] += w[v] * load(x + i + v * kLanes);
  }
  for (int v = 1; v < kVectorsPerBlock; ++v) acc[0] += acc[v];
  return sum_lanes(acc[0]);
}

void relu(float* x, int count) {
  for (int i = 0; i < count; i += kLanes) {
    F32xN v = load(x + i);
    v = v > 0.0f ? v : 0.0f;
    store(x + i, v);
  }
}

// The nonzero entries of x as terms for weighted_row_sum (after ReLU, about half of them),
// without branches: every entry is written, and only the nonzero ones advance the end.
int nonzero_terms(const float* x, int count, Feature* terms) {
  int n = 0;
  for (int i = 0; i < count; ++i) {
    terms[n] = {i, x[i]};
    n += x[i] != 0.0f;
  }
  return n;
}

template <class Weight>
void run(const PackedLayers<Weight>& net, const PackedScratch& scratch, const InferenceBatch& batch,
         const InferenceOutput& out) {
  const int width = net.width, stride = net.stride;
  float* h = scratch.h;
  float* t = scratch.t;
  Feature* terms = scratch.terms;
  for (int i = 0; i < batch.size; ++i) {
    const int begin = batch.row_begin[i];
    weighted_row_sum(h, net.input_bias, net.input, stride, batch.features + begin,
                     batch.row_begin[i + 1] - begin);
    relu(h, stride);
    for (int b = 0; b < net.blocks; ++b) {
      const std::size_t matrix = std::size_t(width) * stride;
      const Weight* w1 = net.hidden + 2 * b * matrix;
      const Weight* w2 = w1 + matrix;
      const float* b1 = net.hidden_bias + 2 * b * stride;
      const float* b2 = b1 + stride;
      weighted_row_sum(t, b1, w1, stride, terms, nonzero_terms(h, width, terms));
      relu(t, stride);
      // h += W2 t + b2: the residual joins the bias as the sum's start.
      for (int k = 0; k < stride; ++k) h[k] += b2[k];
      weighted_row_sum(h, h, w2, stride, terms, nonzero_terms(t, width, terms));
      relu(h, stride);
    }
    float* values = out.values + i * net.seats;
    for (int s = 0; s < net.seats; ++s)
      values[s] = dot(net.value + std::size_t(s) * stride, h, stride) + net.value_bias[s];
    finish_values(values, batch.num_players[i], net.seats);
    float* prior = out.priors[i];
    for (int k = 0; k < batch.num_legal[i]; ++k) {
      const int a = batch.legal[i][k];
      prior[k] = dot(net.policy + std::size_t(a) * stride, h, stride) + net.policy_bias[a];
    }
    softmax_in_place(prior, batch.num_legal[i]);
  }
}

}  // namespace

extern const PackedKernel PAMIR_PACKED_KERNEL;
const PackedKernel PAMIR_PACKED_KERNEL = {PAMIR_PACKED_KERNEL_NAME, run<float>, run<Bf16>};

}  // namespace pamir::nets
