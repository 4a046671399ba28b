#pragma once
// libtorch's trainer (the plugin's side of Trainer, nets/trainer.h): the model, AdamW and
// the checkpoint format. Includes no torch header, but is compiled only into the plugin.

#include <memory>
#include <string>

#include "nets/torch_plugin.h"

namespace pamir::nets {

std::unique_ptr<TrainerBackend> new_torch_trainer(const TrainerOptions& options);
std::unique_ptr<TrainerBackend> load_torch_trainer(const std::string& path, const NetShape& shape);

}  // namespace pamir::nets
