// Registers the network evaluators ("net:<weight file>", "best") for every command. It lives
// among the commands because their objects are always linked (nets/register_evaluators.h).

#include "nets/register_evaluators.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

const bool registered = (nets::register_net_evaluators(), true);

}  // namespace
}  // namespace pamir::cli
