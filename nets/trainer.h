#pragma once
// The libtorch trainer: one network, its optimizer and a step counter. Torch-free: the
// model lives in the libtorch plugin (nets/torch_plugin.h), loaded by the first Trainer.
//
// Loss per row: policy cross-entropy against the target distribution (softmax over the
// legal actions only) plus value_weight x cross-entropy of the value head (softmax over the
// game's seats) against the outcome's win shares. Optimizer: AdamW (Adam with decoupled
// weight decay). With aux_weight > 0 the net has two auxiliary heads on the same trunk,
// trained here and left out of the exported weights (inference never runs them): the game's
// result (cross-entropy, as the value head, against the result even where the value target
// is the search's) and each seat's final victory points about their mean (squared error,
// in units of kVpMarginScale points); aux_weight x their sum joins the loss. More signal per
// row for the shared layers, at no cost in self-play.
//
// Checkpoints hold the model, the optimizer state (AdamW moments and step counts), the
// step counter and caller metadata (a JSON string), behind a header with a checksum; they
// are written atomically, and a corrupt or truncated one is rejected with a one-line
// error.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nets/train_batch.h"
#include "nets/weights.h"

namespace pamir::nets {

class TrainerBackend;

// The auxiliary margin head predicts victory points over this many (a usual spread of a
// game's final scores), so that its squared error is of the order of the cross-entropies.
constexpr double kVpMarginScale = 5.0;

struct TrainerOptions {
  NetShape shape;  // the game's (games::Game::net_shape)
  NetConfig net;
  double learning_rate = 1e-3;
  double weight_decay = 1e-4;
  double value_weight = 1.0;
  // 0: no auxiliary heads. Fixed for a trainer's life: a checkpoint keeps its heads.
  double aux_weight = 0.0;
  std::uint64_t seed = 1;  // initial weights
};

struct TrainStats {
  double loss = 0, policy_loss = 0, value_loss = 0;  // batch means
  double aux_loss = 0;                               // the auxiliary heads' (unweighted; 0 without them)
};

class Trainer {
 public:
  // Throws std::runtime_error when the libtorch plugin cannot be loaded.
  explicit Trainer(const TrainerOptions& options);
  ~Trainer();
  Trainer(Trainer&&) noexcept;
  Trainer& operator=(Trainer&&) noexcept;

  // One optimizer step on the batch; returns the losses before the update.
  TrainStats step(const TrainBatch& batch);
  // The losses on a batch without updating anything.
  TrainStats losses(const TrainBatch& batch);
  std::int64_t steps() const;
  const TrainerOptions& options() const;
  // Takes the learning settings of o (learning rate, weight decay, value weight; not the net
  // shape or seed) for the steps to come: a checkpoint keeps the settings it was made with,
  // and the run's config, which a resumed run may override, has the last word.
  void set_learning_settings(const TrainerOptions& o);

  // The current parameters for inference (make_inference).
  NetWeights export_weights() const;
  // Starts from these parameters instead (a run warm-started from a trained net); the
  // optimizer state is left as it is. Throws std::runtime_error with a one-line message when
  // they are for another shape, width or depth.
  void set_weights(const NetWeights& weights);

  void save_checkpoint(const std::string& path, const std::string& metadata_json = "{}") const;
  // Restores everything a checkpoint holds (the options' net config and learning settings
  // come from the file) for a net of that shape; throws std::runtime_error with a one-line
  // message when it is unreadable, corrupt or made for another shape.
  static Trainer load_checkpoint(const std::string& path, const NetShape& shape);
  const std::string& metadata() const;

  // The optimizer state as named tensors flattened to floats, for comparing two trainers
  // (tests: resume reproduces the optimizer state exactly).
  std::vector<float> optimizer_state_values() const;

 private:
  explicit Trainer(std::unique_ptr<TrainerBackend> impl);
  std::unique_ptr<TrainerBackend> impl_;
};

}  // namespace pamir::nets
