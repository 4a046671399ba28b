#include "web/board_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <mutex>
#include <stdexcept>

#include "web/board_page.h"

namespace pamir::web {
namespace {

void reply(httplib::Response& res, const Json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

// The request body as a JSON object; throws std::invalid_argument with a one-line reason.
Json body_of(const httplib::Request& req) {
  Json j = Json::parse(req.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw std::invalid_argument("the request body must be a JSON object");
  return j;
}

template <class T>
T field(const Json& j, const char* key, const T& fallback) {
  if (!j.contains(key)) return fallback;
  try {
    return j[key].get<T>();
  } catch (const Json::exception&) {
    throw std::invalid_argument(std::string("\"") + key + "\" has the wrong type");
  }
}

}  // namespace

void serve(BoardSession& session, const ServeOptions& options, const std::function<void(int port)>& on_listening) {
  httplib::Server server;
  // SO_REUSEADDR (a restarted server rebinds at once) but not httplib's default SO_REUSEPORT,
  // which would let a second `pamir serve` share the port and take half the requests.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  std::mutex mutex;  // one session: requests take turns
  // Every API handler answers JSON; a refused request is status 400 with {"error": "..."}.
  auto api = [&](auto handler) {
    return [&, handler](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard lock(mutex);
      try {
        reply(res, handler(req));
      } catch (const std::exception& e) {
        reply(res, {{"error", e.what()}}, 400);
      }
    };
  };
  server.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_content(kBoardPage, "text/html"); });
  server.Get("/api/ruleset", api([](const httplib::Request&) { return BoardSession::ruleset(); }));
  server.Get("/api/games", api([&](const httplib::Request&) { return session.games(); }));
  server.Get("/api/view", api([&](const httplib::Request& req) {
               int step = -1;
               if (req.has_param("step")) {
                 const std::string text = req.get_param_value("step");
                 try {
                   size_t used = 0;
                   step = std::stoi(text, &used);
                   if (used != text.size()) throw std::invalid_argument(text);
                 } catch (const std::exception&) {
                   throw std::invalid_argument("step must be a whole number, got '" + text + "'");
                 }
               }
               return session.view(step);
             }));
  server.Post("/api/open", api([&](const httplib::Request& req) {
                const Json j = body_of(req);
                session.open(field<std::string>(j, "path", ""), field<long>(j, "game", -1));
                return session.view(-1);
              }));
  server.Post("/api/new", api([&](const httplib::Request& req) {
                const Json j = body_of(req);
                NewGame g;
                g.agents = field<std::vector<std::string>>(j, "agents", {});
                g.players = field<int>(j, "players", int(g.agents.size()));
                g.seed = field<core::u64>(j, "seed", 1);
                session.start(g);
                return session.view(-1);
              }));
  server.Post("/api/act", api([&](const httplib::Request& req) {
                const Json j = body_of(req);
                if (!j.contains("id")) throw std::invalid_argument("\"id\" is missing");
                session.act(field<long>(j, "id", -1));
                return session.view(-1);
              }));
  server.Post("/api/undo", api([&](const httplib::Request&) {
                session.undo();
                return session.view(-1);
              }));
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                                     : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0)
    throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                             " (another server on that port, or an address not of this machine)");
  on_listening(port);
  server.listen_after_bind();
}

}  // namespace pamir::web
