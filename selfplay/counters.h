#pragma once
// What self-play counts, per game and summed: a generation's metrics (training/run_record.h),
// a shard's totals (so that a generation resumed in another process still counts the work of
// the games already on disk, docs/shards.md), and what the ranks of an MPI job report.

namespace pamir::selfplay {

// What one game took; games' counts add up.
struct GameCounters {
  long games = 0;
  long rows = 0;        // recorded (full-search) decisions
  long decisions = 0;   // every decision, forced ones included
  long searches = 0;    // decisions that got a search
  long iterations = 0;  // search iterations (simulations)
  long leaves = 0;      // leaves evaluated
  long resignations = 0;
  long capped = 0;              // games stopped at max_decisions (scored by the standing)
  long audit_would_resign = 0;  // audit games where a player fell below the threshold
  long resign_false = 0;        // ... and that player still won (a resignation would have been wrong)
  GameCounters& operator+=(const GameCounters& o);
};

// A worker's or a generation's counts: its games' and the net calls it made. A call
// evaluates the leaves of several games at once, so calls belong to the process that made
// them, not to games (which games share a call depends on the threads).
struct SelfPlayCounters : GameCounters {
  long evaluator_calls = 0;
  using GameCounters::operator+=;
  SelfPlayCounters& operator+=(const SelfPlayCounters& o);
};

// Every per-game counter with its name, in one fixed order (shards store them in it).
template <class F>
void for_each_game_counter(F&& f) {
  using C = GameCounters;
  f("games", &C::games), f("rows", &C::rows), f("decisions", &C::decisions), f("searches", &C::searches);
  f("iterations", &C::iterations), f("leaves", &C::leaves), f("resignations", &C::resignations);
  f("capped", &C::capped), f("audit_would_resign", &C::audit_would_resign),
      f("resign_false", &C::resign_false);
}

// Calls f(name, field) for every counter of c (const or not): the per-game ones, then, for
// SelfPlayCounters, evaluator_calls.
template <class Counters, class F>
void for_each_counter(Counters& c, F&& f) {
  for_each_game_counter([&](const char* name, auto member) { f(name, c.*member); });
  if constexpr (requires { c.evaluator_calls; }) f("evaluator_calls", c.evaluator_calls);
}

inline GameCounters& GameCounters::operator+=(const GameCounters& o) {
  for_each_game_counter([&](const char*, auto member) { this->*member += o.*member; });
  return *this;
}
inline SelfPlayCounters& SelfPlayCounters::operator+=(const SelfPlayCounters& o) {
  GameCounters::operator+=(o);
  evaluator_calls += o.evaluator_calls;
  return *this;
}

}  // namespace pamir::selfplay
