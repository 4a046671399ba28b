// `pamir analysis`: an analysis engine in the manner of KataGo's. Queries arrive on stdin,
// one JSON object a line:
//   {"id": <any JSON>, "position": <a position, docs/state-format.md>, "agent": "<spec>",
//    "seed": <integer>}                      (agent defaults to --agent, seed to 0)
// and each is answered, as soon as one of --threads workers has searched it, with one line:
//   {"id": <the query's>, ...games/analysis.h's fields}  or  {"id": <the query's>, "error": "<one line>"}
// Answers of several workers may come out of order; the id pairs them. Each query gets an
// agent of its own (spec and seed), so an answer depends on its query alone.

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/command.h"
#include "games/analysis.h"
#include "io/json.h"
#include "io/threads.h"

namespace pamir::cli {
namespace {

using Json = nlohmann::ordered_json;

struct Query {
  long line_number;
  std::string line;
};

// The answer to one query line (never throws: a bad query is answered with its error).
std::string answer(const games::Game& game, const Query& q, const std::string& default_agent) {
  Json id = nullptr;
  try {
    const Json query = io::parse_json(q.line);
    if (!query.is_object()) throw std::invalid_argument("a query is a JSON object");
    if (query.contains("id")) id = query.at("id");
    if (!query.contains("position")) throw std::invalid_argument("the query has no \"position\"");
    std::string why;
    const auto position = game.position_from_json(query.at("position").dump(), &why);
    // The loader names the field at fault, the position itself included ("position: missing
    // key ..."); a message that does not start there gets the query key's name.
    if (!position) throw std::invalid_argument(why.rfind("position", 0) == 0 ? why : "position: " + why);
    if (game.over(*position)) throw std::invalid_argument("position: the game is over");
    const std::string spec = query.contains("agent") ? query.at("agent").get<std::string>() : default_agent;
    const games::u64 seed = query.contains("seed") ? query.at("seed").get<games::u64>() : 0;
    const std::unique_ptr<games::Agent> agent = game.make_agent(spec, seed);
    Json out = {{"id", id}};
    const Json analysis = games::analyze(game, *agent, *position);
    for (const auto& [key, value] : analysis.items()) out[key] = value;
    return out.dump();
  } catch (const std::exception& e) {
    std::string why = e.what();
    why = why.substr(0, why.find('\n'));
    return Json{{"id", id}, {"error", "query on line " + std::to_string(q.line_number) + ": " + why}}.dump();
  }
}

void run_analysis(const games::Game& game, const std::string& default_agent, int threads) {
  try {
    game.make_agent(default_agent, 0);  // a bad --agent fails now, not at the first query
  } catch (const std::invalid_argument& e) {
    throw CommandError(std::string("--agent: ") + e.what());
  }
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<Query> queue;
  bool input_done = false;
  std::mutex output;
  auto worker = [&] {
    for (;;) {
      Query q;
      {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return !queue.empty() || input_done; });
        if (queue.empty()) return;
        q = std::move(queue.front());
        queue.pop_front();
      }
      const std::string line = answer(game, q, default_agent) + "\n";
      std::lock_guard lock(output);
      std::fputs(line.c_str(), stdout);
      std::fflush(stdout);
    }
  };
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) workers.emplace_back(worker);
  long line_number = 0;
  for (std::string line; std::getline(std::cin, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    {
      std::lock_guard lock(mutex);
      queue.push_back({line_number, std::move(line)});
    }
    ready.notify_one();
  }
  {
    std::lock_guard lock(mutex);
    input_done = true;
  }
  ready.notify_all();
  for (std::thread& t : workers) t.join();
}

const bool analysis_registered = register_command("analysis", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("analysis",
                                 "Analysis engine: JSON queries on stdin, one JSON answer line each (see "
                                 "docs/engine-protocol.md, \"Analysis\")");
  auto agent = std::make_shared<std::string>("best");
  auto threads = std::make_shared<int>(1);
  cmd->add_option("--agent", *agent, "The agent spec of a query that names none")->capture_default_str();
  cmd->add_option("--threads", *threads, "Queries searched at once (0: every core)")->capture_default_str();
  cmd->callback([agent, threads] {
    int n;
    try {
      n = io::resolve_threads(*threads);
    } catch (const std::invalid_argument& e) {
      throw CommandError(std::string("--threads: ") + e.what());
    }
    run_analysis(selected_game(), *agent, n);
  });
});

}  // namespace
}  // namespace pamir::cli
