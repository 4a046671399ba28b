#include "tournament/play.h"

#include <omp.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/dominance.h"
#include "core/game.h"
#include "search/agent.h"

namespace pamir::tournament::inline PAMIR_RULESET {

int wakhan_seat(const std::vector<std::string>& specs, const std::vector<int>& seats) {
  int seat = core::kNoPlayer;
  for (int p = 0; p < int(seats.size()); ++p) {
    if (!search::is_wakhan_seat(specs.at(seats[p]))) continue;
    if (seat != core::kNoPlayer) throw std::invalid_argument("wakhan can hold only one seat of a game");
    if (seats.size() > 3) throw std::invalid_argument("wakhan plays only in games of 2 or 3 seats");
    seat = p;
  }
  return seat;
}


void check_agent_spec(const std::string& spec) {
  if (!search::is_wakhan_seat(spec)) search::make_agent(spec, 0);
}

std::vector<int> forfeit_ranks(const core::State& s, int seat) {
  const auto standing = core::final_ranks(s);
  std::vector<int> ranks(s.num_players, s.num_players - 1);
  for (int p = 0; p < s.num_players; ++p) {
    if (p == seat) continue;
    ranks[p] = 0;
    for (int q = 0; q < s.num_players; ++q) ranks[p] += q != seat && standing[q] < standing[p];
  }
  return ranks;
}

GameResult play_game(const std::vector<std::string>& specs, const std::vector<int>& seats, long game, core::u64 seed,
                     int max_decisions) {
  GameResult r{game, seed, seats, {}, {}, {}, false, core::kNoPlayer, {}};
  const int players = int(seats.size());
  const int wakhan = wakhan_seat(specs, seats);
  std::vector<std::unique_ptr<search::Agent>> agents(players);  // none for Wakhan: the engine plays her
  for (int p = 0; p < players; ++p)
    if (p != wakhan) agents[p] = search::make_agent(specs.at(seats[p]), agent_seed(seed, p));
  core::State s = core::new_game(players, seed, wakhan);
  while (!s.game_over() && int(r.actions.size()) < max_decisions) {
    const int p = core::to_move(s);
    core::Action a;
    try {
      a = agents[p]->choose(s);
    } catch (const search::AgentForfeit& e) {
      r.forfeit = p;
      r.forfeit_reason = e.what();
      break;
    }
    if (!core::is_legal(s, a))
      throw std::runtime_error("agent " + specs[seats[p]] + " chose illegal action " + std::to_string(a) + " in game " +
                               std::to_string(game) + " (seed " + std::to_string(seed) + ")");
    r.actions.push_back(a);
    core::apply(s, a);
  }
  r.capped = !s.game_over() && r.forfeit == core::kNoPlayer;
  const auto standing = core::final_ranks(s);
  const std::vector<int> rank = r.forfeit == core::kNoPlayer ? std::vector<int>(standing.begin(), standing.begin() + players)
                                                             : forfeit_ranks(s, r.forfeit);
  for (int p = 0; p < players; ++p) {
    r.vp.push_back(s.vp[p]);
    r.ranks.push_back(r.capped ? 0 : rank[p]);
  }
  return r;
}

// Not omp_get_max_threads(): libtorch lowers that when it sets its own thread count.
int resolve_threads(int requested) {
  if (requested < 0 || requested > kMaxThreads)
    throw std::invalid_argument("threads must be 0 (every core) to " + std::to_string(kMaxThreads) + ", got " +
                                std::to_string(requested));
  return requested > 0 ? requested : omp_get_num_procs();
}

void play_games(const std::vector<std::string>& specs, const std::vector<GameSpec>& games, int threads,
                int max_decisions, const std::function<void(GameResult&&)>& on_finished) {
  std::mutex mutex;  // serializes on_finished and guards error
  std::string error;
  std::atomic<bool> failed = false;
#pragma omp parallel for schedule(dynamic, 1) num_threads(resolve_threads(threads))
  for (long i = 0; i < long(games.size()); ++i) {
    if (failed) continue;
    try {
      GameResult g = play_game(specs, games[i].seats, games[i].game, games[i].seed, max_decisions);
      std::lock_guard<std::mutex> lock(mutex);
      if (!failed) on_finished(std::move(g));
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failed) error = e.what();
      failed = true;
    }
  }
  if (failed) throw std::runtime_error(error);
}

double win_share(const GameResult& g, int seat) {
  if (g.ranks[seat] != 0) return 0;
  int first = 0;
  for (const int r : g.ranks) first += r == 0;
  return 1.0 / first;
}

io::GameRecord to_record(const GameResult& g, const std::vector<std::string>& specs) {
  io::GameRecord rec;
  rec.num_players = int(g.seats.size());
  rec.seed = g.seed;
  rec.wakhan_seat = wakhan_seat(specs, g.seats);
  for (const int a : g.seats) rec.agents.push_back(specs.at(a));
  rec.actions = g.actions;
  return rec;
}

}  // namespace pamir::tournament
