// Registers the network evaluator, "net:<weight file>", with the search evaluator registry.
// It lives among the commands because their objects are always linked; a self-registering
// object inside a static library would be dropped by the linker.

#include <stdexcept>
#include <string>

#include "nets/net_evaluator.h"
#include "search/evaluator_registry.h"

namespace pamir::cli {
namespace {

const bool registered = search::register_evaluator("net", [](const std::string& path, core::u64) {
  if (path.empty()) throw std::invalid_argument("evaluator 'net' needs a weight file: net:<path>");
  return nets::make_net_evaluator(path);
});

}  // namespace
}  // namespace pamir::cli
