#include "nets/packed_net.h"

#include <algorithm>
#include <bit>
#include <type_traits>

namespace pamir::nets {
namespace {

// Where the block layout puts weight j of a row: in order for floats; for bfloat16, weights
// j and 16 + j of a block share a 32-bit lane, the first in the low half.
template <class Weight>
int packed_index(int j) {
  if constexpr (std::is_same_v<Weight, Bf16>) {
    const int in_block = j % kPackedBlock, half = kPackedBlock / 2;
    return j - in_block + (in_block < half ? 2 * in_block : 2 * (in_block - half) + 1);
  } else {
    return j;
  }
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
PackedNet<Weight>::PackedNet(const NetWeights& weights, const PackedKernel& kernel) : kernel_(kernel) {
  const int width = weights.config.width, stride = (width + kPackedBlock - 1) / kPackedBlock * kPackedBlock;
  const int seats = weights.shape.num_seats;
  const WeightLayout layout(weights.shape, weights.config);
  const float* w = weights.data.data();
  pack_rows(input_, w + layout.input, weights.shape.num_features, width, stride, false);
  pack_bias(input_bias_, w + layout.input_bias, width, stride);
  for (int b = 0; b < weights.config.blocks; ++b) {
    pack_rows(hidden_, w + layout.w1(b), width, width, stride, true);
    pack_rows(hidden_, w + layout.w2(b), width, width, stride, true);
    pack_bias(hidden_bias_, w + layout.b1(b), width, stride);
    pack_bias(hidden_bias_, w + layout.b2(b), width, stride);
  }
  pack_rows(policy_, w + layout.policy, weights.shape.num_actions, width, stride, false);
  policy_bias_.assign(w + layout.policy_bias, w + layout.policy_bias + weights.shape.num_actions);
  pack_rows(value_, w + layout.value, seats, width, stride, false);
  value_bias_.assign(w + layout.value_bias, w + layout.value_bias + seats);
  h_.resize(stride);
  t_.resize(stride);
  terms_.resize(width);
  layers_ = {width,
             stride,
             weights.config.blocks,
             seats,
             input_.data(),
             hidden_.data(),
             policy_.data(),
             value_.data(),
             input_bias_.data(),
             hidden_bias_.data(),
             policy_bias_.data(),
             value_bias_.data()};
}

template <class Weight>
void PackedNet<Weight>::run(const InferenceBatch& batch, const InferenceOutput& out) {
  const PackedScratch scratch{h_.data(), t_.data(), terms_.data()};
  if constexpr (std::is_same_v<Weight, Bf16>)
    kernel_.run_bf16(layers_, scratch, batch, out);
  else
    kernel_.run_f32(layers_, scratch, batch, out);
}

template <class Weight>
const char* PackedNet<Weight>::name() const {
  return std::is_same_v<Weight, Bf16> ? "bf16" : "f32";
}

template class PackedNet<float>;
template class PackedNet<Bf16>;

}  // namespace pamir::nets
