// libFuzzer target: the board's JSON API (web/board_api.h) as the server calls it once a
// request has passed the guard: one request per input line, "METHOD PATH[?QUERY] BODY".
// Every answer is 200, 400, 403 or 404 with JSON; a refusal says why in one line; the session
// answers /api/view after every request. Files may be opened under one folder holding a
// record (LLVMFuzzerInitialize writes it).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "core/game.h"
#include "fuzz/play_out.h"
#include "io/file_io.h"
#include "io/record.h"
#include "web/board_api.h"

namespace {

std::filesystem::path root;

// The agents a request may seat here: the others' cost is their search budget's, not the
// API's (a fuzzer would spend its time in searches).
bool cheap_agents(const std::string& body) {
  for (const char* costly : {"ismcts", "mcts", "pimc", "best", "heuristic", "external", "net"})
    if (body.find(costly) != std::string::npos) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  root = std::filesystem::temp_directory_path() / ("pamir_board_fuzz." + std::to_string(::getpid()));
  std::filesystem::create_directories(root);
  pamir::io::GameRecord record;
  record.num_players = 2;
  record.seed = 3;
  record.agents = {"random", "random"};
  pamir::core::State s = pamir::core::new_game(2, 3);
  pamir::core::Action legal[pamir::core::kMaxLegalActions];
  for (int i = 0; i < 40 && !s.game_over(); ++i) {
    pamir::core::legal_actions(s, legal);
    record.actions.push_back(legal[0]);
    pamir::core::apply(s, legal[0]);
  }
  pamir::io::write_file_atomically((root / "game.json").string(), pamir::io::record_to_json(record, s));
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pamir::web::PageAccess access;
  access.roots = {std::filesystem::canonical(root)};
  pamir::web::BoardSession session(access);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  for (int lines = 0; std::getline(in, line) && lines < 16; ++lines) {
    pamir::web::ApiRequest request;
    std::istringstream words(line);
    std::string target;
    words >> request.method >> target;
    std::getline(words, request.body);
    if (!cheap_agents(request.body)) continue;
    const auto query = target.find('?');
    request.path = target.substr(0, query);
    if (query != std::string::npos) {
      std::istringstream pairs(target.substr(query + 1));
      for (std::string pair; std::getline(pairs, pair, '&');) {
        const auto eq = pair.find('=');
        request.params[pair.substr(0, eq)] = eq == std::string::npos ? "" : pair.substr(eq + 1);
      }
    }
    const pamir::web::ApiReply reply = pamir::web::answer(session, request);
    const std::string text = reply.body.dump(-1, ' ', false, pamir::web::Json::error_handler_t::replace);
    if (reply.status != 200) {
      if (reply.status != 400 && reply.status != 403 && reply.status != 404)
        pamir::fuzz::fail("status " + std::to_string(reply.status));
      if (!reply.body.contains("error") || !reply.body["error"].is_string()) pamir::fuzz::fail("refusal without error: " + text);
      pamir::fuzz::check_one_line(reply.body["error"].get<std::string>());
    } else if (!reply.body.is_object() && !reply.body.is_array()) {
      pamir::fuzz::fail("answer not JSON: " + text);
    }
    const pamir::web::ApiReply view = pamir::web::answer(session, {"GET", "/api/view", {}, ""});
    if (view.status != 200) pamir::fuzz::fail("the view fails after a request: " + view.body.dump());
  }
  return 0;
}
