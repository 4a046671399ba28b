#include "nets/packed_net.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>

namespace pamir::nets {
namespace {

// 16 floats. GCC lowers the arithmetic to the target's widest registers (one AVX-512
// register, or four SSE ones), and this file is compiled with -ffp-contract=fast so that
// a multiply-add is one fused instruction.
using F32x16 = float __attribute__((vector_size(64)));
using U32x16 = std::uint32_t __attribute__((vector_size(64)));
constexpr int kLanes = 16;
// The widest output tile held in registers while the rows stream through: 4 blocks of 32
// (128 floats in 8 vectors), a quarter of AVX-512's 32 registers.
constexpr int kTileBlocks = 4;

F32x16 load(const float* p) {
  F32x16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// A block is 32 weights, the unit the kernel reads: two vectors' worth of floats, or one
// vector's worth of bfloat16 pairs. bfloat16 is a float's high half, so the block stores
// weights j and 16 + j in one 32-bit lane (low and high half): a shift gives the first 16
// as floats and a mask the other 16, with no shuffles.
constexpr int kBlock = 2 * kLanes;

void load_block(const float* p, F32x16& first, F32x16& second) {
  first = load(p);
  second = load(p + kLanes);
}

void load_block(const Bf16* p, F32x16& first, F32x16& second) {
  U32x16 pairs;
  std::memcpy(&pairs, p, sizeof pairs);
  const U32x16 low = pairs << 16, high = pairs & 0xFFFF0000u;
  std::memcpy(&first, &low, sizeof first);
  std::memcpy(&second, &high, sizeof second);
}

// Where the block layout puts weight j of a row (see load_block).
template <class Weight>
int packed_index(int j) {
  if constexpr (std::is_same_v<Weight, Bf16>) {
    const int in_block = j % kBlock;
    return j - in_block + (in_block < kLanes ? 2 * in_block : 2 * (in_block - kLanes) + 1);
  } else {
    return j;
  }
}

void store(float* p, F32x16 v) { std::memcpy(p, &v, sizeof v); }

F32x16 broadcast(float x) { return F32x16{} + x; }

float sum_lanes(F32x16 v) {
  using F32x8 = float __attribute__((vector_size(32)));
  using F32x4 = float __attribute__((vector_size(16)));
  const F32x8 a = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7) +
                  __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
  const F32x4 b = __builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7);
  return (b[0] + b[2]) + (b[1] + b[3]);
}

// out[0 .. B*32) = init + sum over the terms of value * rows[index][0 .. B*32), with the
// output in registers throughout.
template <int B, class Weight>
void weighted_row_sum_tile(float* out, const float* init, const Weight* rows, int stride,
                           const Feature* terms, int count) {
  F32x16 acc[2 * B];
  for (int v = 0; v < 2 * B; ++v) acc[v] = load(init + v * kLanes);
  for (int k = 0; k < count; ++k) {
    const Weight* row = rows + std::size_t(terms[k].index) * stride;
    const F32x16 scale = broadcast(terms[k].value);
    for (int b = 0; b < B; ++b) {
      F32x16 first, second;
      load_block(row + b * kBlock, first, second);
      acc[2 * b] += first * scale;
      acc[2 * b + 1] += second * scale;
    }
  }
  for (int v = 0; v < 2 * B; ++v) store(out + v * kLanes, acc[v]);
}

// The same over a whole row of stride floats (a multiple of 32), a tile at a time.
template <class Weight>
void weighted_row_sum(float* out, const float* init, const Weight* rows, int stride, const Feature* terms,
                      int count) {
  for (int begin = 0; begin < stride; begin += kTileBlocks * kBlock) {
    float* o = out + begin;
    const float* in = init + begin;
    const Weight* r = rows + begin;
    switch (std::min(kTileBlocks, (stride - begin) / kBlock)) {
      case 4:
        weighted_row_sum_tile<4>(o, in, r, stride, terms, count);
        break;
      case 3:
        weighted_row_sum_tile<3>(o, in, r, stride, terms, count);
        break;
      case 2:
        weighted_row_sum_tile<2>(o, in, r, stride, terms, count);
        break;
      default:
        weighted_row_sum_tile<1>(o, in, r, stride, terms, count);
        break;
    }
  }
}

template <class Weight>
float dot(const Weight* row, const float* x, int stride) {
  F32x16 a{}, b{};
  for (int i = 0; i < stride; i += kBlock) {
    F32x16 first, second;
    load_block(row + i, first, second);
    a += first * load(x + i);
    b += second * load(x + i + kLanes);
  }
  return sum_lanes(a + b);
}

void relu(float* x, int count) {
  for (int i = 0; i < count; i += kLanes) {
    F32x16 v = load(x + i);
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
Weight to_weight(float x) {
  if constexpr (std::is_same_v<Weight, Bf16>)
    return to_bf16(x);
  else
    return x;
}

// rows x cols from a row-major source (transposed: cols x rows) into rows of stride.
template <class Weight>
void pack_rows(std::vector<Weight>& out, const float* src, int rows, int cols, int stride, bool transpose) {
  const std::size_t begin = out.size();
  const int out_rows = transpose ? cols : rows, out_cols = transpose ? rows : cols;
  out.resize(begin + std::size_t(out_rows) * stride, to_weight<Weight>(0.0f));
  for (int r = 0; r < out_rows; ++r)
    for (int c = 0; c < out_cols; ++c)
      out[begin + std::size_t(r) * stride + packed_index<Weight>(c)] =
          to_weight<Weight>(transpose ? src[std::size_t(c) * cols + r] : src[std::size_t(r) * cols + c]);
}

void pack_bias(std::vector<float>& out, const float* src, int count, int stride) {
  const std::size_t begin = out.size();
  out.resize(begin + stride, 0.0f);
  std::copy(src, src + count, out.begin() + begin);
}

}  // namespace

Bf16 to_bf16(float x) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  return {std::uint16_t((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16)};
}

float from_bf16(Bf16 x) { return std::bit_cast<float>(std::uint32_t(x.bits) << 16); }

template <class Weight>
PackedNet<Weight>::PackedNet(const NetWeights& weights)
    : width_(weights.config.width),
      stride_((width_ + kBlock - 1) / kBlock * kBlock),
      blocks_(weights.config.blocks),
      seats_(weights.shape.num_seats),
      h_(stride_),
      t_(stride_),
      terms_(width_) {
  const WeightLayout layout(weights.shape, weights.config);
  const float* w = weights.data.data();
  pack_rows(input_, w + layout.input, weights.shape.num_features, width_, stride_, false);
  pack_bias(input_bias_, w + layout.input_bias, width_, stride_);
  for (int b = 0; b < blocks_; ++b) {
    pack_rows(hidden_, w + layout.w1(b), width_, width_, stride_, true);
    pack_rows(hidden_, w + layout.w2(b), width_, width_, stride_, true);
    pack_bias(hidden_bias_, w + layout.b1(b), width_, stride_);
    pack_bias(hidden_bias_, w + layout.b2(b), width_, stride_);
  }
  pack_rows(policy_, w + layout.policy, weights.shape.num_actions, width_, stride_, false);
  policy_bias_.assign(w + layout.policy_bias, w + layout.policy_bias + weights.shape.num_actions);
  pack_rows(value_, w + layout.value, seats_, width_, stride_, false);
  value_bias_.assign(w + layout.value_bias, w + layout.value_bias + seats_);
}

template <class Weight>
void PackedNet<Weight>::run(const InferenceBatch& batch, const InferenceOutput& out) {
  float* h = h_.data();
  float* t = t_.data();
  Feature* terms = terms_.data();
  for (int i = 0; i < batch.size; ++i) {
    const int begin = batch.row_begin[i];
    weighted_row_sum(h, input_bias_.data(), input_.data(), stride_, batch.features + begin,
                     batch.row_begin[i + 1] - begin);
    relu(h, stride_);
    for (int b = 0; b < blocks_; ++b) {
      const std::size_t matrix = std::size_t(width_) * stride_;
      const Weight* w1 = hidden_.data() + 2 * b * matrix;
      const Weight* w2 = w1 + matrix;
      const float* b1 = hidden_bias_.data() + 2 * b * stride_;
      const float* b2 = b1 + stride_;
      weighted_row_sum(t, b1, w1, stride_, terms, nonzero_terms(h, width_, terms));
      relu(t, stride_);
      // h += W2 t + b2: the residual joins the bias as the sum's start.
      for (int k = 0; k < stride_; ++k) h[k] += b2[k];
      weighted_row_sum(h, h, w2, stride_, terms, nonzero_terms(t, width_, terms));
      relu(h, stride_);
    }
    float* values = out.values + i * seats_;
    for (int s = 0; s < seats_; ++s)
      values[s] = dot(value_.data() + std::size_t(s) * stride_, h, stride_) + value_bias_[s];
    finish_values(values, batch.num_players[i], seats_);
    float* prior = out.priors[i];
    for (int k = 0; k < batch.num_legal[i]; ++k) {
      const int a = batch.legal[i][k];
      prior[k] = dot(policy_.data() + std::size_t(a) * stride_, h, stride_) + policy_bias_[a];
    }
    softmax_in_place(prior, batch.num_legal[i]);
  }
}

template <class Weight>
const char* PackedNet<Weight>::name() const {
  return std::is_same_v<Weight, Bf16> ? "bf16" : "f32";
}

template class PackedNet<float>;
template class PackedNet<Bf16>;

}  // namespace pamir::nets
