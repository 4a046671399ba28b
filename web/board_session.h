#pragma once
// The game a board view shows (`pamir serve`, docs/board.md): a replay of a stored game, or a
// game played between the person at the page and agents. Everything the page draws comes
// from here as JSON, so the HTTP layer (web/board_server.h) only routes, and tests drive a
// session without a server. A session shows one game (games::Game, `pamir serve --game`);
// what it draws of a position is the game's (games::Game::board_view_json). Not thread-safe:
// the server serialises calls.

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"

namespace pamir::web {

using Json = nlohmann::ordered_json;

// The seat spec of the person at the page.
inline constexpr const char* kHumanSpec = "human";

// What the page may make the server do beyond playing and showing games (docs/board.md,
// Security): both are off unless `pamir serve` was told otherwise on its command line.
struct PageAccess {
  bool external_agents = false;  // seat "external:<command>" agents (serve --allow-external)
  // Folders under which the page may open files (serve --root); none: only the file the
  // server was started with (--open).
  std::vector<std::filesystem::path> roots;
};

// A request the page may not make (the server answers 403).
struct AccessDenied : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The largest file the page may open: a tournament of 100,000 games is about 60 MB.
inline constexpr std::size_t kMaxPageFileBytes = std::size_t(256) << 20;

struct NewGame {
  int players = 2;
  games::u64 seed = 1;
  // One spec per seat: an agent's (games::Game::make_agent), the game's automaton
  // (games::Game::automaton, "wakhan"), or kHumanSpec.
  std::vector<std::string> agents;
};

class BoardSession {
 public:
  explicit BoardSession(const games::Game& game, PageAccess access = {})
      : game_(game), access_(std::move(access)) {}

  // Shows game `index` of a file of games (a record, or a tournament's games.jsonl; -1: the
  // file's first game). Throws std::runtime_error with a one-line reason (a file of another
  // game names it: "is a <Game> record; use --game <game>"); the session then still
  // shows what it showed before. The file the session opens first may be reopened by the
  // page (to show another of its games) whatever the roots.
  void open(const std::string& path, long index);
  // open() of a file's text already read (BoardSessions reads the --open file once for every
  // tab's session).
  void open(const std::string& path, const std::string& text, long index);
  // open() for a path the page sent: only a regular file under one of the access's roots (or
  // the first file opened), of at most kMaxPageFileBytes. Throws AccessDenied for any other
  // path, without touching it.
  void open_from_page(const std::string& path, long index);
  // Starts a game. Agents play until the first decision of a human seat (or to the end when
  // no seat is human). Throws std::invalid_argument (one line) for a bad spec or count, and
  // AccessDenied for an external agent the access does not allow.
  void start(const NewGame& game);
  // The human seat's decision at the end of the game, then the agents' until the next human
  // decision. Throws std::invalid_argument when no human is to move or id is not the id of a
  // legal action (a long, so that the page's out-of-range numbers are refused, not wrapped).
  void act(long id);
  // Takes back the last human decision and the agents' decisions after it. Throws
  // std::invalid_argument when there is none.
  void undo();

  // The position after `step` decisions (clamped; -1: the last) with everything the page
  // draws: mode, seats, the game's view of the position (games::Game::board_view_json: the
  // position, in a game being played as the human seat sees it, rulers, influence, the
  // standing and the game's own facts), the log with consequences, the legal actions (with
  // the card, region or border each refers to).
  Json view(int step) const;
  // The games of the file last opened: index, agents, ranks ([] when none opened).
  Json games() const { return games_; }
  // The game's map, cards and words (games::Game::board_ruleset_json), its seat counts, its
  // automaton (null when it has none) and the agents the page may seat.
  Json ruleset() const;

 private:
  void show_games(const std::string& path, const std::string& text, long index);
  void play_agents();
  int human_to_move() const;  // the seat, or games::kNoSeat
  bool playing() const { return mode_ == "play"; }
  // Throws unless the page may seat the spec (an outside program only with access).
  void check_page_may_seat(const std::string& spec, int players) const;

  const games::Game& game_;
  PageAccess access_;
  std::filesystem::path start_file_;  // the first file opened (canonical), which the page may reopen
  std::string mode_ = "none";         // "none", "replay", "play"
  std::string title_;
  std::string file_;                                 // the file a replay came from
  std::vector<std::string> agents_;                  // spec per seat
  std::vector<std::unique_ptr<games::Agent>> bots_;  // per seat; null for human and automaton seats
  std::vector<games::Action> actions_;
  std::vector<games::Position> positions_;  // positions_[i]: before decision i; back(): now
  std::string stopped_;                     // why a game stopped before its end (a forfeit, the cap)
  Json games_ = Json::array();
};

}  // namespace pamir::web
