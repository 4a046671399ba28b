#pragma once
// One game between agents, as tournaments and matches play it: a fresh agent per seat, seeded
// from the game's seed, so that a game is reproduced from (specs, seed) alone.

#include <functional>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/state.h"
#include "io/record.h"
#include "core/types.h"

namespace pamir::tournament::inline PAMIR_RULESET {

struct GameResult {
  long game = 0;           // index in its tournament or match
  core::u64 seed = 0;      // deal seed
  std::vector<int> seats;  // agent index per seat
  std::vector<int> vp;     // per seat
  std::vector<int> ranks;  // per seat, 0 = first, equal = tied after every tie-break
  std::vector<core::Action> actions;
  bool capped = false;     // stopped at the decision cap: a draw, every rank 0
  // The seat whose agent forfeited (search::AgentForfeit), or kNoPlayer: the game stopped
  // there, that seat ranks last and the others keep their standing at that point.
  int forfeit = core::kNoPlayer;
  std::string forfeit_reason;
};

// The ranks of a game that seat forfeited in position s: the others ranked among themselves
// by their standing (core::final_ranks), the forfeiting seat after all of them.
std::vector<int> forfeit_ranks(const core::State& s, int seat);

// Players may pass forever (nothing forces a purchase), so a game still going after this many
// agent decisions ends as a draw between all seats. Real games take 180-270 decisions on
// average (2-5 seats, `pamir bench --json`: mean_decisions_per_game).
constexpr int kDefaultMaxDecisions = 2000;

// Agent specs are those of search::make_agent, and "wakhan" (core/wakhan.h): the seat of the
// automated opponent, which the engine plays itself (one seat at most, in games of 2 or 3).

// The seat the specs give Wakhan (seat p plays specs[seats[p]]), or kNoPlayer; throws
// std::invalid_argument when she cannot sit there.
int wakhan_seat(const std::vector<std::string>& specs, const std::vector<int>& seats);

// The seed of the agent in seat p of a game dealt from seed, as tournaments, matches,
// `pamir play` and the board seed them: the same specs and seed give the same game anywhere.
constexpr core::u64 agent_seed(core::u64 seed, int seat) { return seed * core::kMaxPlayers + seat; }

// Throws std::invalid_argument (one line) unless the spec is an agent's or "wakhan".
void check_agent_spec(const std::string& spec);

// Plays the game, at most max_decisions agent decisions; seats[i] indexes specs. Throws std::invalid_argument for a bad spec and
// std::runtime_error when an agent picks an illegal action.
GameResult play_game(const std::vector<std::string>& specs, const std::vector<int>& seats, long game, core::u64 seed,
                     int max_decisions = kDefaultMaxDecisions);

// The most threads a run may ask for: far beyond any machine's cores, and well within what
// OpenMP's runtime starts (libgomp crashes starting 100,000).
constexpr int kMaxThreads = 1024;
// The threads a count of requested threads means: 0 is every core OpenMP reports (in
// tournaments, matches and self-play alike). Throws std::invalid_argument (one line) for a
// count below 0 or above kMaxThreads.
int resolve_threads(int requested);

struct GameSpec {
  long game = 0;
  core::u64 seed = 0;
  std::vector<int> seats;
};

// Plays the games in parallel with OpenMP on `threads` threads, a fresh set of agents per game.
// on_finished gets each finished game, one call at a time, in the order they finish. The
// first failure (a bad spec, an illegal move, an exception from on_finished) stops the games
// not yet started and is rethrown as std::runtime_error once the running ones end.
void play_games(const std::vector<std::string>& specs, const std::vector<GameSpec>& games, int threads,
                int max_decisions, const std::function<void(GameResult&&)>& on_finished);

// A seat's share of the win: 1 / (number of seats ranked first) for those, else 0.
double win_share(const GameResult& g, int seat);

// The game as a core record (agent specs per seat), for `pamir play --replay` and replay().
io::GameRecord to_record(const GameResult& g, const std::vector<std::string>& specs);

}  // namespace pamir::tournament
