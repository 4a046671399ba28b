// `pamir tournament`: a balanced tournament between agents, played in parallel, with ratings
// and reports (tournament/). Results go to <out>/games.jsonl as games finish; --resume picks
// up an interrupted run; reports are written when every game is in, and with --ladder the
// games are recorded in the ladder's database then.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "cli/command.h"
#include "cli/ladder_flag.h"
#include "dist/remote_games.h"
#include "games/agent.h"
#include "games/registry.h"
#include "selfplay/progress_bar.h"
#include "tournament/report.h"
#include "tournament/sprt.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"

namespace pamir::cli {
namespace {

struct TournamentFlags {
  std::string agents;
  int players = 3;
  long games = 0;
  int threads = 1;
  games::u64 seed = 1;
  std::string out;
  std::string seating;
  std::string anchor = "mean";
  double anchor_elo = 0;
  bool resume = false;
  bool quiet = false;
  bool coordinator_only = false;
  int max_decisions = tournament::kDefaultMaxDecisions;
  std::string ladder;
  std::string sprt;
};

// "a;b;c", or a comma-separated list as `pamir play` takes it (games::split_agent_specs).
std::vector<std::string> agent_list(const std::string& text) {
  if (text.find(';') == std::string::npos) return games::split_agent_specs(text);
  std::vector<std::string> specs;
  std::stringstream in(text);
  for (std::string spec; std::getline(in, spec, ';');)
    if (!spec.empty()) specs.push_back(spec);
  return specs;
}

// Under mpirun, the other ranks play their share of the games (dist/remote_games.h).
std::unique_ptr<dist::RankTournamentGames> rank_games(bool coordinator_only) {
  dist::Cluster& cluster = dist::Cluster::instance();
  if (cluster.size() == 1) {
    if (coordinator_only)
      throw CommandError("--coordinator-only needs other ranks to play: run under mpirun -np K with K >= 2");
    return nullptr;
  }
  std::fprintf(stderr, "ranks: %d, rank 0 %s\n", cluster.size(),
               coordinator_only ? "coordinates only" : "plays a share");
  return std::make_unique<dist::RankTournamentGames>(cluster, !coordinator_only);
}

void run(const TournamentFlags& f) {
  tournament::TournamentConfig c;
  c.game = selected_game().key();
  c.agents = agent_list(f.agents);
  c.players = f.players;
  c.games = f.games;
  c.threads = f.threads;
  c.seed = f.seed;
  c.resume = f.resume;
  c.max_decisions = f.max_decisions;
  try {
    c.seating = f.seating.empty() ? (int(c.agents.size()) >= c.players ? tournament::Seating::kDistinct
                                                                       : tournament::Seating::kRepeats)
                                  : tournament::parse_seating(f.seating);
  } catch (const std::invalid_argument& e) {
    throw CommandError(std::string("--seating: ") + e.what());
  }
  std::optional<int> anchor;
  if (f.anchor != "mean") {
    for (size_t i = 0; i < c.agents.size(); ++i)
      if (c.agents[i] == f.anchor) anchor = int(i);
    if (!anchor)
      throw CommandError("--anchor must be \"mean\" or one of the --agents specs, got \"" + f.anchor + "\"");
  }
  std::filesystem::create_directories(f.out);
  c.results_path = (std::filesystem::path(f.out) / "games.jsonl").string();
  const std::unique_ptr<dist::RankTournamentGames> remote = rank_games(f.coordinator_only);
  c.remote = remote.get();

  // --sprt: the first agent (A) against the second (B), one observation per game that seats both.
  std::optional<tournament::Sprt> sprt;
  if (!f.sprt.empty()) {
    if (c.agents.size() < 2)
      throw CommandError("--sprt tests the first --agents spec against the second: give two");
    try {
      sprt.emplace(tournament::parse_sprt(f.sprt), tournament::Sprt::Unit::kGame);
    } catch (const std::invalid_argument& e) {
      throw CommandError(e.what());
    }
    c.stop_rule = [&sprt](const tournament::GameResult& g) {
      if (const auto score = tournament::head_to_head_score(g, 0, 1)) sprt->add(*score);
      return sprt->verdict() != tournament::SprtVerdict::kContinue;
    };
  }

  tournament::TournamentResult result;
  std::unique_ptr<selfplay::ProgressBar>
      bar;  // made at the first finished game, when the resumed count is known
  const auto progress = [&](const tournament::Progress& p) {
    if (!bar) bar = std::make_unique<selfplay::ProgressBar>("tournament games", p.total, p.resumed);
    bar->update(p.done);
  };
  try {
    result = tournament::run_tournament(c, f.quiet ? tournament::ProgressCallback{} : progress);
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what());
  }
  if (bar) bar->finish();
  if (result.dropped_partial_line)
    std::fprintf(stderr, "note: dropped a game line cut short at the end of %s (an interrupted run)\n",
                 c.results_path.c_str());
  const long capped =
      std::count_if(result.games.begin(), result.games.end(), [](const auto& g) { return g.capped; });
  if (capped)
    std::fprintf(stderr, "note: %ld games reached --max-decisions %d and count as draws\n", capped,
                 c.max_decisions);
  const auto forfeited =
      std::find_if(result.games.begin(), result.games.end(), [](const auto& g) { return g.forfeit != -1; });
  if (forfeited != result.games.end())
    std::fprintf(stderr, "note: %ld games ended by a forfeit, the first (game %ld): %s\n",
                 long(std::count_if(result.games.begin(), result.games.end(),
                                    [](const auto& g) { return g.forfeit != -1; })),
                 forfeited->game, forfeited->forfeit_reason.c_str());
  if (result.resumed)
    std::fprintf(stderr, "resumed: %ld games were already in %s\n", result.resumed, c.results_path.c_str());
  const auto st = tournament::compute_standings(c.agents, c.players, result.games, anchor, f.anchor_elo);
  std::printf("%s", tournament::standings_text(st).c_str());
  std::printf("\nresults: %s\n", c.results_path.c_str());
  for (const std::string& path : tournament::write_reports(f.out, c, st))
    std::printf("report: %s\n", path.c_str());
  if (!f.ladder.empty()) record_in_ladder(f.ladder, {c.results_path});
  if (sprt) {
    const auto v = sprt->verdict();
    const auto& n = sprt->counts();
    const auto& t = sprt->config();
    std::printf(
        "\nsprt: A = %s, B = %s; elo0 %g elo1 %g alpha %g beta %g\n"
        "sprt: %s after %ld games that seated both (%s game %ld of %ld): A above B %ld, level %ld, below "
        "%ld; "
        "A scored %.1f%% (%+.0f Elo), LLR %.3f [%.3f, %.3f]\n",
        c.agents[0].c_str(), c.agents[1].c_str(), t.elo0, t.elo1, t.alpha, t.beta,
        tournament::verdict_text(v), sprt->observations(),
        result.stopped_after >= 0 ? "stopped after" : "all games played,",
        result.stopped_after >= 0 ? result.stopped_after + 1 : c.games, c.games, n[2], n[1], n[0],
        100 * sprt->score(), sprt->elo_estimate(), sprt->llr(), sprt->lower_bound(), sprt->upper_bound());
    std::fflush(stdout);
    throw ExitStatus{tournament::verdict_exit_status(v)};
  }
}

const bool tournament_registered = register_command("tournament", [](CLI::App& app) {
  auto* cmd =
      app.add_subcommand("tournament", "Play a balanced, seeded tournament between agents and rate them");
  auto flags = std::make_shared<TournamentFlags>();
  cmd->add_option(
         "--agents", flags->agents,
         "Agent specs separated by ';' (or by ',' as in `pamir play`), e.g. \"random;ismcts:iters=200\"")
      ->required();
  std::string seats;  // each game's range: the command line picks the game
  for (const games::Game* g : games::all_games())
    seats += (seats.empty() ? "" : ", ") + std::string(g->key()) + " " + g->seat_range();
  cmd->add_option("--players", flags->players, "Seats per game (" + seats + ")");
  cmd->add_option("--games", flags->games, "Number of games")->required();
  cmd->add_option("--threads", flags->threads, "Games played in parallel (0: every core)");
  cmd->add_option("--seed", flags->seed, "Tournament seed (each game's deal and agent seeds derive from it)")
      ->check(seed_validator());
  cmd->add_option("--out", flags->out,
                  "Output folder: games.jsonl, agents.csv, head_to_head.csv, standings.json, report.html")
      ->required();
  cmd->add_option(
      "--seating", flags->seating,
      "\"distinct\": distinct agents in every game (default when there are at least as many agents as "
      "seats); \"repeats\": an agent may hold several seats, so e.g. two-agent games occur");
  cmd->add_option("--anchor", flags->anchor, "Elo anchor: \"mean\" (of all agents) or one agent spec");
  cmd->add_option("--anchor-elo", flags->anchor_elo, "Elo of the anchor");
  cmd->add_option(
      "--max-decisions", flags->max_decisions,
      "A game still going after this many decisions is a draw between all seats (players may pass "
      "forever)");
  cmd->add_flag("--resume", flags->resume,
                "Continue the results in --out (finished games are kept and skipped)");
  cmd->add_flag("--quiet", flags->quiet, "No progress bar");
  add_ladder_option(*cmd, flags->ladder);
  cmd->add_option(
      "--sprt", flags->sprt,
      "elo0,elo1[,alpha,beta]: a sequential test of the first agent (A) against the second (B) "
      "on the games that seat both (A above B, level, below), in game order; the tournament stops "
      "when it accepts H0 or H1, --games is its maximum. Exit status: 0 = H1, 3 = H0, 4 = "
      "inconclusive");
  cmd->add_flag(
      "--coordinator-only", flags->coordinator_only,
      "Under mpirun: rank 0 plays no games, it hands them out and writes the results (docs/distributed.md)");
  cmd->callback([flags] { run(*flags); });
});

}  // namespace
}  // namespace pamir::cli
