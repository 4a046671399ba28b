#pragma once
// One game between agents, as tournaments and matches play it: a fresh agent per seat, seeded
// from the game's seed, so that a game is reproduced from (game, specs, seed) alone.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/game.h"
#include "io/game_record.h"
#include "io/threads.h"

namespace pamir::tournament {

using games::Action;
using games::u64;

struct GameResult {
  long game = 0;           // index in its tournament or match
  u64 seed = 0;            // deal seed
  std::vector<int> seats;  // agent index per seat
  std::vector<int> vp;     // per seat
  std::vector<int> ranks;  // per seat, 0 = first, equal = tied after every tie-break
  std::vector<Action> actions;
  bool capped = false;  // stopped at the decision cap: a draw, every rank 0
  // The seat whose agent forfeited (games::AgentForfeit), or -1: the game stopped there,
  // that seat ranks last and the others keep their standing at that point.
  int forfeit = -1;
  std::string forfeit_reason;
};

// The ranks of a game that seat forfeited, given the standing then (games::Game::ranks): the
// others ranked among themselves by their standing, the forfeiting seat after all of them.
std::vector<int> forfeit_ranks(const std::vector<int>& standing, int seat);

// Players may pass forever (nothing forces a purchase), so a game still going after this many
// agent decisions ends as a draw between all seats. Real games take 180-270 decisions on
// average (2-5 seats, `pamir bench --json`: mean_decisions_per_game).
constexpr int kDefaultMaxDecisions = 2000;

// Agent specs are those of games::Game::make_agent, and the game's automaton (Pax Pamir's
// "wakhan"): the seat of the automated opponent, which the engine plays itself (one seat at
// most). The seat the specs give her (seat p plays specs[seats[p]]), or -1; throws
// std::invalid_argument when she cannot sit there.
int automaton_seat(const games::Game& game, const std::vector<std::string>& specs,
                   const std::vector<int>& seats);

// The seed of the agent in seat p of a game dealt from seed, as tournaments, matches,
// `pamir play` and the board seed them: the same specs and seed give the same game anywhere.
inline u64 agent_seed(const games::Game& game, u64 seed, int seat) {
  return seed * game.max_players() + seat;
}

// Throws std::invalid_argument (one line) unless the spec is an agent's or the automaton's.
void check_agent_spec(const games::Game& game, const std::string& spec);

// Plays the game, at most max_decisions agent decisions; seats[i] indexes specs. Throws
// std::invalid_argument for a bad spec and std::runtime_error when an agent picks an illegal
// action.
GameResult play_game(const games::Game& game, const std::vector<std::string>& specs,
                     const std::vector<int>& seats, long index, u64 seed,
                     int max_decisions = kDefaultMaxDecisions);

struct GameSpec {
  long game = 0;
  u64 seed = 0;
  std::vector<int> seats;
};

// Plays the games in parallel with OpenMP on `threads` threads, a fresh set of agents per game.
// on_finished gets each finished game, one call at a time, in the order they finish. The
// first failure (a bad spec, an illegal move, an exception from on_finished) stops the games
// not yet started and is rethrown as std::runtime_error once the running ones end. Once *stop
// is set (by on_finished, say), games not yet started are skipped and the running ones finish.
void play_games(const games::Game& game, const std::vector<std::string>& specs,
                const std::vector<GameSpec>& games, int threads, int max_decisions,
                const std::function<void(GameResult&&)>& on_finished,
                const std::atomic<bool>* stop = nullptr);

// A seat's share of the win: 1 / (number of seats ranked first) for those, else 0.
double win_share(const GameResult& g, int seat);

// The game as a record (agent specs per seat), for `pamir play --replay` and replay().
io::GameRecord to_record(const games::Game& game, const GameResult& g, const std::vector<std::string>& specs);

}  // namespace pamir::tournament
