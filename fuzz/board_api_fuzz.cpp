// libFuzzer target: the board's JSON API (web/board_api.h) as the server calls it once a
// request has passed the guard. The input's first byte picks the game (its index among the
// registry's games, modulo their count: "0" Pax Pamir, "1" the next game), then one request per
// line, "METHOD PATH[?QUERY] BODY". Every answer is 200, 400, 403 or 404 with JSON; a refusal
// says why in one line; the session answers /api/view after every request that may change it
// (every method but GET: a read changes nothing, and a view costs about 10 ms under the
// sanitizers, the bulk of an input's time). Files may be
// opened under one folder holding a record of each game (LLVMFuzzerInitialize writes them).

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

#include "fuzz/play_out.h"
#include "games/registry.h"
#include "io/file_io.h"
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

// A record of the game's first 40 decisions (each the first legal action), at <key>.json.
void write_record(const pamir::games::Game& game) {
  pamir::io::GameRecord record;
  record.num_players = game.min_players();
  record.seed = 3;
  record.agents.assign(record.num_players, "random");
  pamir::games::Position p = game.new_game(record.num_players, record.seed);
  for (int i = 0; i < 40 && !game.over(p); ++i) {
    const pamir::games::Action a = game.legal_actions(p).front();
    record.actions.push_back(a);
    game.apply(p, a);
  }
  pamir::io::write_file_atomically((root / (std::string(game.key()) + ".json")).string(),
                                   game.record_json(record));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  root = std::filesystem::temp_directory_path() / ("pamir_board_fuzz." + std::to_string(::getpid()));
  std::filesystem::create_directories(root);
  for (const pamir::games::Game* game : pamir::games::all_games()) write_record(*game);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto games = pamir::games::all_games();
  pamir::web::PageAccess access;
  access.roots = {std::filesystem::canonical(root)};
  pamir::web::BoardSession session(*games[data[0] % games.size()], access);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
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
    auto text = [&] { return reply.body.dump(-1, ' ', false, pamir::web::Json::error_handler_t::replace); };
    if (reply.status != 200) {
      if (reply.status != 400 && reply.status != 403 && reply.status != 404)
        pamir::fuzz::fail("status " + std::to_string(reply.status));
      if (!reply.body.contains("error") || !reply.body["error"].is_string())
        pamir::fuzz::fail("refusal without error: " + text());
      pamir::fuzz::check_one_line(reply.body["error"].get<std::string>());
    } else if (!reply.body.is_object() && !reply.body.is_array()) {
      pamir::fuzz::fail("answer not JSON: " + text());
    }
    if (request.method == "GET") continue;
    const pamir::web::ApiReply view = pamir::web::answer(session, {"GET", "/api/view", {}, ""});
    if (view.status != 200) pamir::fuzz::fail("the view fails after a request: " + view.body.dump());
  }
  return 0;
}
