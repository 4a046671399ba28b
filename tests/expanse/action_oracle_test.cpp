// Pax Expanse's move generator against the plainly written oracle (tests/conformance/
// action_oracle.h), in seeded random games of both player counts. Its War purchase and its
// Mobilise transports were once wrong in ways this finds.

#include <gtest/gtest.h>

#include "tests/conformance/action_oracle.h"

namespace pamir::testing {
namespace {

class ExpanseActionOracle : public ::testing::TestWithParam<int> {};

TEST_P(ExpanseActionOracle, TheGeneratorOffersExactlyWhatTheRulesAllow) {
  check_random_games_against_oracle(GetParam(), 1, 200);
}

INSTANTIATE_TEST_SUITE_P(Players, ExpanseActionOracle, ::testing::Values(3, 4),
                         [](const auto& info) { return std::to_string(info.param) + "p"; });

}  // namespace
}  // namespace pamir::testing
