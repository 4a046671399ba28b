// Micro-benchmarks of the core hot paths, on positions taken from seeded random 3-player
// games (so every run measures the same positions). Built once per game:
// pamir_microbench_<game>.

#include <benchmark/benchmark.h>

#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "core/world.h"

namespace pamir::bench {
namespace {

using namespace pamir::core;

// Plays uniformly random actions from s until the game ends; calls visit(s) before each
// decision. Returns the number of decisions.
template <class Visit>
int play_random(State& s, u64& rng, Visit&& visit) {
  Action legal[kMaxLegalActions];
  int decisions = 0;
  while (!s.game_over()) {
    visit(s);
    const int n = legal_actions(s, legal);
    apply(s, legal[random_below(rng, n)]);
    ++decisions;
  }
  return decisions;
}

// Positions past the loyalty round, one every few decisions, from several games; each
// with a random legal action to apply. The set is large on purpose (about 1400 positions,
// 1.4 MB): cycling through a few hundred lets the branch predictor learn them, which made
// legal_actions look three to four times cheaper than it is inside a game.
// BM_RandomGame3p is the end-to-end number to trust.
struct Sample {
  State state;
  Action action;
};
const std::vector<Sample>& mid_game_positions() {
  static const std::vector<Sample> samples = [] {
    std::vector<Sample> out;
    u64 pick = 12345;
    for (u64 seed = 1; seed <= 64; ++seed) {
      State s = new_game(3, seed);
      u64 rng = seed;
      int decision = 0;
      play_random(s, rng, [&](const State& at) {
        if (++decision > 3 && decision % 5 == 0) {
          Action legal[kMaxLegalActions];
          const int n = legal_actions(at, legal);
          out.push_back({at, legal[random_below(pick, n)]});
        }
      });
    }
    return out;
  }();
  return samples;
}

// The decisions of 64 seeded random 3-player games by their kind (the top task's TaskKind,
// numbered as in core/tasks.h): a uniform sample of at most 2000 a kind from all the games
// (reservoir sampling), each with a random legal action; and each kind's share of them all.
struct DecisionsByKind {
  std::vector<Sample> positions[TaskKind::kNumDecisions];
  double share[TaskKind::kNumDecisions] = {};
};
const DecisionsByKind& decisions_by_kind() {
  static const DecisionsByKind samples = [] {
    DecisionsByKind out;
    long count[TaskKind::kNumDecisions] = {}, total = 0;
    u64 pick = 12345;
    for (u64 seed = 1; seed <= 64; ++seed) {
      State s = new_game(3, seed);
      u64 rng = seed;
      play_random(s, rng, [&](const State& at) {
        const int kind = at.top().kind;
        ++total;
        const long seen = ++count[kind];  // decisions of this kind so far, this one included
        // The n-th of a kind takes a random one of the 2000 places with probability 2000/n.
        const long slot = seen <= 2000 ? seen - 1 : random_below(pick, int(seen));
        if (slot >= 2000) return;
        Action legal[kMaxLegalActions];
        const int n = legal_actions(at, legal);
        const Sample sample{at, legal[random_below(pick, n)]};
        std::vector<Sample>& kept = out.positions[kind];
        if (slot == long(kept.size()))
          kept.push_back(sample);
        else
          kept[slot] = sample;
      });
    }
    for (int k = 0; k < TaskKind::kNumDecisions; ++k) out.share[k] = double(count[k]) / double(total);
    return out;
  }();
  return samples;
}

void BM_LegalActions(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  Action legal[kMaxLegalActions];
  size_t i = 0;
  for (auto _ : bm) {
    benchmark::DoNotOptimize(legal_actions(positions[i].state, legal));
    benchmark::ClobberMemory();
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_LegalActions);

// The State copy that apply needs in search, alone, to read BM_Apply against.
void BM_CopyState(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  size_t i = 0;
  for (auto _ : bm) {
    State s = positions[i].state;
    benchmark::DoNotOptimize(s);
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_CopyState);

void BM_CopyAndApply(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  size_t i = 0;
  for (auto _ : bm) {
    State s = positions[i].state;
    apply(s, positions[i].action);
    benchmark::DoNotOptimize(s);
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_CopyAndApply);

// One decision of one kind (the argument, a TaskKind): legal_actions, then apply to a copy
// (BM_CopyState is the copy alone). Counters: `share`, the kind's share of the decisions of
// random play, and `legal`, its mean count of legal actions; a decision's mean cost is then
// the sum over kinds of share times time, and the two games compare kind by kind
// (docs/benchmarks.md). A kind that random play never reached is skipped with an error line.
void BM_DecideByKind(benchmark::State& bm) {
  const int kind = int(bm.range(0));
  const DecisionsByKind& samples = decisions_by_kind();
  const std::vector<Sample>& positions = samples.positions[kind];
  if (positions.empty()) {
    bm.SkipWithError("random play reached no decision of this kind");
    return;
  }
  Action legal[kMaxLegalActions];
  long listed = 0;
  size_t i = 0;
  for (auto _ : bm) {
    State s = positions[i].state;
    listed += legal_actions(s, legal);
    apply(s, positions[i].action);
    benchmark::DoNotOptimize(s);
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
  bm.counters["share"] = samples.share[kind];
  bm.counters["legal"] = double(listed) / double(bm.iterations());
}
BENCHMARK(BM_DecideByKind)->DenseRange(0, TaskKind::kNumDecisions - 1);

// Plays the random 3-player game of that seed to its end, each action picked from the legal
// list or (kSampled) drawn by random_action; returns its decisions.
template <bool kSampled = false>
int play_seeded_game(u64 seed) {
  State s = new_game(3, seed);
  u64 rng = seed;
  int decisions = 0;
  if constexpr (kSampled)
    for (; !s.game_over(); ++decisions) apply(s, random_action(s, rng));
  else
    decisions = play_random(s, rng, [](const State&) {});
  benchmark::DoNotOptimize(s);
  return decisions;
}

void BM_RandomGame3p(benchmark::State& bm) {
  u64 seed = 0;
  long decisions = 0;
  for (auto _ : bm) decisions += play_seeded_game(++seed);
  bm.SetItemsProcessed(bm.iterations());  // games
  bm.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame3p);

// A fixed workload for instruction-level profiles (scripts/profile-rules runs it under
// callgrind) and for scripts/compare-speed: the same 300 seeded 3-player games every run, one
// iteration; the counter `decisions` is the divisor for per-decision counts. Wall-clock numbers
// on a shared VM swing by 10% and more from run to run; instruction counts do not.
// BM_RandomGameSet picks each action from the legal list; BM_RandomPlayoutSet draws it with
// random_action, as playouts do (compare-speed --sampled).
template <bool kSampled>
void random_game_set(benchmark::State& bm) {
  long decisions = 0;
  for (auto _ : bm)
    for (u64 seed = 1; seed <= 300; ++seed) decisions += play_seeded_game<kSampled>(seed);
  bm.counters["decisions"] = double(decisions);
  bm.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
}
void BM_RandomGameSet(benchmark::State& bm) { random_game_set<false>(bm); }
BENCHMARK(BM_RandomGameSet)->Iterations(1)->Unit(benchmark::kMillisecond);
void BM_RandomPlayoutSet(benchmark::State& bm) { random_game_set<true>(bm); }
BENCHMARK(BM_RandomPlayoutSet)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_FullKey(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  size_t i = 0;
  for (auto _ : bm) {
    benchmark::DoNotOptimize(full_key(positions[i].state));
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_FullKey);

void BM_InfosetKey(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  size_t i = 0;
  for (auto _ : bm) {
    const State& s = positions[i].state;
    benchmark::DoNotOptimize(infoset_key(s, to_move(s)));
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_InfosetKey);

void BM_SampleWorld(benchmark::State& bm) {
  const auto& positions = mid_game_positions();
  u64 rng = 7;
  size_t i = 0;
  for (auto _ : bm) {
    const State& s = positions[i].state;
    benchmark::DoNotOptimize(sample_world(s, to_move(s), rng));
    if (++i == positions.size()) i = 0;
  }
  bm.SetItemsProcessed(bm.iterations());
}
BENCHMARK(BM_SampleWorld);

}  // namespace
}  // namespace pamir::bench

BENCHMARK_MAIN();
