#include "search/evaluator_registry.h"

#include <stdexcept>

#include "io/name_registry.h"
#include "search/evaluators.h"

namespace pamir::search::inline PAMIR_RULESET {
namespace {

// Refuses an argument for evaluators that take none.
template <class E, class... Args>
EvaluatorFactory without_argument(const char* name) {
  return [name](const EvaluatorRequest& request) -> std::unique_ptr<Evaluator> {
    if (!request.argument.empty())
      throw std::invalid_argument(std::string("evaluator '") + name + "' takes no argument, got '" +
                                  request.argument + "'");
    if constexpr (std::is_constructible_v<E, core::u64, double>)
      return std::make_unique<E>(request.seed, request.places);
    else if constexpr (std::is_constructible_v<E, double>)
      return std::make_unique<E>(request.places);
    else
      return std::make_unique<E>();
  };
}

io::NameRegistry<EvaluatorFactory>& registry() {
  static io::NameRegistry<EvaluatorFactory> r({
      {"uniform", without_argument<UniformEvaluator>("uniform")},
      {"rollout", without_argument<RolloutEvaluator>("rollout")},
      {"heuristic", without_argument<HeuristicEvaluator>("heuristic")},
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
