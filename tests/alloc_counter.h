#pragma once
// Counting heap allocations in tests (the global operator new of the test binary is replaced
// in tests/bench/alloc_test.cpp; it counts only between start and stop).

namespace pamir::testing {

void start_counting_allocations();
// Stops counting; returns the allocations made since start_counting_allocations().
long stop_counting_allocations();

template <class F>
long allocations_during(F&& f) {
  start_counting_allocations();
  f();
  return stop_counting_allocations();
}

}  // namespace pamir::testing
