// `pamir play`: plays one game between agents and prints its log and final standing, or
// replays a recorded game (--replay), validating every action.

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/human_agent.h"
#include "core/game.h"
#include "io/file_io.h"
#include "io/game_log.h"
#include "io/record.h"
#include "search/agent.h"
#include "tournament/game_file.h"
#include "tournament/play.h"

namespace pamir::cli::inline PAMIR_RULESET {
namespace {

void print_header(const io::GameRecord& r) {
  std::string agents;
  for (const auto& a : r.agents) agents += (agents.empty() ? "" : ", ") + a;
  std::printf("game: %d players, seed %llu, agents %s\n", r.num_players, static_cast<unsigned long long>(r.seed),
              agents.c_str());
}

// A forfeit ends the game: the seat ranks last, the others keep their standing.
void print_forfeit(const core::State& s, int seat, const std::string& reason) {
  std::printf("player %d forfeits: %s\n", seat, reason.c_str());
  const auto ranks = tournament::forfeit_ranks(s, seat);
  std::string line = "ranks:";
  for (int p = 0; p < s.num_players; ++p) line += " " + std::to_string(ranks[p]);
  std::printf("%s (0 is first; the game stopped at turn %d)\n", line.c_str(), s.turn + 1);
}

struct PlayFlags {
  int players = 3;
  core::u64 seed = 1;
  std::string agents;
  std::string record_path;
  std::string replay_path;
  long game = -1;  // with --replay: the game of a results file (-1: its first)
  bool quiet = false;
};

// The decision's log line and, indented under it, what it caused.
void print_decision(const core::State& before, core::Action a, const core::State& after) {
  std::printf("%s\n", io::describe_decision(before, a).c_str());
  for (const auto& line : io::describe_consequences(before, after)) std::printf("    %s\n", line.c_str());
}

void play_game(const PlayFlags& f) {
  if (f.players < core::kMinPlayers || f.players > core::kMaxPlayers)
    throw CommandError("--players must be " + io::seat_range() + ", got " + std::to_string(f.players));
  io::GameRecord record;
  record.num_players = f.players;
  record.seed = f.seed;
  record.agents = f.agents.empty() ? std::vector<std::string>(f.players, "random") : search::split_agent_specs(f.agents);
  if (int(record.agents.size()) != f.players)
    throw CommandError("--agents names " + std::to_string(record.agents.size()) + " agents for " +
                       std::to_string(f.players) + " players");
  // The spec "wakhan" marks the seat of the automated opponent: the engine plays it.
  for (int p = 0; p < f.players; ++p) {
    if (!search::is_wakhan_seat(record.agents[p])) continue;
    if (record.wakhan_seat != core::kNoPlayer) throw CommandError("--agents: at most one seat can be wakhan");
    if (f.players > 3) throw CommandError("--agents: wakhan plays only in games of 2 or 3 seats");
    record.wakhan_seat = p;
  }
  std::vector<std::unique_ptr<search::Agent>> agents;
  for (int p = 0; p < f.players; ++p) {
    if (p == record.wakhan_seat) {
      agents.emplace_back();  // never asked: to_move() does not name her seat
      continue;
    }
    if (record.agents[p] == "human") {  // only here: a person plays at this terminal
      agents.push_back(std::make_unique<HumanAgent>(std::cin, std::cout));
      continue;
    }
    try {
      agents.push_back(search::make_agent(record.agents[p], tournament::agent_seed(f.seed, p)));
    } catch (const std::invalid_argument& e) {
      throw CommandError(std::string("--agents: ") + e.what());
    }
  }
  print_header(record);
  core::State s = core::new_game(f.players, f.seed, record.wakhan_seat);
  while (!s.game_over()) {
    const int p = core::to_move(s);
    core::Action a;
    try {
      a = agents[p]->choose(s);
    } catch (const search::AgentForfeit& e) {
      print_forfeit(s, p, e.what());
      if (!f.record_path.empty()) io::write_file_atomically(f.record_path, io::record_to_json(record, s));
      return;
    }
    if (!core::is_legal(s, a))
      throw CommandError("agent " + record.agents[p] + " of player " + std::to_string(p) + " chose illegal action " +
                         std::to_string(a));
    record.actions.push_back(a);
    const core::State before = s;
    core::apply(s, a);
    if (!f.quiet) print_decision(before, a, s);
  }
  std::printf("%s", io::describe_result(s).c_str());
  if (!f.record_path.empty()) io::write_file_atomically(f.record_path, io::record_to_json(record, s));
}

void replay_game(const PlayFlags& f) {
  tournament::StoredGame game;
  try {
    game = tournament::read_game(f.replay_path, f.game);
  } catch (const std::runtime_error& e) {
    throw CommandError(e.what());
  }
  const io::GameRecord& record = game.record;
  std::string error;
  if (!io::replay(record, &error)) throw CommandError(f.replay_path + ": " + error);
  print_header(record);
  core::State s = core::new_game(record.num_players, record.seed, record.wakhan_seat);
  for (const core::Action a : record.actions) {  // every action is legal: replay() checked
    const core::State before = s;
    core::apply(s, a);
    if (!f.quiet) print_decision(before, a, s);
  }
  std::printf("%s", io::describe_result(s).c_str());
}

const bool registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play one game between agents (or replay a record) and print its log");
  auto flags = std::make_shared<PlayFlags>();
  auto* players = cmd->add_option("--players", flags->players, "Number of players (" + io::seat_range() + ")");
  auto* seed = cmd->add_option("--seed", flags->seed, "Deal seed (agents are seeded from it too)")->check(seed_validator());
  auto* agents = cmd->add_option("--agents", flags->agents,
                                 "One agent spec per seat, comma-separated (default: random for every seat); "
                                 "human: you, at this terminal");
  auto* record = cmd->add_option("--record", flags->record_path, "Write the game record (JSON) to this file");
  auto* game = cmd->add_option("--index", flags->game,
                                "With --replay of a tournament's games.jsonl: the game's index (default: the first line's)")
                       ->check(CLI::NonNegativeNumber);
  cmd->add_option("--replay", flags->replay_path,
                  "Replay a game record, or a game of a tournament's games.jsonl, instead of playing")
      ->excludes(players)
      ->excludes(seed)
      ->excludes(agents)
      ->excludes(record);
  game->needs("--replay");
  cmd->add_flag("--quiet", flags->quiet, "Print only the final standing, not one line per decision");
  cmd->callback([flags] { flags->replay_path.empty() ? play_game(*flags) : replay_game(*flags); });
});

}  // namespace
}  // namespace pamir::cli
