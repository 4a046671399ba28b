#include "web/board_server.h"

#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>

#include "web/board_api.h"
#include "web/board_page.h"
#include "web/request_guard.h"

namespace pamir::web {
namespace {

// Each connection has a thread of its own (a slow or idle one keeps only its own waiting, and
// a request that thinks long delays no other), at most kMaxConnections of them, each closed
// after kIdleTimeoutSeconds without a byte. libmicrohttpd keeps all of a connection's request
// head (request line and headers) in a pool of kConnectionMemoryBytes and answers 431 when it
// does not fit, so a client cannot grow the server by sending headers; the body is counted
// here, after any chunked transfer is undone, and refused past kMaxRequestBytes.
constexpr unsigned kMaxConnections = 256;
constexpr unsigned kIdleTimeoutSeconds = 2;
constexpr std::size_t kConnectionMemoryBytes = 64 * 1024;
// A body over the limit is read on and dropped, up to this much more, so that a client that
// sends it whole (as a browser does) can read the 413 instead of a reset connection; a longer
// one is cut off there.
constexpr std::size_t kDiscardedBytes = 4 << 20;

// Every answer says it is not to be framed, sniffed or cached.
constexpr const char* kDefaultHeaders[][2] = {{"X-Frame-Options", "DENY"},
                                              {"X-Content-Type-Options", "nosniff"},
                                              {"Cache-Control", "no-store"},
                                              {"Referrer-Policy", "no-referrer"}};
constexpr const char* kPagePolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// One request as it arrives: its body so far, and whether it has been answered already (a
// refusal sent at its head, or a body that would not end).
struct Pending {
  std::string body;          // up to kMaxRequestBytes
  std::size_t received = 0;  // the body's bytes so far
  bool answered = false;
};

std::string header(MHD_Connection* c, const char* name) {
  const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
  return v ? v : "";
}

void send(MHD_Connection* c, int status, const std::string& body, const char* type,
          const char* policy = nullptr) {
  MHD_Response* r =
      MHD_create_response_from_buffer(body.size(), const_cast<char*>(body.data()), MHD_RESPMEM_MUST_COPY);
  MHD_add_response_header(r, "Content-Type", type);
  for (const auto& [name, value] : kDefaultHeaders) MHD_add_response_header(r, name, value);
  if (policy) MHD_add_response_header(r, "Content-Security-Policy", policy);
  MHD_queue_response(c, unsigned(status), r);
  MHD_destroy_response(r);
}

void send_json(MHD_Connection* c, const Json& body, int status) {
  send(c, status, body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

void send_error(MHD_Connection* c, int status, const std::string& reason) {
  send_json(c, {{"error", reason}}, status);
}

void send_too_large(MHD_Connection* c) {
  send_error(c, 413, "the request body is larger than " + std::to_string(kMaxRequestBytes) + " bytes");
}

// The socket the server listens on: host and port as given (port 0: a free one), with
// SO_REUSEADDR so that a restarted server rebinds at once, and not SO_REUSEPORT, which would
// let a second `pamir serve` share the port and take half the requests. -1 when it cannot.
int listen_on(const std::string& host, int port, int* bound_port, bool* ipv6) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a && fd == -1; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd == -1) continue;
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
      close(fd);
      fd = -1;
      continue;
    }
    *ipv6 = a->ai_family == AF_INET6;
  }
  freeaddrinfo(found);
  if (fd == -1) return -1;
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  *bound_port = ntohs(address.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&address)->sin6_port
                                                    : reinterpret_cast<sockaddr_in*>(&address)->sin_port);
  return fd;
}

}  // namespace

struct BoardServer::Impl {
  Impl(BoardSessions& sessions, const ServeOptions& options);
  ~Impl();
  // libmicrohttpd's handler: called when a request's head is in, with each piece of its body,
  // and once more when the body is complete.
  static MHD_Result handle(void* cls, MHD_Connection* c, const char* url, const char* method, const char*,
                           const char* upload, std::size_t* upload_size, void** context);
  static void completed(void*, MHD_Connection*, void** context, MHD_RequestTerminationCode);
  // The request's first call: the guard and the body's declared size and encoding. False
  // when it was refused (answered).
  bool admit(MHD_Connection* c, const char* url, const char* method);
  void answer_request(MHD_Connection* c, const char* url, const char* method, const std::string& body);

  BoardSessions& sessions;
  int listen_fd = -1;
  bool ipv6 = false;
  int port = -1;
  std::unique_ptr<RequestGuard> guard;
  std::mutex mutex;
  std::condition_variable changed;
  bool serving = false, stop_asked = false;
};

BoardServer::BoardServer(BoardSessions& sessions, const ServeOptions& options)
    : impl_(std::make_unique<Impl>(sessions, options)) {}
BoardServer::~BoardServer() = default;
int BoardServer::port() const { return impl_->port; }
const std::string& BoardServer::token() const { return impl_->guard->token(); }

void BoardServer::run() {
  Impl& s = *impl_;
  const unsigned flags =
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | (s.ipv6 ? MHD_USE_IPv6 : 0);
  MHD_Daemon* daemon =
      MHD_start_daemon(flags, 0, nullptr, nullptr, &Impl::handle, &s, MHD_OPTION_LISTEN_SOCKET, s.listen_fd,
                       MHD_OPTION_CONNECTION_LIMIT, kMaxConnections, MHD_OPTION_CONNECTION_TIMEOUT,
                       kIdleTimeoutSeconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemoryBytes,
                       MHD_OPTION_NOTIFY_COMPLETED, &Impl::completed, nullptr, MHD_OPTION_END);
  if (!daemon) throw std::runtime_error("cannot start the web server on port " + std::to_string(s.port));
  s.listen_fd = -1;  // the daemon closes it
  std::unique_lock lock(s.mutex);
  s.serving = true;
  s.changed.notify_all();
  s.changed.wait(lock, [&] { return s.stop_asked; });
  lock.unlock();
  MHD_stop_daemon(daemon);
}

void BoardServer::wait_until_serving() const {
  std::unique_lock lock(impl_->mutex);
  impl_->changed.wait(lock, [&] { return impl_->serving || impl_->stop_asked; });
}

void BoardServer::stop() {
  std::lock_guard lock(impl_->mutex);
  impl_->stop_asked = true;
  impl_->changed.notify_all();
}

BoardServer::Impl::Impl(BoardSessions& sessions_, const ServeOptions& options) : sessions(sessions_) {
  listen_fd = listen_on(options.host, options.port, &port, &ipv6);
  if (listen_fd == -1)
    throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                             " (another server on that port, or an address not of this machine)");
  std::vector<std::string> names = options.host_names;
  if (options.host != "0.0.0.0" && options.host != "::") names.push_back(options.host);
  guard = std::make_unique<RequestGuard>(options.token.empty() ? new_token() : options.token, names, port);
}

BoardServer::Impl::~Impl() {
  if (listen_fd != -1) close(listen_fd);  // never served
}

MHD_Result BoardServer::Impl::handle(void* cls, MHD_Connection* c, const char* url, const char* method,
                                     const char*, const char* upload, std::size_t* upload_size,
                                     void** context) {
  Impl& s = *static_cast<Impl*>(cls);
  auto* pending = static_cast<Pending*>(*context);
  if (!pending) {  // the head is in
    pending = new Pending;
    *context = pending;
    pending->answered = !s.admit(c, url, method);
    return MHD_YES;
  }
  if (*upload_size != 0) {                 // a piece of the body (chunked transfer already undone)
    if (pending->answered) return MHD_NO;  // already refused: read no more of it
    pending->received += *upload_size;
    if (pending->received > kMaxRequestBytes + kDiscardedBytes) {
      send_too_large(c);
      pending->answered = true;
      return MHD_YES;  // the piece left unread: the answer goes out and the connection closes
    }
    if (pending->received <= kMaxRequestBytes) pending->body.append(upload, *upload_size);
    *upload_size = 0;
    return MHD_YES;
  }
  if (pending->answered) return MHD_YES;
  if (pending->received > kMaxRequestBytes) {
    send_too_large(c);
  } else {
    s.answer_request(c, url, method, pending->body);
  }
  pending->answered = true;
  return MHD_YES;
}

void BoardServer::Impl::completed(void*, MHD_Connection*, void** context, MHD_RequestTerminationCode) {
  delete static_cast<Pending*>(*context);
  *context = nullptr;
}

bool BoardServer::Impl::admit(MHD_Connection* c, const char* url, const char* method) {
  RequestFacts f;
  f.method = method;
  f.path = url;
  f.host = header(c, "Host");
  if (MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin")) f.origin = header(c, "Origin");
  f.content_type = header(c, "Content-Type");
  f.token = header(c, kTokenHeader);
  if (const auto refusal = guard->check(f)) {
    send_error(c, refusal->status, refusal->reason);
    return false;
  }
  // Bodies are JSON as it is: an encoded one (gzip, deflate) could inflate far past the limit.
  const std::string encoding = header(c, "Content-Encoding");
  if (!encoding.empty() && encoding != "identity") {
    send_error(c, 415, "request bodies are plain JSON, not " + encoding.substr(0, 40) + "-encoded");
    return false;
  }
  return true;
}

void BoardServer::Impl::answer_request(MHD_Connection* c, const char* url, const char* method,
                                       const std::string& body) {
  const std::string path = url, verb = method;
  if (path == "/" && verb == "GET") return send(c, 200, kBoardPage, "text/html; charset=utf-8", kPagePolicy);
  if (path.rfind("/api/", 0) != 0 || (verb != "GET" && verb != "POST"))
    return send_error(c, 404, "no such page");
  // Every API call, answered as JSON; calls to one session take turns (BoardSessions).
  ApiRequest request{verb, path, {}, body};
  MHD_get_connection_values(
      c, MHD_GET_ARGUMENT_KIND,
      [](void* params, MHD_ValueKind, const char* key, const char* value) {
        static_cast<decltype(request.params)*>(params)->emplace(key, value ? value : "");
        return MHD_YES;
      },
      &request.params);
  const ApiReply reply = answer(sessions, request, header(c, kSessionHeader));
  send_json(c, reply.body, reply.status);
}

}  // namespace pamir::web
