// Pax Pamir's move generator against the plainly written oracle (tests/conformance/
// action_oracle.h), in seeded random games of every player count.

#include <gtest/gtest.h>

#include "tests/conformance/action_oracle.h"

namespace pamir::testing {
namespace {

class ActionOracle : public ::testing::TestWithParam<int> {};

TEST_P(ActionOracle, TheGeneratorOffersExactlyWhatTheRulesAllow) {
  check_random_games_against_oracle(GetParam(), 1, 200);
}

INSTANTIATE_TEST_SUITE_P(Players, ActionOracle, ::testing::Values(2, 3, 4, 5),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

}  // namespace
}  // namespace pamir::testing
