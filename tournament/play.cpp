#include "tournament/play.h"

#include <omp.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "games/agent.h"

namespace pamir::tournament {

int automaton_seat(const games::Game& game, const std::vector<std::string>& specs,
                   const std::vector<int>& seats) {
  int seat = -1;
  for (int p = 0; p < int(seats.size()); ++p) {
    const std::string& spec = specs.at(seats[p]);
    if (spec == "wakhan" && game.automaton().empty())
      throw std::invalid_argument("wakhan plays Pax Pamir only, not " + std::string(game.name()));
    if (game.automaton().empty() || spec != game.automaton()) continue;
    if (seat != -1) throw std::invalid_argument(spec + " can hold only one seat of a game");
    if (int(seats.size()) > game.automaton_max_players())
      throw std::invalid_argument(spec + " plays only in games of " + game.facts().automaton_seat_counts() +
                                  " seats");
    seat = p;
  }
  return seat;
}

void check_agent_spec(const games::Game& game, const std::string& spec) {
  if (spec == "wakhan" && game.automaton().empty())
    throw std::invalid_argument("wakhan plays Pax Pamir only, not " + std::string(game.name()));
  if (game.automaton().empty() || spec != game.automaton()) game.make_agent(spec, 0);
}

std::vector<int> forfeit_ranks(const std::vector<int>& standing, int seat) {
  const int n = int(standing.size());
  std::vector<int> ranks(n, n - 1);
  for (int p = 0; p < n; ++p) {
    if (p == seat) continue;
    ranks[p] = 0;
    for (int q = 0; q < n; ++q) ranks[p] += q != seat && standing[q] < standing[p];
  }
  return ranks;
}

GameResult play_game(const games::Game& game, const std::vector<std::string>& specs,
                     const std::vector<int>& seats, long index, u64 seed, int max_decisions) {
  GameResult r{index, seed, seats, {}, {}, {}, false, -1, {}};
  const int players = int(seats.size());
  const int automaton = automaton_seat(game, specs, seats);
  std::vector<std::unique_ptr<games::Agent>> agents(players);  // none for the automaton: the engine plays her
  for (int p = 0; p < players; ++p)
    if (p != automaton) agents[p] = game.make_agent(specs.at(seats[p]), agent_seed(game, seed, p));
  games::Position s = game.new_game(players, seed, automaton);
  while (!game.over(s) && int(r.actions.size()) < max_decisions) {
    const int p = game.to_move(s);
    Action a;
    try {
      a = agents[p]->choose(s);
    } catch (const games::AgentForfeit& e) {
      r.forfeit = p;
      r.forfeit_reason = e.what();
      break;
    }
    if (!game.is_legal(s, a))
      throw std::runtime_error("agent " + specs[seats[p]] + " chose illegal action " + std::to_string(a) +
                               " in game " + std::to_string(index) + " (seed " + std::to_string(seed) + ")");
    r.actions.push_back(a);
    game.apply(s, a);
  }
  r.capped = !game.over(s) && r.forfeit == -1;
  const std::vector<int> standing = game.ranks(s);
  const std::vector<int> rank = r.forfeit == -1 ? standing : forfeit_ranks(standing, r.forfeit);
  r.vp = game.vp(s);
  for (int p = 0; p < players; ++p) r.ranks.push_back(r.capped ? 0 : rank[p]);
  return r;
}

// Not omp_get_max_threads(): libtorch lowers that when it sets its own thread count.
void play_games(const games::Game& game, const std::vector<std::string>& specs,
                const std::vector<GameSpec>& games, int threads, int max_decisions,
                const std::function<void(GameResult&&)>& on_finished, const std::atomic<bool>* stop) {
  std::mutex mutex;  // serializes on_finished and guards error
  std::string error;
  std::atomic<bool> failed = false;
#pragma omp parallel for schedule(dynamic, 1) num_threads(io::resolve_threads(threads))
  for (long i = 0; i < long(games.size()); ++i) {
    if (failed || (stop && *stop)) continue;
    try {
      GameResult g = play_game(game, specs, games[i].seats, games[i].game, games[i].seed, max_decisions);
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

io::GameRecord to_record(const games::Game& game, const GameResult& g,
                         const std::vector<std::string>& specs) {
  io::GameRecord rec;
  rec.num_players = int(g.seats.size());
  rec.seed = g.seed;
  rec.automaton_seat = automaton_seat(game, specs, g.seats);
  for (const int a : g.seats) rec.agents.push_back(specs.at(a));
  rec.actions = g.actions;
  return rec;
}

}  // namespace pamir::tournament
