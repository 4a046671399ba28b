#include "web/board_sessions.h"

#include <algorithm>

#include "io/file_io.h"
#include "web/request_guard.h"

namespace pamir::web {

BoardSessions::BoardSessions(const games::Game& game, PageAccess access, const std::string& open_path,
                             long open_index)
    : game_(game), access_(std::move(access)), open_path_(open_path), open_index_(open_index) {
  if (open_path_.empty()) return;
  open_text_ = io::read_file(open_path_);
  fresh();  // throws now, at the command line, for a file that cannot be shown
}

BoardSession BoardSessions::fresh() const {
  BoardSession session(game_, access_);
  if (!open_path_.empty()) session.open(open_path_, open_text_, open_index_);
  return session;
}

std::string BoardSessions::create() {
  auto slot = std::make_shared<Lease::Slot>(fresh());
  std::lock_guard lock(mutex_);
  if (int(sessions_.size()) >= kMaxSessions) {
    const auto oldest = std::min_element(
        sessions_.begin(), sessions_.end(),
        [](const auto& a, const auto& b) { return a.second->last_used < b.second->last_used; });
    sessions_.erase(oldest);
  }
  std::string id = new_token();
  slot->last_used = ++clock_;
  sessions_.emplace(id, std::move(slot));
  return id;
}

BoardSessions::Lease BoardSessions::find(const std::string& id) {
  std::shared_ptr<Lease::Slot> slot;
  {
    std::lock_guard lock(mutex_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end())
      throw UnknownSession(
          id.empty()
              ? "no session: the page sends its session's id in " + std::string(kSessionHeader)
              : "no such session (closed, or evicted by " + std::to_string(kMaxSessions) + " newer ones)");
    it->second->last_used = ++clock_;
    slot = it->second;
  }
  return Lease(std::move(slot));  // waits for the session's running request, not for the map
}

int BoardSessions::size() const {
  std::lock_guard lock(mutex_);
  return int(sessions_.size());
}

}  // namespace pamir::web
