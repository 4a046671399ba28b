#include "nets/register_evaluators.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "nets/inference_path.h"
#include "nets/net_evaluator.h"
#include "nets/shipped_models.h"
#include "search/evaluator_registry.h"

namespace pamir::nets::inline PAMIR_RULESET {

void register_net_evaluators() {
  // Registering a name again replaces its factory with the same one.
  search::register_evaluator("net", [](const search::EvaluatorRequest& request) {
    if (request.argument.empty())
      throw std::invalid_argument("evaluator 'net' needs a weight file: net:<path>");
    return make_net_evaluator(request.argument, parse_inference_path(request.inference));
  });
  search::register_evaluator("best", [](const search::EvaluatorRequest& request) {
    if (!request.argument.empty())
      throw std::invalid_argument("evaluator 'best' takes no argument, got '" + request.argument + "'");
    return std::make_unique<ShippedNetEvaluator>(parse_inference_path(request.inference));
  });
}

}  // namespace pamir::nets::inline PAMIR_RULESET
