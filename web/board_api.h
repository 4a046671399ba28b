#pragma once
// The board's JSON API (docs/board.md, "The API"), as one function from a request to an
// answer, so that the server (web/board_server.h) only checks who asks and routes, and tests
// and the fuzzer drive the API without a socket. Requests are parsed strictly: a body that is
// not a JSON object, a field of the wrong type, a number that is not the whole number it
// claims (1e20, -1 for a seed, 2.5) is a 400 with a one-line reason.

#include <map>
#include <string>

#include "web/board_sessions.h"

namespace pamir::web {

struct ApiRequest {
  std::string method;                         // "GET" or "POST"
  std::string path;                           // "/api/view", ...
  std::map<std::string, std::string> params;  // the query's
  std::string body;
};

struct ApiReply {
  int status = 200;  // 200; 400 a bad request; 403 what the page may not do; 404 no such route or session
  Json body;         // the view, or {"error": "..."}
};

// Answers one API request against the session (not thread-safe: the caller serialises calls).
ApiReply answer(BoardSession& session, const ApiRequest& request);
// Answers one API request of the server's: POST /api/session makes a session and answers
// {"session": id}; /api/ruleset needs none; every other call goes to the session `session`
// (the id the page sent in kSessionHeader; 404 when the server keeps none of that id).
// Thread-safe.
ApiReply answer(BoardSessions& sessions, const ApiRequest& request, const std::string& session);

}  // namespace pamir::web
