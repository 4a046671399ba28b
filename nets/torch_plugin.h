#pragma once
// libtorch as a plugin. Loading libtorch (and the libraries it links) costs every program
// that links it about a third of a second of CPU at each start, and most pamir commands never
// train: so the trainer and the libtorch inference path live in a shared library of their
// own, libpamir_torch.so (nets/torch_plugin.cpp, nets/torch_trainer.cpp, nets/torch_net.cpp),
// loaded the first time a command needs it (torch_plugin()). Callers use nets/trainer.h and
// nets/inference_path.h; this header is the contract between the program and the plugin,
// torch-free, built by one build on both sides.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nets/inference.h"
#include "nets/trainer.h"
#include "nets/weights.h"

namespace pamir::nets {

// What Trainer (nets/trainer.h) forwards to: libtorch's trainer in the plugin.
class TrainerBackend {
 public:
  virtual ~TrainerBackend() = default;
  // The batch's losses; with update, one optimizer step after computing them.
  virtual TrainStats compute(const TrainBatch& batch, bool update) = 0;
  virtual std::int64_t steps() const = 0;
  virtual const TrainerOptions& options() const = 0;
  virtual const std::string& metadata() const = 0;
  virtual void set_learning_settings(const TrainerOptions& o) = 0;
  virtual NetWeights export_weights() const = 0;
  // Replaces the net's parameters (same shape and config; Trainer::set_weights checks).
  virtual void import_weights(const NetWeights& weights) = 0;
  virtual std::vector<float> optimizer_state_values() const = 0;
  virtual void save_checkpoint(const std::string& path, const std::string& metadata_json) const = 0;
};

class TorchPlugin {
 public:
  virtual ~TorchPlugin() = default;
  virtual std::unique_ptr<TrainerBackend> new_trainer(const TrainerOptions& options) const = 0;
  // Throws std::runtime_error with a one-line message (Trainer::load_checkpoint).
  virtual std::unique_ptr<TrainerBackend> load_trainer(const std::string& path,
                                                       const NetShape& shape) const = 0;
  virtual std::unique_ptr<Inference> new_inference(const NetWeights& weights) const = 0;
  virtual bool uses_cuda() const = 0;
  virtual void set_threads(int threads) const = 0;
};

// The plugin's one exported function. Its name carries the contract's version: a plugin of
// an older contract is not found rather than called wrongly. Raise it when this header or
// the structs it passes (nets/trainer.h's options and losses) change.
#define PAMIR_TORCH_PLUGIN_ENTRY pamir_torch_plugin_v3
extern "C" const TorchPlugin* PAMIR_TORCH_PLUGIN_ENTRY();

// The plugin, loaded on the first call (thread-safe). It is looked for at $PAMIR_TORCH_PLUGIN,
// beside the program or module that holds this code, in the installed layout (../lib/pamir/
// from the program) and in the build tree; throws std::runtime_error with one line saying
// where it looked and why it could not load it.
const TorchPlugin& torch_plugin();

}  // namespace pamir::nets
