#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>

#include "bench/bench.h"
#include "core/hash.h"
#include "core/state.h"

namespace pamir::testing {
namespace {

bench::BenchOptions tiny() {
  bench::BenchOptions options;
  options.max_games = 2;
  options.net.max_batches = 1;
  options.selfplay_seconds = 0.05;
  return options;
}

TEST(Bench, SignatureIsDeterministicAndIndependentOfWorkload) {
  const std::uint64_t sig = bench::signature();
  EXPECT_EQ(bench::signature(), sig);
  EXPECT_EQ(bench::run_bench(tiny()).signature, sig);
  bench::BenchOptions other = tiny();
  other.max_games = 3;
  other.max_seconds = 0.001;
  EXPECT_EQ(bench::run_bench(other).signature, sig);
}

// The signature frozen: a change to the rules' behaviour changes it. Such a change says what
// and why in its commit, and this value and the README's signature follow.
TEST(Bench, SignatureIsTheOneTheReadmeStates) {
  EXPECT_EQ(core::to_hex(bench::signature()), "ea4ecfae47610cc3");
}

TEST(Bench, RandomGamesAreReproducible) {
  core::State a, b;
  const int n = bench::play_random_game(3, 42, &a);
  EXPECT_EQ(bench::play_random_game(3, 42, &b), n);
  EXPECT_TRUE(a.game_over());
  EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
}

// Both ways of picking play whole games, reproducibly; from one seed they play different
// games (the sampler's draws are not the list's).
TEST(Bench, SampledRandomGamesAreReproducible) {
  core::State a, b, listed;
  const int n = bench::play_random_game(3, 42, &a, bench::RandomPick::kSampled);
  EXPECT_EQ(bench::play_random_game(3, 42, &b, bench::RandomPick::kSampled), n);
  EXPECT_TRUE(a.game_over());
  EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
  bench::play_random_game(3, 42, &listed, bench::RandomPick::kListed);
  EXPECT_NE(std::memcmp(&a, &listed, sizeof a), 0);
}

TEST(Bench, JsonHasTheRequiredKeys) {
  const bench::BenchReport report = bench::run_bench(tiny());
  const nlohmann::json j = nlohmann::json::parse(bench::report_json(report));
  EXPECT_EQ(j.at("state_bytes").get<std::size_t>(), sizeof(core::State));
  EXPECT_TRUE(j.at("signature").is_string());
  for (const char* players : {"2", "3", "4", "5"}) {
    const nlohmann::json& p = j.at("players").at(players);
    EXPECT_EQ(p.at("games").get<long>(), 2) << players;
    EXPECT_EQ(p.at("sampled").at("games").get<long>(), 2) << players;
    for (const char* key : {"decisions_per_s", "games_per_s", "mean_decisions_per_game"}) {
      ASSERT_TRUE(p.at(key).is_number()) << players << " " << key;
      EXPECT_GT(p.at(key).get<double>(), 0) << players << " " << key;
      ASSERT_TRUE(p.at("sampled").at(key).is_number()) << players << " sampled " << key;
      EXPECT_GT(p.at("sampled").at(key).get<double>(), 0) << players << " sampled " << key;
    }
  }
  for (const char* key : {"ismcts_rollout_iters_per_s", "ismcts_heuristic_iters_per_s"}) {
    ASSERT_TRUE(j.at(key).is_number()) << key;
    EXPECT_GT(j.at(key).get<double>(), 0) << key;
  }
  for (const char* threads : {"1", "2"}) {
    const nlohmann::json& t = j.at("net").at("selfplay").at("threads").at(threads);
    EXPECT_GT(t.at("simulations_per_s").get<double>(), 0) << threads;
    EXPECT_GT(t.at("per_core").get<double>(), 0) << threads;
  }
  EXPECT_TRUE(j.at("net").at("selfplay").at("scaling_1_to_2").is_number());
}

// `pamir bench --players N`: that player count's random games, and nothing else measured.
TEST(Bench, OnePlayerCountsRandomGamesOnly) {
  bench::BenchOptions options = tiny();
  options.only_players = 3;
  const bench::BenchReport report = bench::run_bench(options);
  EXPECT_TRUE(report.random_games_only);
  EXPECT_EQ(report.signature, bench::signature());
  const nlohmann::json j = nlohmann::json::parse(bench::report_json(report));
  ASSERT_EQ(j.at("players").size(), 1u);
  EXPECT_EQ(j.at("players").at("3").at("games").get<long>(), 2);
  EXPECT_GT(j.at("players").at("3").at("games_per_s").get<double>(), 0);
  EXPECT_FALSE(j.contains("ismcts_rollout_iters_per_s"));
  EXPECT_FALSE(j.contains("net"));
  const std::string text = bench::report_text(report);
  EXPECT_NE(text.find("players 3: "), std::string::npos);
  EXPECT_EQ(text.find("players 2: "), std::string::npos);
  EXPECT_EQ(text.find("ismcts"), std::string::npos);
}

}  // namespace
}  // namespace pamir::testing
