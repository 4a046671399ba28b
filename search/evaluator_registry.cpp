#include "search/evaluator_registry.h"

#include <stdexcept>

#include "io/name_registry.h"
#include "search/evaluators.h"

namespace pamir::search::inline PAMIR_RULESET {
namespace {

// The factory `make` for an evaluator that takes no argument: a request with one is refused.
EvaluatorFactory without_argument(const char* name, EvaluatorFactory make) {
  return [name, make = std::move(make)](const EvaluatorRequest& request) {
    if (!request.argument.empty())
      throw std::invalid_argument(std::string("evaluator '") + name + "' takes no argument, got '" +
                                  request.argument + "'");
    return make(request);
  };
}

io::NameRegistry<EvaluatorFactory>& registry() {
  static io::NameRegistry<EvaluatorFactory> r({
      {"uniform", without_argument("uniform",
                                   [](const EvaluatorRequest&) -> std::unique_ptr<Evaluator> {
                                     return std::make_unique<UniformEvaluator>();
                                   })},
      {"rollout", without_argument("rollout",
                                   [](const EvaluatorRequest& r) -> std::unique_ptr<Evaluator> {
                                     return std::make_unique<RolloutEvaluator>(r.seed, r.places);
                                   })},
      {"heuristic", without_argument("heuristic",
                                     [](const EvaluatorRequest& r) -> std::unique_ptr<Evaluator> {
                                       return std::make_unique<HeuristicEvaluator>(r.places);
                                     })},
  });
  return r;
}

}  // namespace

bool register_evaluator(const std::string& name, EvaluatorFactory factory) {
  return registry().add(name, std::move(factory));
}

std::vector<std::string> evaluator_names() { return registry().names(); }

std::unique_ptr<Evaluator> make_evaluator(const std::string& spec, core::u64 seed,
                                          const std::string& inference, double places) {
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string argument = colon == std::string::npos ? "" : spec.substr(colon + 1);
  const EvaluatorFactory factory = registry().find(name);
  if (!factory) {
    std::string known;
    for (const std::string& n : evaluator_names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown evaluator '" + name + "' (known: " + known + ")");
  }
  return factory({argument, seed, inference, places});
}

std::unique_ptr<Evaluator> make_evaluator(const SearchOptions& options, core::u64 seed) {
  return blend_with_heuristic(make_evaluator(options.eval, seed, options.infer, options.places), options.hmix,
                              options.places);
}

}  // namespace pamir::search::inline PAMIR_RULESET
