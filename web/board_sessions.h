#pragma once
// The games of one `pamir serve` (docs/board.md, "One game per tab"): a BoardSession per
// browser tab, keyed by an unguessable id the page keeps and sends with every call, so that a
// second tab's new game leaves the first tab's game alone. At most kMaxSessions are kept: a
// new one evicts the one least recently used. Thread-safe: a request locks its own session
// only, so one tab's agents thinking do not hold up another tab.

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "web/board_session.h"

namespace pamir::web {

// The header the page sends its session's id in.
inline constexpr const char* kSessionHeader = "X-Pamir-Session";

// A call naming no session the server keeps (never made, or evicted): the server answers 404
// and the page asks for a new one.
struct UnknownSession : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class BoardSessions {
 public:
  static constexpr int kMaxSessions = 16;

  // Every new session shows game `open_index` of the file `open_path` (serve --open; empty:
  // none), read once here: throws std::runtime_error with a one-line reason when it cannot be
  // shown.
  BoardSessions(const games::Game& game, PageAccess access, const std::string& open_path = "",
                long open_index = -1);

  // A session of its own for one tab: holds the session and its lock for one request.
  class Lease {
   public:
    BoardSession& operator*() const { return slot_->session; }
    BoardSession* operator->() const { return &slot_->session; }

   private:
    friend class BoardSessions;
    struct Slot {
      explicit Slot(BoardSession s) : session(std::move(s)) {}
      std::mutex mutex;
      BoardSession session;
      unsigned long long last_used = 0;
    };
    explicit Lease(std::shared_ptr<Slot> slot) : slot_(std::move(slot)), lock_(slot_->mutex) {}
    std::shared_ptr<Slot> slot_;  // kept alive even if evicted while the request runs
    std::unique_lock<std::mutex> lock_;
  };

  // A new session (showing the --open file, if any); its id: 128 random bits as hex.
  std::string create();
  // The session `id`, locked for the caller. Throws UnknownSession.
  Lease find(const std::string& id);
  // The game's map, cards and words, the same for every session.
  Json ruleset() const { return BoardSession(game_, access_).ruleset(); }
  int size() const;

 private:
  BoardSession fresh() const;

  const games::Game& game_;
  PageAccess access_;
  std::string open_path_, open_text_;
  long open_index_;
  mutable std::mutex mutex_;  // guards the map and the clock
  std::map<std::string, std::shared_ptr<Lease::Slot>> sessions_;
  unsigned long long clock_ = 0;  // counts uses, for least recently used
};

}  // namespace pamir::web
