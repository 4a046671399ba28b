// Seatings are balanced over whole cycles, reproducible, and independent of the game count.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "tournament/schedule.h"

namespace pamir::tournament {
namespace {

TEST(Schedule, DistinctSeatingBalancesSeatsAndGroups) {
  const Schedule s(4, 3, Seating::kDistinct, 9);
  ASSERT_EQ(s.cycle_length(), 24);             // 4 * 3 * 2 ordered triples
  std::map<std::pair<int, int>, int> at_seat;  // (agent, seat) -> games
  std::map<std::vector<int>, int> groups;      // sorted agents -> games
  std::set<std::vector<int>> seatings;
  for (long g = 0; g < 3 * s.cycle_length(); ++g) {
    const auto seats = s.seating(g);
    ASSERT_EQ(seats.size(), 3u);
    for (int k = 0; k < 3; ++k) ++at_seat[{seats[k], k}];
    auto sorted = seats;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
    ++groups[sorted];
    if (g < s.cycle_length()) seatings.insert(seats);
  }
  EXPECT_EQ(seatings.size(), 24u);  // each cycle holds every seating once
  ASSERT_EQ(at_seat.size(), 12u);
  for (auto& [key, n] : at_seat) EXPECT_EQ(n, 3 * 6) << key.first << "@" << key.second;
  ASSERT_EQ(groups.size(), 4u);
  for (auto& [key, n] : groups) EXPECT_EQ(n, 3 * 6);
}

TEST(Schedule, RepeatsIncludesTwoAgentGamesButNoSoloGames) {
  const Schedule s(3, 3, Seating::kRepeats, 1);
  ASSERT_EQ(s.cycle_length(), 27 - 3);
  std::map<std::pair<int, int>, int> at_seat;
  int two_agent = 0;
  for (long g = 0; g < s.cycle_length(); ++g) {
    const auto seats = s.seating(g);
    for (int k = 0; k < 3; ++k) ++at_seat[{seats[k], k}];
    std::set<int> present(seats.begin(), seats.end());
    EXPECT_GE(present.size(), 2u);
    two_agent += present.size() == 2;
  }
  EXPECT_EQ(two_agent, 18);  // 3 pairs * (2^3 - 2)
  for (auto& [key, n] : at_seat) EXPECT_EQ(n, 8);
}

TEST(Schedule, GamesAreReproducibleAndSeedDependent) {
  const Schedule a(5, 4, Seating::kDistinct, 3), b(5, 4, Seating::kDistinct, 3),
      c(5, 4, Seating::kDistinct, 4);
  int differ = 0;
  for (long g = 0; g < 200; ++g) {
    EXPECT_EQ(a.seating(g), b.seating(g));
    EXPECT_EQ(a.game_seed(g), b.game_seed(g));
    differ += a.seating(g) != c.seating(g);
  }
  EXPECT_GT(differ, 150);
  EXPECT_NE(a.game_seed(0), a.game_seed(1));
}

TEST(Schedule, RejectsImpossibleConfigurations) {
  EXPECT_THROW(Schedule(2, 3, Seating::kDistinct, 1), std::invalid_argument);
  EXPECT_THROW(Schedule(1, 2, Seating::kRepeats, 1), std::invalid_argument);
  EXPECT_THROW(Schedule(3, 6, Seating::kRepeats, 1), std::invalid_argument);
  EXPECT_THROW(Schedule(100, 5, Seating::kDistinct, 1), std::invalid_argument);  // 9e9 seatings per cycle
  EXPECT_THROW(parse_seating("random"), std::invalid_argument);
}

}  // namespace
}  // namespace pamir::tournament
