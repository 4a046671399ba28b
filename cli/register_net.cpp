// Registers the network evaluators ("net:<weight file>", "best") with the search evaluator
// registry at start-up. It lives among the commands because their objects are always linked;
// a self-registering object inside a static library would be dropped by the linker.

#include "nets/registration.h"

namespace pamir::cli {
namespace {

const bool registered = nets::register_net_evaluators();

}  // namespace
}  // namespace pamir::cli
