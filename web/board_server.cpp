#include "web/board_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "web/board_api.h"
#include "web/board_page.h"
#include "web/request_guard.h"

namespace pamir::web {
namespace {

// Slow or idle connections each hold one worker for at most these many seconds per read, so
// a few dozen of them cannot keep the page's own requests waiting.
constexpr int kWorkers = 64;
constexpr int kReadTimeoutSeconds = 2;

void reply(httplib::Response& res, const Json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

RequestFacts facts_of(const httplib::Request& req) {
  RequestFacts f;
  f.method = req.method;
  f.path = req.path;
  f.host = req.get_header_value("Host");
  if (req.has_header("Origin")) f.origin = req.get_header_value("Origin");
  f.content_type = req.get_header_value("Content-Type");
  f.token = req.get_header_value(kTokenHeader);
  return f;
}

}  // namespace

struct BoardServer::Impl {
  Impl(BoardSessions& sessions, const ServeOptions& options);
  void route();

  BoardSessions& sessions;
  httplib::Server server;
  int port = -1;
  std::unique_ptr<RequestGuard> guard;
};

BoardServer::BoardServer(BoardSessions& sessions, const ServeOptions& options)
    : impl_(std::make_unique<Impl>(sessions, options)) {}
BoardServer::~BoardServer() = default;
int BoardServer::port() const { return impl_->port; }
const std::string& BoardServer::token() const { return impl_->guard->token(); }
void BoardServer::run() { impl_->server.listen_after_bind(); }
void BoardServer::wait_until_serving() const {
  while (!impl_->server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}
void BoardServer::stop() { impl_->server.stop(); }

BoardServer::Impl::Impl(BoardSessions& sessions_, const ServeOptions& options) : sessions(sessions_) {
  // SO_REUSEADDR (a restarted server rebinds at once) but not httplib's default SO_REUSEPORT,
  // which would let a second `pamir serve` share the port and take half the requests.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  server.set_read_timeout(kReadTimeoutSeconds, 0);
  server.set_keep_alive_timeout(kReadTimeoutSeconds);
  server.set_payload_max_length(kMaxRequestBytes);
  port = options.port == 0 ? server.bind_to_any_port(options.host)
                           : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0)
    throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                             " (another server on that port, or an address not of this machine)");
  std::vector<std::string> names = options.host_names;
  if (options.host != "0.0.0.0" && options.host != "::") names.push_back(options.host);
  guard = std::make_unique<RequestGuard>(options.token.empty() ? new_token() : options.token, names, port);
  route();
}

void BoardServer::Impl::route() {
  // Every answer says it is not to be framed, sniffed or cached.
  server.set_default_headers({{"X-Frame-Options", "DENY"},
                              {"X-Content-Type-Options", "nosniff"},
                              {"Cache-Control", "no-store"},
                              {"Referrer-Policy", "no-referrer"}});
  server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (const auto refusal = guard->check(facts_of(req))) {
      reply(res, {{"error", refusal->reason}}, refusal->status);
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  // httplib's own refusals (413 for a body over the limit, 404, 400) as one-line JSON too.
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string reason =
        res.status == 413   ? "the request body is larger than " + std::to_string(kMaxRequestBytes) + " bytes"
        : res.status == 404 ? "no such page"
                            : "bad request (HTTP " + std::to_string(res.status) + ")";
    reply(res, {{"error", reason}}, res.status);
  });

  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_header(
        "Content-Security-Policy",
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    res.set_content(kBoardPage, "text/html; charset=utf-8");
  });
  // Every API call, answered as JSON; calls to one session take turns (BoardSessions).
  const auto api = [this](const httplib::Request& req, httplib::Response& res) {
    ApiRequest request{req.method, req.path, {}, req.body};
    for (const auto& [key, value] : req.params) request.params.emplace(key, value);
    const ApiReply reply_ = answer(sessions, request, req.get_header_value(kSessionHeader));
    reply(res, reply_.body, reply_.status);
  };
  server.Get(R"(/api/.*)", api);
  server.Post(R"(/api/.*)", api);
}

}  // namespace pamir::web
