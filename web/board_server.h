#pragma once
// The local web server of `pamir serve` (docs/board.md): the board page and a small JSON API
// over the sessions of the tabs that open it (web/board_sessions.h). It binds to 127.0.0.1 unless told
// otherwise, and it trusts no web page: every request must name this server (Host, Origin), every API call
// must carry the run's token, bodies are JSON of at most kMaxRequestBytes (web/request_guard.h); what the
// page may open or start is the session's PageAccess.

#include <memory>
#include <string>
#include <vector>

#include "web/board_sessions.h"

namespace pamir::web {

// Requests are a few hundred bytes; anything far larger is refused (413) unread.
inline constexpr std::size_t kMaxRequestBytes = 64 * 1024;

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;    // 0: any free port
  std::string token;  // the API's token; empty: a fresh random one (web::new_token)
  // Further names the server may be reached by, for Host and Origin (serve --allow-host).
  std::vector<std::string> host_names;
};

class BoardServer {
 public:
  // Binds the port; throws std::runtime_error when it cannot be bound. The sessions must
  // outlive the server.
  BoardServer(BoardSessions& sessions, const ServeOptions& options);
  ~BoardServer();
  int port() const;
  const std::string& token() const;
  // Serves until stop() (from another thread) or the end of the process.
  void run();
  // Returns once run() (in another thread) has begun serving, so that a stop() after it is
  // not lost.
  void wait_until_serving() const;
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pamir::web
