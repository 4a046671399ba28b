// `pamir match A B`: is agent A stronger than agent B? Games in pairs (the same deal twice, A's
// and B's seats swapped) until a pentanomial SPRT (tournament/sprt.h) accepts H0 or H1, or
// --max-games is reached. At more than two seats (--players N) the other seats are played by
// the --field agent, A and B sit in a different pair of seats each deal (every pair of seats
// in turn), and a game scores A above B, level, or below.
//
// Exit status: 0 when H1 is accepted (A is at least elo1 stronger than B, at risk alpha),
// 3 when H0 is accepted (A is not elo0 stronger, at risk beta), 4 when max-games ends the
// test first (inconclusive); 1 for an error, 2 for a usage error.
//
// --out FILE keeps the games in a results file (tournament/results_log.h, seating "paired"),
// appended as they finish; --ladder DB records them in the ladder from that file at the end
// (without --out, the file goes to matches/ beside the database).

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/ladder_flag.h"
#include "io/file_io.h"
#include "tournament/play.h"
#include "tournament/results_log.h"
#include "tournament/schedule.h"
#include "tournament/sprt.h"

namespace pamir::cli {
namespace {

struct MatchFlags {
  std::string a, b, field;
  int players = 0;  // 0: 2, or the game's smallest table
  std::string sprt_text;
  tournament::SprtConfig sprt;
  long max_games = 20000;
  int threads = 1;
  games::u64 seed = 1;
  int max_decisions = tournament::kDefaultMaxDecisions;
  std::string out, ladder;
};

// Where a match recorded in the ladder without --out keeps its games: a new file in matches/
// beside the database, named by the time and the process.
std::string match_results_path(const std::string& ladder) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&now));
  return (std::filesystem::path(ladder).parent_path() / "matches" /
          ("match-" + std::string(stamp) + "-" + std::to_string(::getpid()) + ".jsonl"))
      .string();
}

// A new results file holding the header of the match, open for its games.
std::unique_ptr<tournament::ResultsAppender> start_results(const games::Game& game, const std::string& path,
                                                           const std::vector<std::string>& specs, int players,
                                                           const MatchFlags& f) {
  if (std::filesystem::exists(path)) throw CommandError(path + " exists: choose another --out");
  if (std::filesystem::path(path).has_parent_path())
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  io::write_file_atomically(
      path, tournament::results_header(game, specs, players, "paired", f.seed, f.max_decisions) + "\n");
  return std::make_unique<tournament::ResultsAppender>(path);
}

// The seats A and B hold in pair p (A at .first in the pair's first game, at .second in its
// second): every pair of seats in turn, so that over whole cycles each seat is A's and B's
// equally often.
std::pair<int, int> pair_seats(int players, long p) {
  const long pairs = long(players) * (players - 1) / 2;
  long k = p % pairs;
  for (int i = 0; i < players; ++i)
    for (int j = i + 1; j < players; ++j)
      if (k-- == 0) return {i, j};
  return {0, 1};
}

// Agent indices per seat (0 = A, 1 = B, 2 = the field) with A at seat a and B at seat b.
std::vector<int> match_seating(int players, int a, int b) {
  std::vector<int> seats(players, 2);
  seats[a] = 0;
  seats[b] = 1;
  return seats;
}

void run(MatchFlags f) {
  const games::Game& game = selected_game();
  const int players = f.players ? f.players : std::max(2, game.min_players());
  if (players < game.min_players() || players > game.max_players())
    throw CommandError("--players must be " + game.seat_range() + " for " + std::string(game.name()) +
                       ", got " + std::to_string(players));
  if (players > 2 && f.field.empty())
    throw CommandError(
        "at " + std::to_string(players) +
        " seats the others are played by --field SPEC (e.g. --field ismcts:iters=200,eval=heuristic)");
  if (players == 2 && !f.field.empty())
    throw CommandError("--field plays the seats beyond A and B: use --players 3 or more");
  std::vector<std::string> specs = {f.a, f.b};
  if (!f.field.empty()) specs.push_back(f.field);
  try {
    for (const auto& spec : specs) tournament::check_agent_spec(game, spec);
    tournament::automaton_seat(game, specs, match_seating(players, 0, 1));  // the automaton sits once at most
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what());
  }
  int threads = 0;
  try {
    threads = io::resolve_threads(f.threads);
  } catch (const std::invalid_argument& e) {
    throw CommandError(std::string("--") + e.what());
  }
  if (f.max_decisions < 1) throw CommandError("--max-decisions must be at least 1");
  if (f.max_games < 2) throw CommandError("--max-games must be at least 2 (one pair)");
  std::optional<tournament::Sprt> sprt;
  try {
    if (!f.sprt_text.empty()) f.sprt = tournament::parse_sprt(f.sprt_text);
    sprt.emplace(f.sprt, tournament::Sprt::Unit::kPair);
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what());
  }
  const std::string results = !f.out.empty() || f.ladder.empty() ? f.out : match_results_path(f.ladder);
  const std::unique_ptr<tournament::ResultsAppender> appender =
      results.empty() ? nullptr : start_results(game, results, specs, players, f);
  std::printf(
      "match: A = %s, B = %s%s%s at %d seats; SPRT elo0 %g elo1 %g alpha %g beta %g, bounds [%.3f, %.3f]\n",
      f.a.c_str(), f.b.c_str(), f.field.empty() ? "" : ", the field = ", f.field.c_str(), players,
      f.sprt.elo0, f.sprt.elo1, f.sprt.alpha, f.sprt.beta, sprt->lower_bound(), sprt->upper_bound());
  const long max_pairs = f.max_games / 2;
  long pair = 0;
  while (pair < max_pairs && sprt->verdict() == tournament::SprtVerdict::kContinue) {
    // A batch of pairs in parallel, then fed to the test in order: the verdict does not depend
    // on the thread count (at most a batch of extra games is played past the stop).
    const long batch = std::min<long>(threads, max_pairs - pair);
    std::vector<tournament::GameSpec> games;
    for (long p = pair; p < pair + batch; ++p) {  // the pair's deal twice, A's and B's seats swapped
      const auto [i, j] = pair_seats(players, p);
      games.push_back({2 * p, tournament::game_seed(f.seed, p), match_seating(players, i, j)});
      games.push_back({2 * p + 1, tournament::game_seed(f.seed, p), match_seating(players, j, i)});
    }
    std::vector<double> score(batch, 0);
    try {
      tournament::play_games(game, specs, games, threads, f.max_decisions, [&](tournament::GameResult&& r) {
        score[r.game / 2 - pair] += *tournament::head_to_head_score(r, 0, 1);
        if (appender) appender->append(tournament::game_line(r));
      });
    } catch (const std::runtime_error& e) {
      throw CommandError(e.what());
    }
    for (long i = 0; i < batch && sprt->verdict() == tournament::SprtVerdict::kContinue; ++i, ++pair) {
      sprt->add(score[i]);
      const auto& c = sprt->counts();
      std::printf(
          "pair %ld: A scored %.1f/2  LLR %+.3f [%.3f, %.3f]  pentanomial %ld-%ld-%ld-%ld-%ld  A %+.0f Elo\n",
          pair + 1, score[i], sprt->llr(), sprt->lower_bound(), sprt->upper_bound(), c[0], c[1], c[2], c[3],
          c[4], sprt->elo_estimate());
      std::fflush(stdout);
    }
  }
  const auto v = sprt->verdict();
  std::printf("result: %s after %ld games (%ld pairs): A scored %.1f%%%s, LLR %.3f\n",
              v == tournament::SprtVerdict::kContinue ? "inconclusive (max games reached)"
                                                      : tournament::verdict_text(v),
              2 * sprt->observations(), sprt->observations(), 100 * sprt->score(),
              players > 2 ? " (A above B)" : "", sprt->llr());
  if (!results.empty()) std::printf("results: %s\n", results.c_str());
  std::fflush(stdout);
  if (!f.ladder.empty()) record_in_ladder(f.ladder, {results});
  throw ExitStatus{tournament::verdict_exit_status(v)};
}

const bool match_registered = register_command("match", [](CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "match",
      "SPRT between two agents in paired games (same deal, A's and B's seats swapped; at more than two "
      "seats the --field agent plays the others). Exit status: 0 = H1 accepted (A stronger by elo1), 3 = H0 "
      "accepted, 4 = inconclusive at --max-games, 1/2 = error");
  auto flags = std::make_shared<MatchFlags>();
  cmd->add_option("A", flags->a, "Agent spec under test (e.g. the new version)")->required();
  cmd->add_option("B", flags->b, "Agent spec it is compared with (e.g. the old version)")->required();
  auto* sprt = cmd->add_option("--sprt", flags->sprt_text,
                               "elo0,elo1[,alpha,beta]: the test's hypotheses and risks in one (default "
                               "0,10,0.05,0.05); or each alone with the four flags below");
  sprt->excludes(
      cmd->add_option("--elo0", flags->sprt.elo0, "H0: A is this many Elo stronger than B (logistic Elo)"));
  sprt->excludes(cmd->add_option("--elo1", flags->sprt.elo1, "H1: A is this many Elo stronger than B"));
  sprt->excludes(cmd->add_option("--alpha", flags->sprt.alpha, "Risk of accepting H1 when H0 holds"));
  sprt->excludes(cmd->add_option("--beta", flags->sprt.beta, "Risk of accepting H0 when H1 holds"));
  cmd->add_option("--players", flags->players, "Seats per game (default 2, or the game's smallest table)");
  cmd->add_option("--field", flags->field, "At more than two seats: the agent in every seat but A's and B's");
  cmd->add_option("--max-games", flags->max_games, "Stop inconclusive after this many games");
  cmd->add_option("--threads", flags->threads, "Games played in parallel (0: every core)");
  cmd->add_option("--max-decisions", flags->max_decisions,
                  "A game still going after this many decisions is a draw (players may pass forever)");
  cmd->add_option("--seed", flags->seed, "Match seed (each pair's deal derives from it)")
      ->check(seed_validator());
  cmd->add_option(
      "--out", flags->out,
      "Results file for the games (as a tournament's games.jsonl; a new file), written as they finish");
  add_ladder_option(*cmd, flags->ladder);
  cmd->callback([flags] { run(*flags); });
});

}  // namespace
}  // namespace pamir::cli
