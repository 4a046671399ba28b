#pragma once
// Evaluators by name, so that agents and tools take an evaluator spec ("rollout",
// "net:gen3.pt") without search depending on where an evaluator is implemented. The built-in
// ones (uniform, rollout, heuristic) are always there; the programs that want "net" and
// "best" register them at start-up (nets/register_evaluators.h).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "search/evaluator.h"
#include "search/options.h"

namespace pamir::search::inline PAMIR_RULESET {

// What a factory is asked for: the text after "name:" in the spec (empty when there is
// none), a seed, the arithmetic a net evaluator runs its net with (the option infer;
// evaluators without a net ignore it), and the share of the finishing places in the values
// of evaluators that value finished games themselves (the option places; outcome.h).
struct EvaluatorRequest {
  std::string argument;
  core::u64 seed = 0;
  std::string inference = SearchOptions().infer;
  double places = 0;
};

// Makes an evaluator from a request; throws std::invalid_argument with a one-line reason for
// a bad argument.
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>(const EvaluatorRequest& request)>;

// Adds (or replaces) a named evaluator. Returns true so that it can initialize a static.
bool register_evaluator(const std::string& name, EvaluatorFactory factory);

// The evaluator for a spec "name" or "name:argument"; throws std::invalid_argument naming
// the known evaluators when the name is unknown.
std::unique_ptr<Evaluator> make_evaluator(const std::string& spec, core::u64 seed,
                                          const std::string& inference = SearchOptions().infer,
                                          double places = 0);
// The leaf evaluator a search's options describe: options.eval run with options.infer, with
// options.hmix of the heuristic's value blended in (blend_with_heuristic), both valuing
// finished games with options.places.
std::unique_ptr<Evaluator> make_evaluator(const SearchOptions& options, core::u64 seed);

std::vector<std::string> evaluator_names();

}  // namespace pamir::search::inline PAMIR_RULESET
