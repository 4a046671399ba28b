#include "nets/weights.h"

#include <cmath>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string_view>

#include "core/actions.h"
#include "io/file_io.h"
#include "io/text.h"
#include "core/hash.h"
#include "core/random.h"
#include "nets/checksum.h"
#include "nets/encoder.h"

namespace pamir::nets::inline PAMIR_RULESET {
namespace {

// Each game's nets open with their own magic, so that one game's tools refuse another's nets
// by name (io::kKnownGames); Pax Pamir's is the one its shipped nets carry.
struct GameMagic {
  std::string_view game;
  char magic[8];
};
constexpr GameMagic kGameMagics[] = {{"pamir", {'P', 'A', 'M', 'I', 'R', 'N', 'E', 'T'}},
                                     {"expanse", {'E', 'X', 'P', 'A', 'N', 'S', 'E', 'N'}}};
constexpr int magic_index(std::string_view game) {
  for (int i = 0; i < int(std::size(kGameMagics)); ++i)
    if (kGameMagics[i].game == game) return i;
  return -1;
}
static_assert(magic_index(core::kGameKey) >= 0, "a game without a weight-file magic");
constexpr const char* kMagic = kGameMagics[magic_index(core::kGameKey)].magic;
// Version 2 added the encoder fingerprint.
constexpr core::u32 kVersion = 2;

struct Header {
  char magic[8];
  core::u32 version;
  core::u32 num_features, num_actions, num_seats;
  core::u32 width, blocks;
  core::u64 encoder;  // encoder_fingerprint() of the encoder the net was trained on
  core::u64 float_count;
  core::u64 checksum;
};
static_assert(sizeof(Header) == 56);

[[noreturn]] void fail(const std::string& source, const std::string& why) {
  throw std::runtime_error("bad weight file " + source + ": " + why);
}

}  // namespace

WeightLayout::WeightLayout(const NetConfig& c) : width(c.width), w_size(std::size_t(c.width) * c.width) {
  input = 0;
  input_bias = input + std::size_t(kNumFeatures) * width;
  block_begin = input_bias + width;
  block_stride = 2 * (w_size + width);
  policy = block_begin + c.blocks * block_stride;
  policy_bias = policy + std::size_t(core::kNumActions) * width;
  value = policy_bias + core::kNumActions;
  value_bias = value + std::size_t(core::kMaxPlayers) * width;
  total = value_bias + core::kMaxPlayers;
}

NetWeights random_weights(const NetConfig& config, core::u64 seed) {
  const WeightLayout l(config);
  NetWeights w{config, std::vector<float>(l.total)};
  auto fill = [&](std::size_t begin, std::size_t end, int fan_in) {
    const float bound = 1.0f / std::sqrt(float(fan_in));
    for (std::size_t i = begin; i < end; ++i)
      w.data[i] = bound * (2.0f * float(core::next_random(seed) >> 40) / float(1 << 24) - 1.0f);
  };
  fill(l.input, l.block_begin, kNumFeatures);
  fill(l.block_begin, l.policy, config.width);
  fill(l.policy, l.total, config.width);
  return w;
}

std::string serialize_weights(const NetWeights& w) {
  Header h{};
  std::memcpy(h.magic, kMagic, 8);
  h.version = kVersion;
  h.num_features = kNumFeatures;
  h.num_actions = core::kNumActions;
  h.num_seats = core::kMaxPlayers;
  h.width = core::u32(w.config.width);
  h.blocks = core::u32(w.config.blocks);
  h.encoder = encoder_fingerprint();
  h.float_count = w.data.size();
  h.checksum = checksum64(w.data.data(), w.data.size() * sizeof(float));
  std::string bytes(sizeof h + w.data.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), &h, sizeof h);
  std::memcpy(bytes.data() + sizeof h, w.data.data(), w.data.size() * sizeof(float));
  return bytes;
}

NetWeights parse_weights(std::string_view bytes, const std::string& source) {
  Header h;
  if (bytes.size() < sizeof h) fail(source, "too short for a header (" + std::to_string(bytes.size()) + " bytes)");
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, 8) != 0) {
    for (const GameMagic& g : kGameMagics)
      if (std::memcmp(h.magic, g.magic, 8) == 0) fail(source, io::other_game(g.game, "net"));
    fail(source, "not a pamir weight file");
  }
  if (h.version != kVersion)
    fail(source, "version " + std::to_string(h.version) + ", this build reads " + std::to_string(kVersion));
  if (h.num_features != kNumFeatures || h.num_actions != core::kNumActions || h.num_seats != core::kMaxPlayers)
    fail(source, "made for " + std::to_string(h.num_features) + " features and " + std::to_string(h.num_actions) +
                     " actions; this build has " + std::to_string(kNumFeatures) + " and " +
                     std::to_string(core::kNumActions));
  if (h.encoder != encoder_fingerprint())
    fail(source, "made for another encoder (fingerprint " + core::to_hex(h.encoder) + ", this build's is " +
                     core::to_hex(encoder_fingerprint()) + ")");
  if (h.width < 1 || h.width > 4096 || h.blocks > 64)
    fail(source, "implausible shape (width " + std::to_string(h.width) + ", blocks " + std::to_string(h.blocks) + ")");
  NetWeights w{{int(h.width), int(h.blocks)}, {}};
  const WeightLayout l(w.config);
  if (h.float_count != l.total) fail(source, "float count does not match its shape");
  if (bytes.size() != sizeof h + l.total * sizeof(float))
    fail(source, "truncated or padded (" + std::to_string(bytes.size()) + " bytes, expected " +
                     std::to_string(sizeof h + l.total * sizeof(float)) + ")");
  w.data.resize(l.total);
  std::memcpy(w.data.data(), bytes.data() + sizeof h, l.total * sizeof(float));
  if (checksum64(w.data.data(), w.data.size() * sizeof(float)) != h.checksum) fail(source, "checksum mismatch (corrupt)");
  return w;
}

void save_weights(const std::string& path, const NetWeights& w) {
  io::write_file_atomically(path, serialize_weights(w));
}

NetWeights load_weights(const std::string& path) { return parse_weights(io::read_file(path), path); }

}  // namespace pamir::nets
