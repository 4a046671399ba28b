#include "nets/register_evaluators.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "nets/net_evaluator.h"
#include "nets/shipped_models.h"
#include "search/evaluator_registry.h"

namespace pamir::nets::inline PAMIR_RULESET {

void register_net_evaluators() {
  // Registering a name again replaces its factory with the same one.
  search::register_evaluator("net", [](const std::string& path, core::u64) {
    if (path.empty()) throw std::invalid_argument("evaluator 'net' needs a weight file: net:<path>");
    return make_net_evaluator(path);
  });
  search::register_evaluator("best", [](const std::string& argument, core::u64) {
    if (!argument.empty())
      throw std::invalid_argument("evaluator 'best' takes no argument, got '" + argument + "'");
    return std::make_unique<ShippedNetEvaluator>();
  });
}

}  // namespace pamir::nets::inline PAMIR_RULESET
