#include "nets/trainer.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <sstream>
#include <stdexcept>

#include "io/file_io.h"
#include "nets/checksum.h"
#include "nets/torch_net.h"

namespace pamir::nets {
namespace {

constexpr char kMagic[8] = {'P', 'A', 'M', 'I', 'R', 'C', 'K', 'P'};
constexpr std::uint32_t kVersion = 1;

// Checkpoint file: this header, a JSON description (options, step, caller metadata), then
// a libtorch archive (model and optimizer); the checksum covers both.
struct CheckpointHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t json_size;
  std::uint64_t archive_size;
  std::uint64_t checksum;
};
static_assert(sizeof(CheckpointHeader) == 32);

torch::optim::AdamWOptions adamw_options(const TrainerOptions& o) {
  return torch::optim::AdamWOptions(o.learning_rate).weight_decay(o.weight_decay);
}

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw std::runtime_error("bad checkpoint " + path + ": " + why);
}

}  // namespace

struct Trainer::Impl {
  explicit Impl(const TrainerOptions& o)
      : options(o),
        device(preferred_device()),
        net([&] {
          torch::manual_seed(o.seed);
          return TorchNet(o.shape, o.net);
        }()),
        optimizer((net->to(device), net->parameters()), adamw_options(o)) {}

  TrainStats compute(const TrainBatch& b, bool update) {
    const int n = b.size;
    auto cpu_float = torch::TensorOptions().dtype(torch::kFloat32);
    auto cpu_byte = torch::TensorOptions().dtype(torch::kUInt8);
    const NetShape& shape = options.shape;
    const auto x =
        torch::from_blob(const_cast<float*>(b.features.data()), {n, shape.num_features}, cpu_float).to(device);
    const auto policy_target =
        torch::from_blob(const_cast<float*>(b.policy.data()), {n, shape.num_actions}, cpu_float).to(device);
    const auto legal = torch::from_blob(const_cast<std::uint8_t*>(b.legal.data()), {n, shape.num_actions}, cpu_byte)
                           .to(device)
                           .to(torch::kBool);
    const auto value_target =
        torch::from_blob(const_cast<float*>(b.values.data()), {n, shape.num_seats}, cpu_float).to(device);
    const auto players =
        torch::from_blob(const_cast<std::uint8_t*>(b.num_players.data()), {n, 1}, cpu_byte).to(device).to(torch::kLong);
    const auto seats = torch::arange(shape.num_seats, torch::TensorOptions().dtype(torch::kLong).device(device))
                           .unsqueeze(0)
                           .lt(players);

    net->train(update);
    auto [policy_logits, value_logits] = net->forward(x);
    // Softmax over the legal actions and the game's seats only; masked entries contribute 0.
    const auto log_policy = torch::log_softmax(policy_logits.masked_fill(legal.logical_not(), -1e9), 1);
    const auto policy_loss = -torch::where(legal, policy_target * log_policy, torch::zeros_like(log_policy)).sum(1).mean();
    const auto log_value = torch::log_softmax(value_logits.masked_fill(seats.logical_not(), -1e9), 1);
    const auto value_loss = -torch::where(seats, value_target * log_value, torch::zeros_like(log_value)).sum(1).mean();
    const auto loss = policy_loss + options.value_weight * value_loss;
    if (update) {
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
      ++steps;
    }
    return {loss.item<double>(), policy_loss.item<double>(), value_loss.item<double>()};
  }

  TrainerOptions options;
  torch::Device device;
  TorchNet net;
  torch::optim::AdamW optimizer;
  std::int64_t steps = 0;
  std::string metadata = "{}";
};

Trainer::Trainer(const TrainerOptions& options) : impl_(std::make_unique<Impl>(options)) {}
Trainer::Trainer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Trainer::~Trainer() = default;
Trainer::Trainer(Trainer&&) noexcept = default;
Trainer& Trainer::operator=(Trainer&&) noexcept = default;

TrainStats Trainer::step(const TrainBatch& batch) { return impl_->compute(batch, true); }

TrainStats Trainer::losses(const TrainBatch& batch) {
  torch::NoGradGuard no_grad;
  return impl_->compute(batch, false);
}

std::int64_t Trainer::steps() const { return impl_->steps; }
const TrainerOptions& Trainer::options() const { return impl_->options; }
const std::string& Trainer::metadata() const { return impl_->metadata; }

void Trainer::set_learning_settings(const TrainerOptions& o) {
  TrainerOptions& mine = impl_->options;
  mine.learning_rate = o.learning_rate, mine.weight_decay = o.weight_decay, mine.value_weight = o.value_weight;
  for (auto& group : impl_->optimizer.param_groups())
    static_cast<torch::optim::AdamWOptions&>(group.options()).lr(o.learning_rate).weight_decay(o.weight_decay);
}

NetWeights Trainer::export_weights() const { return impl_->net->to_weights(); }

std::vector<float> Trainer::optimizer_state_values() const {
  std::vector<float> out;
  const auto& state = impl_->optimizer.state();
  for (const auto& group : impl_->optimizer.param_groups())
    for (const auto& p : group.params()) {
      const auto it = state.find(c10::guts::to_string(p.unsafeGetTensorImpl()));
      if (it == state.end()) continue;
      const auto& s = static_cast<const torch::optim::AdamWParamState&>(*it->second);
      out.push_back(float(s.step()));
      for (const auto& t : {s.exp_avg(), s.exp_avg_sq()}) {
        const auto c = t.detach().to(torch::kCPU).contiguous();
        out.insert(out.end(), c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
      }
    }
  return out;
}

void Trainer::save_checkpoint(const std::string& path, const std::string& metadata_json) const {
  const TrainerOptions& o = impl_->options;
  const nlohmann::json description = {
      {"game", o.shape.game},         {"features", o.shape.num_features},
      {"actions", o.shape.num_actions}, {"seats", o.shape.num_seats},
      {"width", o.net.width},         {"blocks", o.net.blocks},
      {"learning_rate", o.learning_rate}, {"weight_decay", o.weight_decay},
      {"value_weight", o.value_weight}, {"seed", o.seed},
      {"steps", impl_->steps},        {"metadata", nlohmann::json::parse(metadata_json)}};
  const std::string json = description.dump();

  torch::serialize::OutputArchive archive, model, optimizer;
  impl_->net->save(model);
  impl_->optimizer.save(optimizer);
  archive.write("model", model);
  archive.write("optimizer", optimizer);
  std::ostringstream stream;
  archive.save_to(stream);
  const std::string torch_bytes = stream.str();

  CheckpointHeader h{};
  std::memcpy(h.magic, kMagic, 8);
  h.version = kVersion;
  h.json_size = std::uint32_t(json.size());
  h.archive_size = torch_bytes.size();
  const std::string body = json + torch_bytes;
  h.checksum = checksum64(body.data(), body.size());
  std::string bytes(sizeof h, '\0');
  std::memcpy(bytes.data(), &h, sizeof h);
  io::write_file_atomically(path, bytes + body);
}

Trainer Trainer::load_checkpoint(const std::string& path, const NetShape& shape) {
  const std::string bytes = io::read_file(path);
  CheckpointHeader h;
  if (bytes.size() < sizeof h) fail(path, "too short for a header");
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, 8) != 0) fail(path, "not a pamir checkpoint");
  if (h.version != kVersion) fail(path, "version " + std::to_string(h.version) + ", this build reads 1");
  if (bytes.size() != sizeof h + h.json_size + h.archive_size)
    fail(path, "truncated or padded (" + std::to_string(bytes.size()) + " bytes, header says " +
                   std::to_string(sizeof h + h.json_size + h.archive_size) + ")");
  if (checksum64(bytes.data() + sizeof h, bytes.size() - sizeof h) != h.checksum) fail(path, "checksum mismatch (corrupt)");
  try {
    const auto description = nlohmann::json::parse(bytes.substr(sizeof h, h.json_size));
    TrainerOptions o;
    o.shape = shape;
    // Checkpoints written before they named their shape are the shape asked for.
    if (description.contains("game") &&
        (description.at("game") != shape.game || description.at("features") != shape.num_features ||
         description.at("actions") != shape.num_actions || description.at("seats") != shape.num_seats))
      fail(path, "made for another game or encoder (" + description.at("game").get<std::string>() + ")");
    o.net.width = description.at("width");
    o.net.blocks = description.at("blocks");
    o.learning_rate = description.at("learning_rate");
    o.weight_decay = description.at("weight_decay");
    o.value_weight = description.at("value_weight");
    o.seed = description.at("seed");
    auto impl = std::make_unique<Impl>(o);
    impl->steps = description.at("steps");
    impl->metadata = description.at("metadata").dump();
    torch::serialize::InputArchive archive, model, optimizer;
    archive.load_from(bytes.data() + sizeof h + h.json_size, h.archive_size, impl->device);
    archive.read("model", model);
    archive.read("optimizer", optimizer);
    impl->net->load(model);
    impl->optimizer.load(optimizer);
    return Trainer(std::move(impl));
  } catch (const std::exception& e) {
    std::string why = e.what();
    if (why.rfind("bad checkpoint ", 0) == 0) throw;  // already said
    why = why.substr(0, why.find('\n'));
    fail(path, why);
  }
}

}  // namespace pamir::nets
