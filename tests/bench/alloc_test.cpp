// The hot path of search (legal_actions + apply) must not touch the heap. This file
// replaces the global allocation functions for the whole test binary; they count only
// while g_counting is set, so every other test is unaffected.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "core/game.h"
#include "core/random.h"
#include "tests/alloc_counter.h"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};

void* counted_alloc(std::size_t n) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
}  // namespace

// The nothrow, sized and array forms of the standard library forward to these.
void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace pamir::testing {

void start_counting_allocations() {
  g_allocations = 0;
  g_counting = true;
}

long stop_counting_allocations() {
  g_counting = false;
  return g_allocations.load();
}

namespace {

using namespace pamir::core;

TEST(Alloc, CounterSeesAllocations) {
  // Guards the test below against a counter that never counts. (A direct call: the
  // compiler may elide a new-expression whose result is unused.)
  const long n = allocations_during([] { ::operator delete(::operator new(16)); });
  EXPECT_EQ(n, 1);
}

TEST(Alloc, LegalActionsAndApplyAllocateNothing) {
  long steps = 0;
  long allocations = 0;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    for (u64 seed = 1; seed <= 25; ++seed) {
      State s = new_game(players, seed);
      u64 rng = seed * 31 + players;
      Action legal[kMaxLegalActions];
      allocations += allocations_during([&] {
        while (!s.game_over()) {
          const int n = legal_actions(s, legal);
          apply(s, legal[random_below(rng, n)]);
          ++steps;
        }
      });
    }
  EXPECT_GT(steps, 20000);
  EXPECT_EQ(allocations, 0) << "over " << steps << " steps";
}

}  // namespace
}  // namespace pamir::testing
