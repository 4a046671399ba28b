#include "nets/torch_trainer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/file_io.h"
#include "nets/checksum.h"
#include "nets/torch_net.h"
#include "nets/torch_plugin.h"

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

// Per row, the cross-entropy of logits' softmax over the game's seats against target.
torch::Tensor seat_cross_entropy(const torch::Tensor& logits, const torch::Tensor& target,
                                 const torch::Tensor& seats) {
  const auto log_p = torch::log_softmax(logits.masked_fill(seats.logical_not(), -1e9), 1);
  return -torch::where(seats, target * log_p, torch::zeros_like(log_p)).sum(1);
}

// The auxiliary heads' loss (nets/trainer.h), over the rows that have their targets (rows
// of shards written before them have NaN there); 0 when none has.
torch::Tensor aux_losses(const TorchNetImpl::Outputs& out, const TrainBatch& b, const torch::Tensor& seats) {
  const auto device = out.value.device();
  const int n = b.size, num_seats = b.shape.num_seats;
  const auto result = torch::from_blob(const_cast<float*>(b.results.data()), {n, num_seats}).to(device);
  const auto margin = torch::from_blob(const_cast<float*>(b.vp_margins.data()), {n, num_seats}).to(device);
  const auto has = result.select(1, 0).isnan().logical_not().to(torch::kFloat32);
  const auto rows = has.sum().clamp_min(1);
  const auto result_loss = seat_cross_entropy(out.result, torch::nan_to_num(result), seats);
  const auto error = torch::where(seats, out.vp_margin - torch::nan_to_num(margin) / kVpMarginScale,
                                  torch::zeros_like(out.vp_margin));
  const auto margin_loss = error.square().sum(1);
  return ((result_loss + margin_loss) * has).sum() / rows;
}

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw std::runtime_error("bad checkpoint " + path + ": " + why);
}

class TorchTrainer final : public TrainerBackend {
 public:
  explicit TorchTrainer(const TrainerOptions& o)
      : options_(o),
        device_(preferred_device()),
        net_([&] {
          torch::manual_seed(o.seed);
          return TorchNet(o.shape, o.net, o.aux_weight > 0);
        }()),
        optimizer_((net_->to(device_), net_->parameters()), adamw_options(o)) {}

  TrainStats compute(const TrainBatch& b, bool update) override {
    // Losses alone build no autograd graph.
    std::optional<torch::NoGradGuard> no_grad;
    if (!update) no_grad.emplace();
    const int n = b.size;
    auto cpu_float = torch::TensorOptions().dtype(torch::kFloat32);
    auto cpu_byte = torch::TensorOptions().dtype(torch::kUInt8);
    const NetShape& shape = options_.shape;
    if (b.legal_begin.size() != std::size_t(n) + 1 || b.feature_begin.size() != std::size_t(n) + 1)
      throw std::logic_error("TrainBatch of " + std::to_string(n) + " rows has " +
                             std::to_string(b.legal_begin.size() - 1) + " set");
    const auto feature_index = torch::from_blob(const_cast<std::int64_t*>(b.feature_index.data()),
                                                {std::int64_t(b.feature_index.size())}, torch::kLong)
                                   .to(device_);
    const auto feature_value = torch::from_blob(const_cast<float*>(b.feature_value.data()),
                                                {std::int64_t(b.feature_value.size())}, cpu_float)
                                   .to(device_);
    const auto feature_offsets =
        torch::from_blob(const_cast<std::int64_t*>(b.feature_begin.data()), {n}, torch::kLong).to(device_);
    // The legal actions as [n, most legal] with their targets, short rows padded with action 0
    // under a false mask.
    const int width = std::max(1, b.max_legal());
    std::vector<std::int64_t> actions(std::size_t(n) * width, 0);
    std::vector<float> targets(std::size_t(n) * width, 0.0f);
    std::vector<std::uint8_t> is_legal(std::size_t(n) * width, 0);
    for (int i = 0; i < n; ++i)
      for (std::int64_t k = b.legal_begin[i]; k < b.legal_begin[i + 1]; ++k) {
        const std::size_t at = std::size_t(i) * width + std::size_t(k - b.legal_begin[i]);
        actions[at] = b.legal_action[k], targets[at] = b.policy_target[k], is_legal[at] = 1;
      }
    const auto action_ids = torch::from_blob(actions.data(), {n, width}, torch::kLong).to(device_);
    const auto policy_target = torch::from_blob(targets.data(), {n, width}, cpu_float).to(device_);
    const auto legal = torch::from_blob(is_legal.data(), {n, width}, cpu_byte).to(device_).to(torch::kBool);
    const auto value_target =
        torch::from_blob(const_cast<float*>(b.values.data()), {n, shape.num_seats}, cpu_float).to(device_);
    const auto players = torch::from_blob(const_cast<std::uint8_t*>(b.num_players.data()), {n, 1}, cpu_byte)
                             .to(device_)
                             .to(torch::kLong);
    const auto seats =
        torch::arange(shape.num_seats, torch::TensorOptions().dtype(torch::kLong).device(device_))
            .unsqueeze(0)
            .lt(players);

    net_->train(update);
    const auto h = net_->trunk(feature_index, feature_value, feature_offsets);
    const auto out = net_->seat_heads(h);
    // Softmax over the legal actions and the game's seats only; padding contributes 0.
    const auto log_policy =
        torch::log_softmax(net_->policy_logits_of(h, action_ids).masked_fill(legal.logical_not(), -1e9), 1);
    const auto policy_loss =
        -torch::where(legal, policy_target * log_policy, torch::zeros_like(log_policy)).sum(1).mean();
    const auto value_loss = seat_cross_entropy(out.value, value_target, seats).mean();
    auto loss = policy_loss + options_.value_weight * value_loss;
    torch::Tensor aux_loss;
    if (net_->has_aux_heads()) {
      aux_loss = aux_losses(out, b, seats);
      loss = loss + options_.aux_weight * aux_loss;
    }
    if (update) {
      optimizer_.zero_grad();
      loss.backward();
      optimizer_.step();
      ++steps_;
    }
    return {loss.item<double>(), policy_loss.item<double>(), value_loss.item<double>(),
            aux_loss.defined() ? aux_loss.item<double>() : 0.0};
  }

  std::int64_t steps() const override { return steps_; }
  const TrainerOptions& options() const override { return options_; }
  const std::string& metadata() const override { return metadata_; }
  NetWeights export_weights() const override { return net_->to_weights(); }
  void import_weights(const NetWeights& w) override { net_->set_weights(w); }

  void set_learning_settings(const TrainerOptions& o) override {
    TrainerOptions& mine = options_;
    mine.learning_rate = o.learning_rate, mine.weight_decay = o.weight_decay,
    mine.value_weight = o.value_weight;
    if (net_->has_aux_heads()) mine.aux_weight = o.aux_weight;
    for (auto& group : optimizer_.param_groups())
      static_cast<torch::optim::AdamWOptions&>(group.options())
          .lr(o.learning_rate)
          .weight_decay(o.weight_decay);
  }

  std::vector<float> optimizer_state_values() const override {
    std::vector<float> out;
    const auto& state = optimizer_.state();
    for (const auto& group : optimizer_.param_groups())
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

  void save_checkpoint(const std::string& path, const std::string& metadata_json) const override {
    const TrainerOptions& o = options_;
    const nlohmann::json description = {{"game", o.shape.game},
                                        {"features", o.shape.num_features},
                                        {"actions", o.shape.num_actions},
                                        {"seats", o.shape.num_seats},
                                        {"width", o.net.width},
                                        {"blocks", o.net.blocks},
                                        {"learning_rate", o.learning_rate},
                                        {"weight_decay", o.weight_decay},
                                        {"value_weight", o.value_weight},
                                        {"aux_weight", o.aux_weight},
                                        {"seed", o.seed},
                                        {"steps", steps_},
                                        {"metadata", nlohmann::json::parse(metadata_json)}};
    const std::string json = description.dump();

    torch::serialize::OutputArchive archive, model, optimizer;
    net_->save(model);
    optimizer_.save(optimizer);
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

  // Restores the step count, metadata, model and optimizer a checkpoint holds.
  void restore(std::int64_t steps, std::string metadata, const char* archive_bytes,
               std::size_t archive_size) {
    steps_ = steps;
    metadata_ = std::move(metadata);
    torch::serialize::InputArchive archive, model, optimizer;
    archive.load_from(archive_bytes, archive_size, device_);
    archive.read("model", model);
    archive.read("optimizer", optimizer);
    net_->load(model);
    optimizer_.load(optimizer);
  }

 private:
  TrainerOptions options_;
  torch::Device device_;
  TorchNet net_;
  torch::optim::AdamW optimizer_;
  std::int64_t steps_ = 0;
  std::string metadata_ = "{}";
};

}  // namespace

std::unique_ptr<TrainerBackend> new_torch_trainer(const TrainerOptions& options) {
  return std::make_unique<TorchTrainer>(options);
}

std::unique_ptr<TrainerBackend> load_torch_trainer(const std::string& path, const NetShape& shape) {
  const std::string bytes = io::read_file(path);
  CheckpointHeader h;
  if (bytes.size() < sizeof h) fail(path, "too short for a header");
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, 8) != 0) fail(path, "not a pamir checkpoint");
  if (h.version != kVersion) fail(path, "version " + std::to_string(h.version) + ", this build reads 1");
  if (bytes.size() != sizeof h + h.json_size + h.archive_size)
    fail(path, "truncated or padded (" + std::to_string(bytes.size()) + " bytes, header says " +
                   std::to_string(sizeof h + h.json_size + h.archive_size) + ")");
  if (checksum64(bytes.data() + sizeof h, bytes.size() - sizeof h) != h.checksum)
    fail(path, "checksum mismatch (corrupt)");
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
    o.aux_weight = description.value("aux_weight", 0.0);  // checkpoints before auxiliary heads had none
    o.seed = description.at("seed");
    auto trainer = std::make_unique<TorchTrainer>(o);
    trainer->restore(description.at("steps"), description.at("metadata").dump(),
                     bytes.data() + sizeof h + h.json_size, h.archive_size);
    return trainer;
  } catch (const std::exception& e) {
    std::string why = e.what();
    if (why.rfind("bad checkpoint ", 0) == 0) throw;  // already said
    why = why.substr(0, why.find('\n'));
    fail(path, why);
  }
}

}  // namespace pamir::nets
