#pragma once
// Who may use the board's server (`pamir serve`): a local server is reachable by every web
// page the user visits (a page can send "simple" cross-origin POSTs without a preflight) and,
// through DNS rebinding, by pages that pose as it. So, as Jupyter does, every request must
// name this server in Host (and in Origin when it has one), every API call must carry the
// run's token (printed in the URL the server shows; the page sends it back in the header
// X-Pamir-Token, which no cross-origin request can set without a preflight this server never
// grants), and every POST body must be application/json. docs/board.md, "Security".

#include <optional>
#include <string>
#include <vector>

namespace pamir::web {

// The header the page sends the token in.
inline constexpr const char* kTokenHeader = "X-Pamir-Token";

// What the guard reads of a request.
struct RequestFacts {
  std::string method;                 // "GET", "POST", ...
  std::string path;                   // without the query
  std::string host;                   // the Host header ("" when absent)
  std::optional<std::string> origin;  // the Origin header, when sent
  std::string content_type;           // "" when absent
  std::string token;                  // the X-Pamir-Token header ("" when absent)
};

struct Refusal {
  int status;          // 403
  std::string reason;  // one line
};

// A fresh token: 128 random bits as 32 hex digits.
std::string new_token();

class RequestGuard {
 public:
  // host_names: the names the server may be reached by (without port; "localhost",
  // "127.0.0.1", "[::1]" and the bound address are always among them); port: the bound one.
  RequestGuard(std::string token, std::vector<std::string> host_names, int port);

  // Nothing when the request may proceed, else why not.
  std::optional<Refusal> check(const RequestFacts& request) const;
  const std::string& token() const { return token_; }

 private:
  bool known_host(const std::string& host_and_port) const;

  std::string token_;
  std::vector<std::string> host_names_;  // lower case
  int port_;
};

}  // namespace pamir::web
