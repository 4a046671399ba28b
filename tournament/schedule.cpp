#include "tournament/schedule.h"

#include <numeric>
#include <stdexcept>

#include "core/splitmix.h"
#include "io/games.h"

namespace pamir::tournament {
namespace {

// Every assignment of agents 0..n-1 to `seats` seats, in lexicographic order, keeping those the
// mode allows.
std::vector<std::vector<int>> all_seatings(int n, int seats, Seating seating) {
  std::vector<std::vector<int>> out;
  std::vector<int> seat(seats, 0);
  while (true) {
    std::vector<bool> used(n, false);
    int distinct = 0;
    for (const int a : seat) {
      distinct += !used[a];
      used[a] = true;
    }
    if (seating == Seating::kDistinct ? distinct == seats : distinct >= 2) out.push_back(seat);
    int k = seats - 1;
    while (k >= 0 && seat[k] == n - 1) seat[k--] = 0;
    if (k < 0) return out;
    ++seat[k];
  }
}

std::uint64_t mix(std::uint64_t seed, std::uint64_t salt, std::uint64_t index) {
  std::uint64_t state = seed ^ (salt * 0xD1B54A32D192ED03ull) ^ (index * 0x9E3779B97F4A7C15ull);
  splitmix64(state);
  return splitmix64(state);
}

}  // namespace

const char* seating_name(Seating s) { return s == Seating::kDistinct ? "distinct" : "repeats"; }

Seating parse_seating(const std::string& name) {
  if (name == "distinct") return Seating::kDistinct;
  if (name == "repeats") return Seating::kRepeats;
  throw std::invalid_argument("seating must be \"distinct\" or \"repeats\", got \"" + name + "\"");
}

Schedule::Schedule(int num_agents, int seats, Seating seating, std::uint64_t seed)
    : num_agents_(num_agents), seats_(seats), seed_(seed) {
  if (seats < 2 || seats > io::kMaxSeats)
    throw std::invalid_argument("players must be 2 to " + std::to_string(io::kMaxSeats) + ", got " +
                                std::to_string(seats));
  if (num_agents < 2) throw std::invalid_argument("a tournament needs at least 2 agents");
  if (seating == Seating::kDistinct && num_agents < seats)
    throw std::invalid_argument(std::to_string(num_agents) + " agents cannot fill " + std::to_string(seats) +
                                " seats with distinct agents (use seating \"repeats\")");
  double size = 1;
  for (int k = 0; k < seats; ++k) size *= seating == Seating::kDistinct ? num_agents - k : num_agents;
  if (size > kMaxCycle)
    throw std::invalid_argument("a balanced cycle would need " + std::to_string(long(size)) +
                                " seatings; use fewer agents or seats");
  cycle_ = all_seatings(num_agents, seats, seating);
}

std::vector<int> Schedule::seating(long game) const {
  const long n = cycle_length();
  std::vector<long> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::uint64_t rng = mix(seed_, 1, std::uint64_t(game / n));
  splitmix_shuffle(order.data(), int(n), rng);
  return cycle_[order[game % n]];
}

std::uint64_t game_seed(std::uint64_t seed, long game) { return mix(seed, 2, std::uint64_t(game)); }

}  // namespace pamir::tournament
