#pragma once
// The local web server of `pamir serve` (docs/board.md): the board page and a small JSON API
// over one BoardSession. It binds to 127.0.0.1 unless told otherwise: the page can start
// agents and read files named to it, so it is for the person at this machine.

#include <functional>
#include <string>

#include "web/board_session.h"

namespace pamir::web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
};

// Serves until the process is stopped. Calls on_listening with the bound port once the
// socket is bound. Throws std::runtime_error when the port cannot be bound.
void serve(BoardSession& session, const ServeOptions& options, const std::function<void(int port)>& on_listening);

}  // namespace pamir::web
