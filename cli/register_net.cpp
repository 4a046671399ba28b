// Registers the network evaluators with the search evaluator registry: "net:<weight file>"
// and "best" (the shipped net for the game's player count, nets/shipped_models.h).
// It lives among the commands because their objects are always linked; a self-registering
// object inside a static library would be dropped by the linker.

#include <stdexcept>
#include <string>

#include "nets/net_evaluator.h"
#include "nets/shipped_models.h"
#include "search/evaluator_registry.h"

namespace pamir::cli {
namespace {

const bool registered = search::register_evaluator("net", [](const std::string& path, core::u64) {
  if (path.empty()) throw std::invalid_argument("evaluator 'net' needs a weight file: net:<path>");
  return nets::make_net_evaluator(path);
});

const bool registered_best = search::register_evaluator("best", [](const std::string& argument, core::u64) {
  if (!argument.empty()) throw std::invalid_argument("evaluator 'best' takes no argument, got '" + argument + "'");
  return std::make_unique<nets::ShippedNetEvaluator>();
});

}  // namespace
}  // namespace pamir::cli
