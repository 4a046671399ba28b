// `pamir match A B`: is agent A stronger than agent B? Two-player games in pairs (the same
// deal twice, seats swapped) until a pentanomial SPRT (tournament/sprt.h) accepts H0 or H1,
// or --max-games is reached.
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

constexpr int kExitH1 = 0, kExitH0 = 3, kExitInconclusive = 4;

struct MatchFlags {
  std::string a, b;
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
                                                           const std::vector<std::string>& specs,
                                                           const MatchFlags& f) {
  if (std::filesystem::exists(path)) throw CommandError(path + " exists: choose another --out");
  if (std::filesystem::path(path).has_parent_path())
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  io::write_file_atomically(
      path, tournament::results_header(game, specs, 2, "paired", f.seed, f.max_decisions) + "\n");
  return std::make_unique<tournament::ResultsAppender>(path);
}

void run(const MatchFlags& f) {
  const games::Game& game = selected_game();
  if (game.min_players() > 2)  // the pairs swap two seats between the two agents
    throw CommandError("match plays 2-player games; " + std::string(game.name()) + " is played by " +
                       game.seat_range() + " players (use tournament)");
  const std::vector<std::string> specs = {f.a, f.b};
  try {
    for (const auto& spec : specs) tournament::check_agent_spec(game, spec);
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
    sprt.emplace(f.sprt);
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what());
  }
  const std::string results = !f.out.empty() || f.ladder.empty() ? f.out : match_results_path(f.ladder);
  const std::unique_ptr<tournament::ResultsAppender> appender =
      results.empty() ? nullptr : start_results(game, results, specs, f);
  std::printf("match: A = %s, B = %s; SPRT elo0 %.1f elo1 %.1f alpha %.3f beta %.3f, bounds [%.3f, %.3f]\n",
              f.a.c_str(), f.b.c_str(), f.sprt.elo0, f.sprt.elo1, f.sprt.alpha, f.sprt.beta,
              sprt->lower_bound(), sprt->upper_bound());
  const long max_pairs = f.max_games / 2;
  long pair = 0;
  while (pair < max_pairs && sprt->verdict() == tournament::SprtVerdict::kContinue) {
    // A batch of pairs in parallel, then fed to the test in order: the verdict does not depend
    // on the thread count (at most a batch of extra games is played past the stop).
    const long batch = std::min<long>(threads, max_pairs - pair);
    std::vector<tournament::GameSpec> games;
    for (long p = pair; p < pair + batch; ++p) {  // A holds seat 0, then seat 1, on the pair's deal
      games.push_back({2 * p, tournament::game_seed(f.seed, p), {0, 1}});
      games.push_back({2 * p + 1, tournament::game_seed(f.seed, p), {1, 0}});
    }
    std::vector<double> score(batch, 0);
    try {
      tournament::play_games(game, specs, games, threads, f.max_decisions, [&](tournament::GameResult&& r) {
        score[r.game / 2 - pair] += tournament::win_share(r, r.seats[0] == 0 ? 0 : 1);
        if (appender) appender->append(tournament::game_line(r));
      });
    } catch (const std::runtime_error& e) {
      throw CommandError(e.what());
    }
    for (long i = 0; i < batch && sprt->verdict() == tournament::SprtVerdict::kContinue; ++i, ++pair) {
      sprt->add_pair(score[i]);
      const auto& c = sprt->pentanomial();
      std::printf(
          "pair %ld: A scored %.1f/2  LLR %+.3f [%.3f, %.3f]  pentanomial %ld-%ld-%ld-%ld-%ld  A %+.0f Elo\n",
          pair + 1, score[i], sprt->llr(), sprt->lower_bound(), sprt->upper_bound(), c[0], c[1], c[2], c[3],
          c[4], sprt->elo_estimate());
      std::fflush(stdout);
    }
  }
  const auto v = sprt->verdict();
  std::printf("result: %s after %ld games (%ld pairs): A scored %.1f%%, LLR %.3f\n",
              v == tournament::SprtVerdict::kH1   ? "H1 accepted (A is stronger)"
              : v == tournament::SprtVerdict::kH0 ? "H0 accepted (A is not stronger)"
                                                  : "inconclusive (max games reached)",
              2 * sprt->pairs(), sprt->pairs(), 100 * sprt->score(), sprt->llr());
  if (!results.empty()) std::printf("results: %s\n", results.c_str());
  std::fflush(stdout);
  if (!f.ladder.empty()) record_in_ladder(f.ladder, {results});
  throw ExitStatus{v == tournament::SprtVerdict::kH1   ? kExitH1
                   : v == tournament::SprtVerdict::kH0 ? kExitH0
                                                       : kExitInconclusive};
}

const bool match_registered = register_command([](CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "match",
      "SPRT between two agents in paired 2-player games (same deal, seats swapped). Exit status: 0 = H1 "
      "accepted "
      "(A stronger by elo1), 3 = H0 accepted, 4 = inconclusive at --max-games, 1/2 = error");
  auto flags = std::make_shared<MatchFlags>();
  cmd->add_option("A", flags->a, "Agent spec under test (e.g. the new version)")->required();
  cmd->add_option("B", flags->b, "Agent spec it is compared with (e.g. the old version)")->required();
  cmd->add_option("--elo0", flags->sprt.elo0, "H0: A is this many Elo stronger than B (logistic Elo)");
  cmd->add_option("--elo1", flags->sprt.elo1, "H1: A is this many Elo stronger than B");
  cmd->add_option("--alpha", flags->sprt.alpha, "Risk of accepting H1 when H0 holds");
  cmd->add_option("--beta", flags->sprt.beta, "Risk of accepting H0 when H1 holds");
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
