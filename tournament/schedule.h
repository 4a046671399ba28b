#pragma once
// Who sits where in each game of a tournament. Game i's seating and deal seed depend only on
// (number of agents, seats, seating mode, tournament seed, i), never on how many games are
// planned, so a tournament can be resumed or extended and every game is reproducible alone.
//
// Seatings cycle through a complete balanced set: every ordered assignment of agents to seats
// that the mode allows, each exactly once per cycle, in an order shuffled afresh for each cycle
// (so a partial last cycle is a random sample, not a lexicographic prefix). Over whole cycles
// every agent sits in every seat equally often, and every group of agents meets equally often.

#include <cstdint>
#include <string>
#include <vector>

namespace pamir::tournament {

enum class Seating {
  kDistinct,  // each game seats distinct agents: all k-permutations of the n agents (needs n >= seats)
  kRepeats,   // agents may fill several seats: all n^seats assignments except those of a single agent
};

const char* seating_name(Seating s);

// The deal seed of game i of a run seeded with `seed` (the agents are seeded from it too).
std::uint64_t game_seed(std::uint64_t seed, long game);
// "distinct" or "repeats"; throws std::invalid_argument otherwise.
Seating parse_seating(const std::string& name);

class Schedule {
 public:
  // Throws std::invalid_argument (one line) when the combination is impossible (seats beyond
  // any game's, io::kMaxSeats) or the cycle would exceed kMaxCycle seatings. A game's own seat
  // range is the tournament's to check (run_tournament).
  Schedule(int num_agents, int seats, Seating seating, std::uint64_t seed);

  static constexpr long kMaxCycle = 1'000'000;

  int num_agents() const { return num_agents_; }
  int seats() const { return seats_; }
  long cycle_length() const { return long(cycle_.size()); }
  // seating(i)[seat] is the agent index playing that seat in game i.
  std::vector<int> seating(long game) const;
  std::uint64_t game_seed(long game) const { return tournament::game_seed(seed_, game); }

 private:
  int num_agents_;
  int seats_;
  std::uint64_t seed_;
  std::vector<std::vector<int>> cycle_;
};

}  // namespace pamir::tournament
