#include "web/request_guard.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <random>

namespace pamir::web {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Equal strings, in a time that does not depend on where they first differ (the token's
// length is no secret: always 32).
bool same_secret(const std::string& given, const std::string& secret) {
  if (given.size() != secret.size() || secret.empty()) return false;
  unsigned char differ = 0;
  for (std::size_t i = 0; i < secret.size(); ++i) differ |= static_cast<unsigned char>(given[i] ^ secret[i]);
  return differ == 0;
}

// The media type of a Content-Type header: before any ';', trimmed, lower case.
std::string media_type(const std::string& content_type) {
  std::string t = content_type.substr(0, content_type.find(';'));
  const auto b = t.find_first_not_of(" \t"), e = t.find_last_not_of(" \t");
  return b == std::string::npos ? "" : lower(t.substr(b, e - b + 1));
}

}  // namespace

std::string new_token() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) {
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", unsigned(device()));
    token += hex;
  }
  return token;
}

RequestGuard::RequestGuard(std::string token, std::vector<std::string> host_names, int port)
    : token_(std::move(token)), port_(port) {
  for (const char* name : {"localhost", "127.0.0.1", "[::1]"}) host_names.emplace_back(name);
  for (std::string& name : host_names) {
    name = lower(name);
    // An IPv6 address is written in brackets in Host and Origin.
    if (name.find(':') != std::string::npos && name.front() != '[') name = "[" + name + "]";
    if (std::find(host_names_.begin(), host_names_.end(), name) == host_names_.end())
      host_names_.push_back(name);
  }
}

bool RequestGuard::known_host(const std::string& host_and_port) const {
  const std::string h = lower(host_and_port);
  const std::string port = ":" + std::to_string(port_);
  if (h.size() <= port.size() || h.compare(h.size() - port.size(), port.size(), port) != 0) return false;
  const std::string name = h.substr(0, h.size() - port.size());
  return std::find(host_names_.begin(), host_names_.end(), name) != host_names_.end();
}

std::optional<Refusal> RequestGuard::check(const RequestFacts& r) const {
  if (!known_host(r.host))
    return Refusal{403, "Host \"" + r.host.substr(0, 100) +
                            "\" is not this server's address (see docs/board.md, Security)"};
  if (r.origin) {
    const std::string scheme = "http://";
    const std::string o = lower(*r.origin);
    if (o.compare(0, scheme.size(), scheme) != 0 || !known_host(o.substr(scheme.size())))
      return Refusal{403,
                     "requests from other sites are refused (Origin \"" + r.origin->substr(0, 100) + "\")"};
  }
  const bool api = r.path.compare(0, 5, "/api/") == 0;
  if (api && !same_secret(r.token, token_))
    return Refusal{403, std::string("missing or wrong token: open the URL pamir serve printed (header ") +
                            kTokenHeader + ")"};
  if (r.method != "GET" && r.method != "HEAD" && media_type(r.content_type) != "application/json")
    return Refusal{403, "the request body must be application/json"};
  return std::nullopt;
}

}  // namespace pamir::web
