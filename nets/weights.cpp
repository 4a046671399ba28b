#include "nets/weights.h"

#include <cmath>
#include <cstring>
#include <deque>
#include <filesystem>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <string_view>

#include "core/splitmix.h"
#include "io/file_io.h"
#include "io/games.h"
#include "nets/checksum.h"

namespace pamir::nets {
namespace {

// Version 2 added the encoder fingerprint.
constexpr std::uint32_t kVersion = 2;

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t num_features, num_actions, num_seats;
  std::uint32_t width, blocks;
  std::uint64_t encoder;  // the fingerprint of the encoder the net was trained on
  std::uint64_t float_count;
  std::uint64_t checksum;
};
static_assert(sizeof(Header) == 56);

[[noreturn]] void fail(const std::string& source, const std::string& why) {
  throw std::runtime_error("bad weight file " + source + ": " + why);
}

std::string hex(std::uint64_t v) {
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[i] = "0123456789abcdef"[v & 15];
  return out;
}

}  // namespace

WeightLayout::WeightLayout(const NetShape& shape, const NetConfig& c)
    : width(c.width), w_size(std::size_t(c.width) * c.width) {
  input = 0;
  input_bias = input + std::size_t(shape.num_features) * width;
  block_begin = input_bias + width;
  block_stride = 2 * (w_size + width);
  policy = block_begin + c.blocks * block_stride;
  policy_bias = policy + std::size_t(shape.num_actions) * width;
  value = policy_bias + shape.num_actions;
  value_bias = value + std::size_t(shape.num_seats) * width;
  total = value_bias + shape.num_seats;
}

NetWeights random_weights(const NetShape& shape, const NetConfig& config, std::uint64_t seed) {
  const WeightLayout l(shape, config);
  NetWeights w{shape, config, std::vector<float>(l.total)};
  auto fill = [&](std::size_t begin, std::size_t end, int fan_in) {
    const float bound = 1.0f / std::sqrt(float(fan_in));
    for (std::size_t i = begin; i < end; ++i)
      w.data[i] = bound * (2.0f * float(splitmix64(seed) >> 40) / float(1 << 24) - 1.0f);
  };
  fill(l.input, l.block_begin, shape.num_features);
  fill(l.block_begin, l.policy, config.width);
  fill(l.policy, l.total, config.width);
  return w;
}

std::string weights_magic(std::string_view game) {
  std::string magic;
  for (const char c : std::string(game) + "net") magic += char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  magic.resize(8, ' ');
  return magic;
}

std::string serialize_weights(const NetWeights& w) {
  Header h{};
  std::memcpy(h.magic, weights_magic(w.shape.game).data(), 8);
  h.version = kVersion;
  h.num_features = std::uint32_t(w.shape.num_features);
  h.num_actions = std::uint32_t(w.shape.num_actions);
  h.num_seats = std::uint32_t(w.shape.num_seats);
  h.width = std::uint32_t(w.config.width);
  h.blocks = std::uint32_t(w.config.blocks);
  h.encoder = w.shape.encoder;
  h.float_count = w.data.size();
  h.checksum = checksum64(w.data.data(), w.data.size() * sizeof(float));
  std::string bytes(sizeof h + w.data.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), &h, sizeof h);
  std::memcpy(bytes.data() + sizeof h, w.data.data(), w.data.size() * sizeof(float));
  return bytes;
}

NetWeights parse_weights(std::string_view bytes, const std::string& source, const NetShape& expected) {
  Header h;
  if (bytes.size() < sizeof h)
    fail(source, "too short for a header (" + std::to_string(bytes.size()) + " bytes)");
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::string_view(h.magic, 8) != weights_magic(expected.game)) {
    for (const io::KnownGame& g : io::kKnownGames)
      if (std::string_view(h.magic, 8) == weights_magic(g.key))
        fail(source, io::other_game(g.key, expected.game, "net"));
    fail(source, "not a pamir weight file");
  }
  if (h.version != kVersion)
    fail(source, "version " + std::to_string(h.version) + ", this build reads " + std::to_string(kVersion));
  if (int(h.num_features) != expected.num_features || int(h.num_actions) != expected.num_actions ||
      int(h.num_seats) != expected.num_seats)
    fail(source, "made for " + std::to_string(h.num_features) + " features and " +
                     std::to_string(h.num_actions) + " actions; this build has " +
                     std::to_string(expected.num_features) + " and " + std::to_string(expected.num_actions));
  if (h.encoder != expected.encoder)
    fail(source, "made for another encoder (fingerprint " + hex(h.encoder) + ", this build's is " +
                     hex(expected.encoder) + ")");
  if (h.width < 1 || h.width > 4096 || h.blocks > 64)
    fail(source, "implausible shape (width " + std::to_string(h.width) + ", blocks " +
                     std::to_string(h.blocks) + ")");
  NetWeights w{expected, {int(h.width), int(h.blocks)}, {}};
  const WeightLayout l(w.shape, w.config);
  if (h.float_count != l.total) fail(source, "float count does not match its shape");
  if (bytes.size() != sizeof h + l.total * sizeof(float))
    fail(source, "truncated or padded (" + std::to_string(bytes.size()) + " bytes, expected " +
                     std::to_string(sizeof h + l.total * sizeof(float)) + ")");
  w.data.resize(l.total);
  std::memcpy(w.data.data(), bytes.data() + sizeof h, l.total * sizeof(float));
  if (checksum64(w.data.data(), w.data.size() * sizeof(float)) != h.checksum)
    fail(source, "checksum mismatch (corrupt)");
  return w;
}

void save_weights(const std::string& path, const NetWeights& w) {
  io::write_file_atomically(path, serialize_weights(w));
}

NetWeights load_weights(const std::string& path, const NetShape& expected) {
  return parse_weights(io::read_file(path), path, expected);
}

std::shared_ptr<const NetWeights> load_weights_shared(const std::string& path, const NetShape& expected) {
  // A file is known by its path, size and modification time: a net rewritten in place (a
  // training run's, or an edited file) is read again.
  struct Entry {
    std::string path;
    std::uintmax_t size;
    std::filesystem::file_time_type modified;
    std::shared_ptr<const NetWeights> weights;
  };
  constexpr std::size_t kCachedFiles = 8;  // a tournament's nets, or a run's recent generations
  static std::mutex mutex;
  static std::deque<Entry> cache;  // most recently used first
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  const auto modified = std::filesystem::last_write_time(path, error);
  if (error) return std::make_shared<const NetWeights>(load_weights(path, expected));  // its own error
  const std::lock_guard lock(mutex);
  for (auto it = cache.begin(); it != cache.end(); ++it)
    if (it->path == path && it->size == size && it->modified == modified && it->weights->shape == expected) {
      Entry hit = std::move(*it);
      cache.erase(it);
      cache.push_front(std::move(hit));
      return cache.front().weights;
    }
  auto weights = std::make_shared<const NetWeights>(load_weights(path, expected));
  cache.push_front({path, size, modified, weights});
  if (cache.size() > kCachedFiles) cache.pop_back();
  return weights;
}

}  // namespace pamir::nets
