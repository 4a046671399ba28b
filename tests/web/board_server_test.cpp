// The board's server (web/board_server.h) over real HTTP: what a web page, a DNS-rebinding
// page, a careless path or a slow client can make it do (docs/board.md, Security). Every
// refusal is a 403 or 413 with a one-line JSON error, and nothing is started or read.

#include "web/board_server.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "games/registry.h"
#include "tests/cli_tool.h"
#include "web/request_guard.h"

namespace pamir::web {
namespace {

namespace fs = std::filesystem;
using pamir::testing::run_tool;
using pamir::testing::temp_path;

// A server on a free port in a thread of this process, stopped at the end of the test, and
// the session of one tab of the page on it.
class Server {
 public:
  explicit Server(PageAccess access = {}, ServeOptions options = {},
                  const games::Game& game = games::default_game())
      : sessions_(game, std::move(access)), session_(sessions_.create()) {
    options.port = 0;
    server_ = std::make_unique<BoardServer>(sessions_, options);
    thread_ = std::thread([this] { server_->run(); });
    server_->wait_until_serving();
  }
  ~Server() {
    server_->stop();
    thread_.join();
  }
  int port() const { return server_->port(); }
  const std::string& token() const { return server_->token(); }
  const std::string& session() const { return session_; }
  std::string host() const { return "127.0.0.1:" + std::to_string(port()); }

  // A client that reads answers for at most 20 s (a generous bound on a busy machine; the
  // tests below never need more than one quick answer).
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port());
    c.set_read_timeout(20, 0);
    c.set_connection_timeout(20, 0);
    return c;
  }
  // A POST as the page sends it: its token, its session, JSON, no Origin (same-origin fetches
  // may omit it).
  httplib::Result post(const std::string& path, const std::string& body, httplib::Headers extra = {}) const {
    extra.emplace(kTokenHeader, token());
    extra.emplace(kSessionHeader, session_);
    return client().Post(path.c_str(), extra, body, "application/json");
  }
  httplib::Result get(const std::string& path, const std::string& session = "") const {
    return client().Get(
        path.c_str(),
        httplib::Headers{{kTokenHeader, token()}, {kSessionHeader, session.empty() ? session_ : session}});
  }

 private:
  BoardSessions sessions_;
  std::string session_;
  std::unique_ptr<BoardServer> server_;
  std::thread thread_;
};

// The answer is a refusal with this status and one line of JSON {"error": "..."}.
void expect_refused(const httplib::Result& r, int status, const std::string& reason_part = "") {
  ASSERT_TRUE(r) << "no answer";
  EXPECT_EQ(r->status, status) << r->body;
  EXPECT_EQ(r->body.find('\n'), std::string::npos) << r->body;
  const auto j = nlohmann::json::parse(r->body);
  ASSERT_TRUE(j.contains("error")) << r->body;
  EXPECT_NE(j["error"].get<std::string>().find(reason_part), std::string::npos) << r->body;
}

// A marker file that a started program would create.
struct Marker {
  std::string path = temp_path("pamir_serve_pwned");
  Marker() { fs::remove(path); }
  ~Marker() { fs::remove(path); }
  std::string spec() const { return "external:touch " + path; }
  bool exists() const { return fs::exists(path); }
};

TEST(BoardServer, ACrossOriginTextPlainPostStartsNothing) {
  Server server;
  Marker marker;
  // What any web page can send without a preflight: no token, text/plain, its own Origin.
  const std::string body = R"({"agents":[")" + marker.spec() + R"(","random"],"seed":1})";
  httplib::Headers headers{{"Origin", "http://evil.example"}};
  expect_refused(server.client().Post("/api/new", headers, body, "text/plain"), 403, "other sites");
  // Without Origin (a tool, not a browser) but also without the token.
  expect_refused(server.client().Post("/api/new", body, "text/plain"), 403, "token");
  // With the token but text/plain.
  expect_refused(
      server.client().Post("/api/new", httplib::Headers{{kTokenHeader, server.token()}}, body, "text/plain"),
      403, "application/json");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(marker.exists());
  EXPECT_EQ(nlohmann::json::parse(server.get("/api/view")->body)["mode"], "none");
}

TEST(BoardServer, ExternalSeatsNeedTheServersFlag) {
  Marker marker;
  const std::string body = R"({"agents":[")" + marker.spec() + R"(","random"],"seed":1})";
  {
    Server server;
    expect_refused(server.post("/api/new", body), 403, "--allow-external");
    EXPECT_FALSE(marker.exists());
  }
  // Started with --allow-external, the page may seat one: the program runs (and forfeits,
  // since touch answers nothing), which is what the flag allows.
  PageAccess access;
  access.external_agents = true;
  Server server(access);
  const auto r = server.post("/api/new", body);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_TRUE(marker.exists());
}

TEST(BoardServer, ADnsRebindingHostIsRefusedEvenForThePage) {
  Server server;
  // The page's own name for the server passes; another name for the same socket does not.
  const auto ok = server.client().Get("/");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  for (const std::string& host :
       {"evil.example:" + std::to_string(server.port()), std::string("127.0.0.1:1"), std::string("")}) {
    httplib::Headers headers{{"Host", host}, {kTokenHeader, server.token()}};
    expect_refused(server.client().Get("/", headers), 403, "Host");
    expect_refused(server.client().Get("/api/view", headers), 403, "Host");
  }
  // An Origin of the server itself (the page) is accepted; a lookalike is not.
  httplib::Headers same{{"Origin", "http://" + server.host()},
                        {kTokenHeader, server.token()},
                        {kSessionHeader, server.session()}};
  EXPECT_EQ(server.client().Get("/api/view", same)->status, 200);
  httplib::Headers lookalike{{"Origin", "http://" + server.host() + ".evil.example"},
                             {kTokenHeader, server.token()}};
  expect_refused(server.client().Get("/api/view", lookalike), 403, "other sites");
}

TEST(BoardServer, TheApiNeedsTheTokenItPrinted) {
  Server server;
  EXPECT_EQ(server.token().size(), 32u);
  expect_refused(server.client().Get("/api/view"), 403, "token");
  expect_refused(server.client().Get("/api/view", httplib::Headers{{kTokenHeader, std::string(32, '0')}}),
                 403, "token");
  EXPECT_EQ(server.get("/api/view")->status, 200);
  // Another run, another token.
  Server other;
  EXPECT_NE(other.token(), server.token());
}

TEST(BoardServer, FilesOpenOnlyUnderTheRootsAndOnlyRegularOnes) {
  const fs::path root = temp_path("pamir_serve_root");
  fs::create_directories(root);
  const std::string record = (root / "game.json").string();
  run_tool({"play", "--players", "2", "--seed", "3", "--record", record, "--quiet"});
  PageAccess access;
  access.roots = {fs::canonical(root)};
  Server server(access);
  // Outside the root: the same refusal whether or not the file exists, and nothing read.
  const auto outside = server.post("/api/open", R"({"path":"/etc/passwd"})");
  const auto missing = server.post("/api/open", R"({"path":"/etc/no-such-file"})");
  expect_refused(outside, 403, "--root");
  expect_refused(missing, 403, "--root");
  EXPECT_EQ(outside->body, missing->body);
  expect_refused(server.post("/api/open", R"({"path":"/dev/zero"})"), 403, "--root");
  expect_refused(server.post("/api/open", nlohmann::json{{"path", (root / ".." / "x.json").string()}}.dump()),
                 403);
  // A link inside the root to a device outside it is outside.
  fs::create_symlink("/dev/zero", root / "zero.json");
  expect_refused(server.post("/api/open", nlohmann::json{{"path", (root / "zero.json").string()}}.dump()),
                 403, "--root");
  // A FIFO inside the root is refused at once, and the server answers the next call.
  const std::string fifo = (root / "fifo.json").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const auto r = server.post("/api/open", nlohmann::json{{"path", fifo}}.dump());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("not a regular file"), std::string::npos) << r->body;
  // A record under the root opens.
  const auto opened = server.post("/api/open", nlohmann::json{{"path", record}}.dump());
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->status, 200) << opened->body;
  fs::remove_all(root);
}

TEST(BoardServer, LargeBodiesAndBadNumbersAreRefused) {
  Server server;
  expect_refused(server.post("/api/new", std::string(2 << 20, ' ')), 413, "larger");
  // Numbers are taken only when they are what they say: no wrapping, no float conversion.
  for (const char* body :
       {R"({"agents":["random","random"],"seed":-1})", R"({"agents":["random","random"],"seed":1.5})"}) {
    const auto r = server.post("/api/new", body);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << body;
    EXPECT_NE(r->body.find("seed"), std::string::npos) << r->body;
  }
  ASSERT_EQ(server.post("/api/new", R"({"agents":["human","random"],"seed":1})")->status, 200);
  for (const char* body : {R"({"id":1e20})", R"({"id":-1})", R"({"id":"3"})"}) {
    const auto r = server.post("/api/act", body);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << body;
  }
  // A deeply nested body is refused, and the server lives on.
  const std::string deep = "{\"id\":" + std::string(30000, '[') + std::string(30000, ']') + "}";
  const auto r = server.post("/api/act", deep);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("nested deeper"), std::string::npos) << r->body;
  EXPECT_EQ(server.get("/api/view")->status, 200);
}

TEST(BoardServer, SlowConnectionsDoNotBlockThePage) {
  Server server;
  // 40 connections that trickle a request's header a byte at a time and never finish it.
  std::vector<int> slow;
  for (int i = 0; i < 40; ++i) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(std::uint16_t(server.port()));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    slow.push_back(fd);
  }
  std::atomic<bool> done = false;
  std::thread trickle([&] {
    const std::string start = "GET /api/view HTTP/1.1\r\nX-Slow: ";
    for (std::size_t i = 0; !done; ++i) {
      for (const int fd : slow) (void)!send(fd, i < start.size() ? &start[i] : "a", 1, MSG_NOSIGNAL);
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto r = server.get("/api/view");
  done = true;
  trickle.join();
  for (const int fd : slow) close(fd);
  ASSERT_TRUE(r) << "the page's request was not answered";
  EXPECT_EQ(r->status, 200);
}

// Two tabs: each asks for a session of its own and keeps its own game; a call naming no
// session the server keeps is a 404 the page answers by asking for a new one.
TEST(BoardServer, EachTabHasItsOwnGame) {
  Server server;
  const auto made = server.post("/api/session", "{}");
  ASSERT_TRUE(made);
  ASSERT_EQ(made->status, 200) << made->body;
  const std::string other = nlohmann::json::parse(made->body)["session"];
  ASSERT_EQ(server.post("/api/new", R"({"agents":["human","random"],"seed":7})")->status, 200);
  EXPECT_EQ(nlohmann::json::parse(server.get("/api/view")->body)["title"], "seed 7");
  EXPECT_EQ(nlohmann::json::parse(server.get("/api/view", other)->body)["mode"], "none");
  expect_refused(server.get("/api/view", std::string(32, 'f')), 404, "no such session");
  expect_refused(server.client().Get("/api/view", httplib::Headers{{kTokenHeader, server.token()}}), 404,
                 kSessionHeader);
  // The token still guards making a session.
  expect_refused(server.client().Post("/api/session", "{}", "application/json"), 403, "token");
}

// `pamir serve --game expanse`: the page gets Pax Expanse's map and words, and its games.
TEST(BoardServer, ServesTheGameItWasStartedFor) {
  Server server({}, {}, games::game("expanse"));
  const auto ruleset = server.get("/api/ruleset");
  ASSERT_TRUE(ruleset);
  ASSERT_EQ(ruleset->status, 200) << ruleset->body;
  const auto r = nlohmann::json::parse(ruleset->body);
  EXPECT_EQ(r["game"], "expanse");
  EXPECT_EQ(r["name"], "Pax Expanse");
  EXPECT_EQ(r["words"]["money"], "influence");
  const auto started = server.post("/api/new", R"({"agents":["human","random","random"],"seed":2})");
  ASSERT_TRUE(started);
  ASSERT_EQ(started->status, 200) << started->body;
  const auto v = nlohmann::json::parse(started->body);
  EXPECT_EQ(v["state"]["game"], "expanse");
  EXPECT_EQ(v["facts"]["tracks"][0]["name"], "climate");
  EXPECT_TRUE(v["your_move"].get<bool>());
  // A record of the other game is refused with the game to serve it with.
  const std::string record = temp_path("pamir_serve_other_game.json");
  run_tool({"play", "--players", "2", "--seed", "3", "--record", record, "--quiet"});
  PageAccess access;
  access.roots = {fs::canonical(fs::temp_directory_path())};
  Server with_root(access, {}, games::game("expanse"));
  const auto other = with_root.post("/api/open", nlohmann::json{{"path", record}}.dump());
  expect_refused(other, 400, "is a Pax Pamir record; use --game pamir");
  fs::remove(record);
}

TEST(RequestGuard, ChecksHostOriginTokenAndBodyType) {
  const RequestGuard guard("0123456789abcdef0123456789abcdef", {"myhost"}, 8080);
  RequestFacts page{
      "POST",       "/api/new", "localhost:8080", "http://localhost:8080", "application/json; charset=utf-8",
      guard.token()};
  EXPECT_FALSE(guard.check(page));
  RequestFacts named = page;
  named.host = "MYHOST:8080";
  named.origin = "http://myhost:8080";
  EXPECT_FALSE(guard.check(named));
  RequestFacts ipv6 = page;
  ipv6.host = "[::1]:8080";
  ipv6.origin.reset();
  EXPECT_FALSE(guard.check(ipv6));
  for (const char* origin :
       {"null", "https://localhost:8080", "http://localhost:8081", "http://evil.example"}) {
    RequestFacts r = page;
    r.origin = origin;
    ASSERT_TRUE(guard.check(r)) << origin;
    EXPECT_EQ(guard.check(r)->status, 403);
  }
  RequestFacts form = page;
  form.content_type = "application/x-www-form-urlencoded";
  EXPECT_TRUE(guard.check(form));
  RequestFacts page_html{"GET", "/", "127.0.0.1:8080", std::nullopt, "", ""};
  EXPECT_FALSE(guard.check(page_html));  // the page itself needs no token; it holds no secret
}

}  // namespace
}  // namespace pamir::web
