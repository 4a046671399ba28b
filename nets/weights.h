#pragma once
// The network's parameters as plain floats, shared by the libtorch model (which exports
// and imports them) and the CPU inference (nets/packed_net.h, which reads nothing else), and their
// file format: a header (magic, version, shape, the encoder's fingerprint), a checksum, then the
// floats. The same for every game: a net's shape (NetShape) says which game and encoder it
// is for, and a file made for another is refused.
//
// The network (nets/torch_net.h builds the same one in libtorch):
//   h = relu(x · Input + input_bias)                        x: the encoder's row
//   per block: t = relu(W1 h + b1); h = relu(h + W2 t + b2)  (residual)
//   policy logits = Policy h + policy_bias   (num_actions; softmax over the legal ones)
//   value logits  = Value h + value_bias     (num_seats, seat-rotated; softmax over the
//                                             game's seats = predicted share of the win)

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pamir::nets {

// What a net is for: a game (its key names the file's magic), its encoder's row length and
// fingerprint (nets/encoder.h), its action count and most seats. games::Game::net_shape().
struct NetShape {
  std::string game;
  int num_features = 0, num_actions = 0, num_seats = 0;
  std::uint64_t encoder = 0;
  bool operator==(const NetShape&) const = default;
};

struct NetConfig {
  int width = 128;  // hidden units of every layer
  int blocks = 2;   // residual blocks (two layers each)
};

// Offsets (in floats) of each parameter in NetWeights::data. Matrices are row-major
// [out][in], except Input, which is feature-major [feature][width] so that a feature's
// weights are contiguous (the sparse first layer adds them up).
struct WeightLayout {
  WeightLayout(const NetShape& shape, const NetConfig& c);
  std::size_t input, input_bias;
  std::size_t block_begin, block_stride;  // block i: w1, b1, w2, b2 from block_begin + i*stride
  std::size_t policy, policy_bias, value, value_bias;
  std::size_t total;
  std::size_t w1(int i) const { return block_begin + i * block_stride; }
  std::size_t b1(int i) const { return w1(i) + w_size; }
  std::size_t w2(int i) const { return b1(i) + width; }
  std::size_t b2(int i) const { return w2(i) + w_size; }

 private:
  std::size_t width, w_size;
};

struct NetWeights {
  NetShape shape;
  NetConfig config;
  std::vector<float> data;  // WeightLayout(shape, config).total floats
};

// Parameters drawn like libtorch's default initialization (uniform ±1/sqrt(fan_in)), for a
// fresh network without libtorch (self-play's generation 0, benchmarks, tests).
NetWeights random_weights(const NetShape& shape, const NetConfig& config, std::uint64_t seed);

// The first 8 bytes of a game's weight files: its key in capitals followed by "NET", cut to 8
// ("PAMIRNET"; a longer key is cut).
std::string weights_magic(std::string_view game);

// The weight file. Errors (unreadable, truncated, corrupt, made for another game, encoder or
// action space) throw std::runtime_error with a one-line message naming the file.
std::string serialize_weights(const NetWeights& w);
NetWeights parse_weights(std::string_view bytes, const std::string& source, const NetShape& expected);
void save_weights(const std::string& path, const NetWeights& w);
NetWeights load_weights(const std::string& path, const NetShape& expected);
// The same, read once per process while the file keeps its size and modification time: the
// agents a tournament builds game after game share one copy instead of reading the file
// again inside their games. Thread-safe; the most recently used files stay cached.
std::shared_ptr<const NetWeights> load_weights_shared(const std::string& path, const NetShape& expected);

}  // namespace pamir::nets
