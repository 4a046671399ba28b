#pragma once
// The one run-time boundary between the games and the tools (docs/architecture.md). Each
// game's rules, search, encoder, self-play game loop and measurements are compiled for that
// game alone (core/ to bench/, in its inline namespace); everything above them (tournaments,
// self-play orchestration, training, MPI, the board, the command-line tool, the Python module)
// is compiled once and reaches a game only through a games::Game from the registry
// (games/registry.h), as OpenSpiel's tools reach a game through its registry.
//
// A Position is a game's State as bytes: fixed size, trivially copyable, no heap, so that
// tools keep histories of positions as the rules code keeps States. Actions are the ids of
// the game's dense action space.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/game_record.h"
#include "io/games.h"

namespace pamir::selfplay {
struct TrainConfig;
class SelfPlayWorkerBase;
}  // namespace pamir::selfplay
namespace pamir::nets {
struct NetWeights;
struct NetShape;
}  // namespace pamir::nets

namespace pamir::games {

using Action = std::uint16_t;
using u64 = std::uint64_t;
inline constexpr int kNoSeat = -1;
// The most seats of any game, and the largest State of any game (each game checks its own).
inline constexpr int kMaxSeats = io::kMaxSeats;
inline constexpr std::size_t kMaxStateBytes = 1024;

class Game;

class Position {
 public:
  Position() = default;
  const Game& game() const { return *game_; }
  bool valid() const { return game_ != nullptr; }
  // The State's bytes, for the game that made the position (games/ruleset_game.h).
  const void* state() const { return bytes_; }
  void* state() { return bytes_; }
  // Equal games and equal bytes (the States have no padding).
  bool operator==(const Position& o) const;

 private:
  friend class Game;
  const Game* game_ = nullptr;
  alignas(8) unsigned char bytes_[kMaxStateBytes] = {};
};

// The words a game names its pieces and money with (logs, help texts, the board).
struct Words {
  std::string_view army, road, tribe, spy, gift, tax, build, betray, prize, battle, money, neutral;
};

// What a search saw in its last decision (`pamir engine`'s go, the analysis command, Python).
struct SearchMove {
  Action action = 0;
  int visits = 0;
  float value = 0;  // mean value for the player to move (0 when unvisited)
  float prior = 0;
};
struct SearchReport {
  int iterations = 0;
  std::vector<float> values;                // the root's mean value per seat
  std::vector<SearchMove> moves;            // the root's moves, in action order
  std::vector<Action> principal_variation;  // the most visited line from the root
};

// Something that picks an action for the seat to move: a search of the game's (its specs,
// `pamir agents`), or an agent any game can seat (games/agent.h: an outside program, a person).
class Agent {
 public:
  virtual ~Agent() = default;
  // A legal action for the seat to move. Not thread-safe: one agent per game thread. May
  // throw games::AgentForfeit (games/agent.h).
  virtual Action choose(const Position& p) = 0;
  virtual std::string name() const = 0;
  virtual bool last_search(SearchReport& out) const {
    (void)out;
    return false;
  }
};

// A named block of the encoder's row (Python's observation_layout).
struct FeatureBlock {
  std::string name;
  int offset, size;
};

// Options of the game's speed measurements (`pamir bench`, bench/bench.h): the most seconds
// and games per player count, and for the net's measurements the most batches per case and
// the seconds per self-play case (0: their defaults); `players` non-zero: that player count's
// random games only, without the search, net and self-play measurements.
struct BenchRequest {
  double seconds = 3;
  long max_games = -1;  // -1: as many as fit in the time
  long net_max_batches = 0;
  double selfplay_seconds = 0;
  int players = 0;
};

// perft: the action sequences of a length from a new game's start, and per first action.
struct PerftResult {
  u64 total = 0;
  std::vector<std::pair<std::string, u64>> by_first_action;  // with divide
};

class Game {
 public:
  virtual ~Game() = default;

  // Identity.
  virtual std::string_view key() const = 0;   // "pamir": --game, the "game" field of files
  virtual std::string_view name() const = 0;  // "Pax Pamir"
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  virtual int num_actions() const = 0;
  virtual int max_legal_actions() const = 0;
  virtual const Words& words() const = 0;
  // The spec that seats the game's automated opponent, whose decisions the engine takes
  // ("wakhan"; empty when the game has none), and the most seats of a game she sits in.
  virtual std::string_view automaton() const = 0;
  virtual int automaton_max_players() const = 0;
  std::string seat_range() const;  // "2 to 5"
  // What code below the games (readers of files and configs) needs to know of this one.
  io::GameFacts facts() const;

  // Positions. A position of another game is a programming error (checked in debug builds).
  virtual Position new_game(int players, u64 seed, int automaton_seat = kNoSeat) const = 0;
  virtual int legal_actions(const Position& p, Action* out) const = 0;  // room for max_legal_actions()
  std::vector<Action> legal_actions(const Position& p) const;
  virtual bool is_legal(const Position& p, Action a) const = 0;
  virtual void apply(Position& p, Action a) const = 0;
  virtual bool over(const Position& p) const = 0;
  virtual int to_move(const Position& p) const = 0;  // kNoSeat when over
  virtual int num_players(const Position& p) const = 0;
  virtual int turn(const Position& p) const = 0;
  virtual int automaton_seat(const Position& p) const = 0;  // kNoSeat when she does not play
  virtual std::vector<int> vp(const Position& p) const = 0;
  // Per seat, the place by the standing now (0 first; ties after every tie-break share one).
  virtual std::vector<int> ranks(const Position& p) const = 0;
  // Per seat: 1/k for each of the k seats ranked first once over, else 0.
  virtual std::vector<float> returns(const Position& p) const = 0;
  virtual u64 full_key(const Position& p) const = 0;
  virtual u64 infoset_key(const Position& p, int seat) const = 0;
  // A world the seat cannot tell from p (the unseen part re-dealt).
  virtual Position sample_world(const Position& p, int seat, u64& rng) const = 0;
  // "" when the position is consistent, else what is wrong.
  virtual std::string check(const Position& p) const = 0;

  // Names and text, in the game's words.
  virtual std::string action_name(const Position& p, Action a) const = 0;
  virtual int parse_action(const Position& p, const std::string& text) const = 0;  // -1: none
  // The log's line for a decision (with the card's name), and what it caused.
  virtual std::string describe_decision(const Position& before, Action a) const = 0;
  // A choice as a person reads it: its name, the card it concerns and a purchase's cost
  // ("purchase 1 2 (George Hayward, cost 2)").
  virtual std::string describe_action(const Position& p, Action a) const = 0;
  virtual std::vector<std::string> describe_consequences(const Position& before,
                                                         const Position& after) const = 0;
  virtual std::string describe_position(const Position& p) const = 0;
  // The cards in the seat's hand, "12 Name, 34 Name" (empty when none): what a person playing
  // the seat sees besides the position (cli/human_agent.h).
  virtual std::string describe_hand(const Position& p, int seat) const = 0;
  // What a player at the table sees on the card named by number or name (io::describe_card),
  // or "" when no card has that number or name.
  virtual std::string describe_card(const std::string& name_or_number) const = 0;
  virtual std::string describe_result(const Position& p) const = 0;

  // Files (docs/state-format.md). Errors are one line.
  virtual std::string position_json(const Position& p, int indent = -1) const = 0;
  virtual std::optional<Position> position_from_json(const std::string& text, std::string* error) const = 0;
  virtual std::string observation_json(const Position& p, int seat, int indent = -1) const = 0;
  // An outside agent's message for a seat (docs/engine-protocol.md), and the world in one.
  virtual std::string agent_message(const Position& p, int seat, u64& rng) const = 0;
  virtual std::optional<Position> world_from_agent_message(const std::string& text,
                                                           std::string* error) const = 0;
  virtual std::optional<io::GameRecord> record_from_json(const std::string& text,
                                                         std::string* error) const = 0;
  // The record with its actions' names and the final position's result.
  virtual std::string record_json(const io::GameRecord& r) const = 0;
  // The position after the record's actions, each checked legal; nothing, and why, if one is
  // not (or the record's result disagrees).
  virtual std::optional<Position> replay(const io::GameRecord& r, std::string* error) const = 0;

  // The nets' input: the encoder's row for a seat (num_features() floats, dense).
  virtual int num_features() const = 0;
  virtual void encode(const Position& p, int viewer, float* row) const = 0;
  virtual std::vector<FeatureBlock> feature_layout() const = 0;
  virtual const nets::NetShape& net_shape() const = 0;

  // Agents: the game's search agents, evaluators and options (`pamir agents`), and the
  // agents any game seats (games/agent.h). Throws std::invalid_argument with a one-line
  // reason for a bad spec; the automaton's spec is no agent (the engine plays her).
  virtual std::unique_ptr<Agent> make_agent(const std::string& spec, u64 seed) const = 0;
  virtual std::vector<std::string> agent_names() const = 0;
  virtual std::string agents_help() const = 0;

  // Self-play (selfplay/worker.h): a worker that plays the game's self-play games with the
  // given net.
  virtual std::unique_ptr<selfplay::SelfPlayWorkerBase> make_selfplay_worker(
      const selfplay::TrainConfig& config, int generation,
      std::shared_ptr<const nets::NetWeights> weights) const = 0;

  // Measurements: perft (bench/bench.h), and `pamir bench`'s JSON and text.
  virtual PerftResult perft(int players, u64 seed, int depth, bool divide) const = 0;
  virtual std::string bench_json(const BenchRequest& request) const = 0;
  virtual std::string bench_text(const BenchRequest& request) const = 0;
  virtual u64 bench_signature() const = 0;

  // The board in the browser (web/): the map, cards and words as JSON, the legal actions
  // with what each refers to, and the game's own parts of a view (rulers or controllers,
  // influence, standing, tracks and tokens).
  virtual std::string board_ruleset_json() const = 0;
  virtual std::string board_legal_json(const Position& p) const = 0;
  virtual std::string board_view_json(const Position& p, int viewer) const = 0;

 protected:
  // For the games' own implementations: a position of this game around a State's bytes.
  Position make_position(const void* state, std::size_t bytes) const;
};

}  // namespace pamir::games
