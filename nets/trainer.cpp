#include "nets/trainer.h"

#include <stdexcept>
#include <string>

#include "nets/torch_plugin.h"

namespace pamir::nets {

Trainer::Trainer(const TrainerOptions& options) : impl_(torch_plugin().new_trainer(options)) {}
Trainer::Trainer(std::unique_ptr<TrainerBackend> impl) : impl_(std::move(impl)) {}
Trainer::~Trainer() = default;
Trainer::Trainer(Trainer&&) noexcept = default;
Trainer& Trainer::operator=(Trainer&&) noexcept = default;

TrainStats Trainer::step(const TrainBatch& batch) { return impl_->compute(batch, true); }
TrainStats Trainer::losses(const TrainBatch& batch) { return impl_->compute(batch, false); }
std::int64_t Trainer::steps() const { return impl_->steps(); }
const TrainerOptions& Trainer::options() const { return impl_->options(); }
const std::string& Trainer::metadata() const { return impl_->metadata(); }
void Trainer::set_learning_settings(const TrainerOptions& o) { impl_->set_learning_settings(o); }
NetWeights Trainer::export_weights() const { return impl_->export_weights(); }

void Trainer::set_weights(const NetWeights& w) {
  const TrainerOptions& o = options();
  if (!(w.shape == o.shape))
    throw std::runtime_error("the weights are for another game or encoder than the trainer's");
  if (w.config.width != o.net.width || w.config.blocks != o.net.blocks)
    throw std::runtime_error("the weights are " + std::to_string(w.config.width) + " wide with " +
                             std::to_string(w.config.blocks) + " blocks; the trainer's net is " +
                             std::to_string(o.net.width) + " wide with " + std::to_string(o.net.blocks));
  impl_->import_weights(w);
}
std::vector<float> Trainer::optimizer_state_values() const { return impl_->optimizer_state_values(); }

void Trainer::save_checkpoint(const std::string& path, const std::string& metadata_json) const {
  impl_->save_checkpoint(path, metadata_json);
}

Trainer Trainer::load_checkpoint(const std::string& path, const NetShape& shape) {
  return Trainer(torch_plugin().load_trainer(path, shape));
}

}  // namespace pamir::nets
