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
#include <cstring>
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

// A raw connection to the server, for what no well-behaved client sends.
int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(std::uint16_t(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) return -1;
  timeval timeout{20, 0};  // a generous bound on a busy machine
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  return fd;
}

// What a hostile client learns by sending `head`, then `piece` again and again up to `total`
// bytes: how much the server let it send before it stopped reading (closed the connection),
// and the status of the answer, if one could be read (0: the connection was reset first,
// which only a server that stopped reading does).
struct FloodOutcome {
  std::size_t sent = 0;
  int status = 0;
};
FloodOutcome flood(int port, const std::string& head, const std::string& piece, std::size_t total,
                   const std::string& tail = "") {
  FloodOutcome out;
  const int fd = connect_to(port);
  EXPECT_NE(fd, -1);
  bool open = send(fd, head.data(), head.size(), MSG_NOSIGNAL) == ssize_t(head.size());
  for (; open && out.sent < total; out.sent += piece.size())
    open = send(fd, piece.data(), piece.size(), MSG_NOSIGNAL) == ssize_t(piece.size());
  if (open) (void)!send(fd, tail.data(), tail.size(), MSG_NOSIGNAL);
  char answer[64] = {};
  if (recv(fd, answer, sizeof answer - 1, 0) > 12 && std::strncmp(answer, "HTTP/1.", 7) == 0)
    out.status = std::atoi(answer + 9);
  close(fd);
  return out;
}

// D1: a request head is bounded as a whole, not line by line: 64 MiB of headers without the
// token are refused after at most a few megabytes (the socket buffers), and the server lives
// on. D2: a body is bounded however it is sent, chunked included, and an encoded one (which
// could inflate past the limit) is refused before it is read.
TEST(BoardServer, HeaderFloodsChunkedAndEncodedBodiesAreRefused) {
  Server server;
  const std::size_t mib = 1 << 20;
  const std::string host = "Host: " + server.host() + "\r\n";
  const FloodOutcome headers = flood(server.port(), "GET /api/view HTTP/1.1\r\n" + host,
                                     "X-Flood: " + std::string(1000, 'a') + "\r\n", 64 * mib);
  EXPECT_LT(headers.sent, 16 * mib) << "the server went on reading the request head";
  EXPECT_TRUE(headers.status == 0 || headers.status == 431) << headers.status;

  const std::string post = "POST /api/new HTTP/1.1\r\n" + host + kTokenHeader + ": " + server.token() +
                           "\r\n" + kSessionHeader + ": " + server.session() +
                           "\r\nContent-Type: application/json\r\n";
  std::string chunk = std::string(8192, ' ');
  chunk = "2000\r\n" + chunk + "\r\n";
  const FloodOutcome chunked =
      flood(server.port(), post + "Transfer-Encoding: chunked\r\n\r\n", chunk, 64 * mib, "0\r\n\r\n");
  EXPECT_LT(chunked.sent, 16 * mib) << "the server went on reading the chunked body";
  EXPECT_TRUE(chunked.status == 0 || chunked.status == 413) << chunked.status;
  // Under the limit, a chunked body is taken as any other.
  const FloodOutcome small =
      flood(server.port(), post + "Transfer-Encoding: chunked\r\n\r\n", "2\r\n{}\r\n", 2, "0\r\n\r\n");
  EXPECT_EQ(small.status, 400);  // read, and refused for what it says (no agents)

  auto gzip = server.client().Post(
      "/api/new", httplib::Headers{{kTokenHeader, server.token()}, {"Content-Encoding", "gzip"}},
      std::string(100, 'x'), "application/json");
  expect_refused(gzip, 415, "plain JSON");
  EXPECT_EQ(server.get("/api/view")->status, 200);
}

TEST(BoardServer, SlowConnectionsDoNotBlockThePage) {
  Server server;
  // 40 connections that trickle a request's header a byte at a time and never finish it.
  std::vector<int> slow;
  for (int i = 0; i < 40; ++i) {
    slow.push_back(connect_to(server.port()));
    ASSERT_NE(slow.back(), -1);
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
