// `pamir play`: plays one game between agents and prints its log and final standing, or
// replays a recorded game (--replay), validating every action.

#include <cstdio>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command.h"
#include "games/agent.h"
#include "io/file_io.h"
#include "tournament/game_file.h"
#include "tournament/play.h"

namespace pamir::cli {
namespace {

void print_header(const io::GameRecord& r) {
  std::string agents;
  for (const auto& a : r.agents) agents += (agents.empty() ? "" : ", ") + a;
  std::printf("game: %d players, seed %llu, agents %s\n", r.num_players,
              static_cast<unsigned long long>(r.seed), agents.c_str());
}

// A forfeit ends the game: the seat ranks last, the others keep their standing.
void print_forfeit(const games::Game& game, const games::Position& s, int seat, const std::string& reason) {
  std::printf("player %d forfeits: %s\n", seat, reason.c_str());
  const auto ranks = tournament::forfeit_ranks(game.ranks(s), seat);
  std::string line = "ranks:";
  for (const int r : ranks) line += " " + std::to_string(r);
  std::printf("%s (0 is first; the game stopped at turn %d)\n", line.c_str(), game.turn(s) + 1);
}

struct PlayFlags {
  int players = 3;
  games::u64 seed = 1;
  std::string agents;
  std::string record_path;
  std::string replay_path;
  long game = -1;  // with --replay: the game of a results file (-1: its first)
  bool quiet = false;
};

// The decision's log line and, indented under it, what it caused.
void print_decision(const games::Game& game, const games::Position& before, games::Action a,
                    const games::Position& after) {
  std::printf("%s\n", game.describe_decision(before, a).c_str());
  for (const auto& line : game.describe_consequences(before, after)) std::printf("    %s\n", line.c_str());
}

void play_game(const games::Game& game, const PlayFlags& f) {
  if (f.players < game.min_players() || f.players > game.max_players())
    throw CommandError("--players must be " + game.seat_range() + ", got " + std::to_string(f.players));
  io::GameRecord record;
  record.num_players = f.players;
  record.seed = f.seed;
  record.agents =
      f.agents.empty() ? std::vector<std::string>(f.players, "random") : games::split_agent_specs(f.agents);
  if (int(record.agents.size()) != f.players)
    throw CommandError("--agents names " + std::to_string(record.agents.size()) + " agents for " +
                       std::to_string(f.players) + " players");
  // The game's automaton (Pax Pamir's "wakhan") marks the seat of the automated opponent: the
  // engine plays it.
  std::vector<int> seats(f.players);
  std::iota(seats.begin(), seats.end(), 0);
  try {
    record.automaton_seat = tournament::automaton_seat(game, record.agents, seats);
  } catch (const std::invalid_argument& e) {
    throw CommandError(std::string("--agents: ") + e.what());
  }
  std::vector<std::unique_ptr<games::Agent>> agents;
  for (int p = 0; p < f.players; ++p) {
    if (p == record.automaton_seat) {
      agents.emplace_back();  // never asked: to_move() does not name her seat
      continue;
    }
    try {
      agents.push_back(game.make_agent(record.agents[p], tournament::agent_seed(game, f.seed, p)));
    } catch (const std::invalid_argument& e) {
      throw CommandError(std::string("--agents: ") + e.what());
    }
  }
  print_header(record);
  games::Position s = game.new_game(f.players, f.seed, record.automaton_seat);
  while (!game.over(s)) {
    const int p = game.to_move(s);
    games::Action a;
    try {
      a = agents[p]->choose(s);
    } catch (const games::AgentForfeit& e) {
      print_forfeit(game, s, p, e.what());
      if (!f.record_path.empty()) io::write_file_atomically(f.record_path, game.record_json(record));
      return;
    }
    if (!game.is_legal(s, a))
      throw CommandError("agent " + record.agents[p] + " of player " + std::to_string(p) +
                         " chose illegal action " + std::to_string(a));
    record.actions.push_back(a);
    const games::Position before = s;
    game.apply(s, a);
    if (!f.quiet) print_decision(game, before, a, s);
  }
  std::printf("%s", game.describe_result(s).c_str());
  if (!f.record_path.empty()) io::write_file_atomically(f.record_path, game.record_json(record));
}

void replay_game(const games::Game& game, const PlayFlags& f) {
  tournament::StoredGame stored;
  try {
    stored = tournament::read_game(game, f.replay_path, f.game);
  } catch (const std::runtime_error& e) {
    throw CommandError(e.what());
  }
  const io::GameRecord& record = stored.record;
  std::string error;
  if (!game.replay(record, &error)) throw CommandError(f.replay_path + ": " + error);
  print_header(record);
  games::Position s = game.new_game(record.num_players, record.seed, record.automaton_seat);
  for (const games::Action a : record.actions) {  // every action is legal: replay() checked
    const games::Position before = s;
    game.apply(s, a);
    if (!f.quiet) print_decision(game, before, a, s);
  }
  std::printf("%s", game.describe_result(s).c_str());
}

const bool play_registered = register_command("play", [](CLI::App& app) {
  auto* cmd =
      app.add_subcommand("play", "Play one game between agents (or replay a record) and print its log");
  auto flags = std::make_shared<PlayFlags>();
  auto* players = cmd->add_option("--players", flags->players, "Number of players (" + seat_ranges() + ")");
  auto* seed = cmd->add_option("--seed", flags->seed, "Deal seed (agents are seeded from it too)")
                   ->check(seed_validator());
  auto* agents = cmd->add_option("--agents", flags->agents,
                                 "One agent spec per seat, comma-separated (default: random for every seat); "
                                 "human: you, at this terminal");
  auto* record = cmd->add_option("--record", flags->record_path, "Write the game record (JSON) to this file");
  auto* game =
      cmd->add_option(
             "--index", flags->game,
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
  cmd->callback([flags] {
    flags->replay_path.empty() ? play_game(selected_game(), *flags) : replay_game(selected_game(), *flags);
  });
});

}  // namespace
}  // namespace pamir::cli
