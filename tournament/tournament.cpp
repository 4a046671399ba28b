#include "tournament/tournament.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "games/registry.h"
#include "io/file_io.h"
#include "tournament/results_log.h"

namespace pamir::tournament {
namespace {

// A game read back from the results file must be the one this configuration schedules, and
// its actions must replay to the result written beside them.
void check_resumed_game(const games::Game& game, const GameResult& g, const Schedule& schedule,
                        const TournamentConfig& c) {
  const std::string where = c.results_path + ": game " + std::to_string(g.game) + ": ";
  if (g.seats != schedule.seating(g.game) || g.seed != schedule.game_seed(g.game))
    throw std::runtime_error(where + "its seating or seed is not this tournament's");
  std::string error;
  const auto end = game.replay(to_record(game, g, c.agents), &error);
  if (!end) throw std::runtime_error(where + error);
  if (g.capped) {
    if (game.over(*end) || long(g.actions.size()) != c.max_decisions)
      throw std::runtime_error(where + "it is marked capped but its actions do not reach the decision cap");
    if (g.ranks != std::vector<int>(g.seats.size(), 0))
      throw std::runtime_error(where + "a capped game must be a draw");
  } else if (g.forfeit != -1) {
    if (game.over(*end)) throw std::runtime_error(where + "it is marked forfeited but its actions finish it");
    if (g.ranks != forfeit_ranks(game.ranks(*end), g.forfeit))
      throw std::runtime_error(where + "its ranks are not those of the forfeit");
  } else if (!game.over(*end)) {
    throw std::runtime_error(where + "its actions do not finish the game");
  }
  if (game.vp(*end) != g.vp) throw std::runtime_error(where + "its VP do not match its actions");
}

}  // namespace

TournamentResult run_tournament(const TournamentConfig& c, const ProgressCallback& progress) {
  const games::Game& game = games::game(c.game);
  if (c.players < game.min_players() || c.players > game.max_players())
    throw std::invalid_argument("players must be " + game.seat_range() + ", got " +
                                std::to_string(c.players));
  const Schedule schedule(int(c.agents.size()), c.players, c.seating, c.seed);
  if (c.games < 1) throw std::invalid_argument("games must be at least 1");
  io::resolve_threads(c.threads);  // throws for a count out of range
  if (c.max_decisions < 1) throw std::invalid_argument("max_decisions must be at least 1");
  if (c.stop_rule && c.remote)
    throw std::invalid_argument(
        "a sequential test needs every game played in this process, not under mpirun");
  if (!c.labels.empty() && c.labels.size() != c.agents.size())
    throw std::invalid_argument("labels must name every agent");
  for (const std::string& spec : c.agents) {  // a bad spec fails before any game
    check_agent_spec(game, spec);
    if (game.automaton().empty() || spec != game.automaton()) continue;
    if (c.players > game.automaton_max_players()) {
      const int lo = game.min_players(), hi = game.automaton_max_players();
      throw std::invalid_argument(spec + " plays only in games of " + std::to_string(lo) +
                                  (hi == lo + 1 ? " or " : " to ") + std::to_string(hi) + " seats");
    }
    if (c.seating != Seating::kDistinct)
      throw std::invalid_argument(spec + " can hold only one seat of a game: use seating \"distinct\"");
  }

  TournamentResult result;
  std::vector<bool> finished(c.games, false);
  std::optional<ResultsAppender> appender;
  bool new_results_file = false;  // this run wrote the file's header
  if (!c.results_path.empty()) {
    const std::string header = results_header(game, c.labels.empty() ? c.agents : c.labels, c.players,
                                              seating_name(c.seating), c.seed, c.max_decisions);
    if (std::filesystem::exists(c.results_path)) {
      if (!c.resume)
        throw std::runtime_error(c.results_path +
                                 " already exists: pass --resume to continue it, or choose another output");
      LoadedResults loaded = load_results(game, c.results_path, header);
      if (loaded.dropped_partial_line) io::write_file_atomically(c.results_path, loaded.complete_text);
      result.dropped_partial_line = loaded.dropped_partial_line;
      for (GameResult& g : loaded.games) {
        if (g.game < 0 || g.game >= c.games || finished[g.game])
          continue;  // beyond this run's count, or repeated
        check_resumed_game(game, g, schedule, c);
        finished[g.game] = true;
        result.games.push_back(std::move(g));
      }
    } else {
      io::write_file_atomically(c.results_path, header + "\n");
      new_results_file = true;
    }
    appender.emplace(c.results_path);
  }
  result.resumed = long(result.games.size());

  // The stop rule sees the games in index order: where[i] is game i's place in result.games.
  std::vector<long> where(c.games, -1);
  for (std::size_t k = 0; k < result.games.size(); ++k) where[result.games[k].game] = long(k);
  long next_in_order = 0;
  std::atomic<bool> stopped = false;
  const auto apply_stop_rule = [&] {
    for (; c.stop_rule && !stopped && next_in_order < c.games && where[next_in_order] != -1; ++next_in_order)
      if (c.stop_rule(result.games[where[next_in_order]])) {
        stopped = true;
        result.stopped_after = next_in_order;
      }
  };
  apply_stop_rule();

  std::vector<GameSpec> unplayed;
  for (long i = 0; i < c.games && !stopped; ++i)
    if (!finished[i]) unplayed.push_back({i, schedule.game_seed(i), schedule.seating(i)});
  const auto start = std::chrono::steady_clock::now();
  std::mutex finished_mutex;  // local games arrive one at a time, remote ones from another thread
  const auto on_finished = [&](GameResult&& g) {
    std::lock_guard lock(finished_mutex);
    if (appender) appender->append(game_line(g));
    where[g.game] = long(result.games.size());
    result.games.push_back(std::move(g));
    apply_stop_rule();
    if (!progress) return;
    Progress p;
    p.total = c.games;
    p.done = long(result.games.size());
    p.resumed = result.resumed;
    p.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    p.eta_s = p.elapsed_s / double(p.done - p.resumed) * double(p.total - p.done);
    progress(p);
  };
  const std::vector<GameSpec> here = c.remote ? c.remote->start(c, unplayed, on_finished) : unplayed;
  try {
    play_games(game, c.agents, here, c.threads, c.max_decisions, on_finished, &stopped);
  } catch (...) {
    if (c.remote) c.remote->abandon();
    // A run that failed before its first game (an agent that cannot play this table) leaves
    // no header-only file behind to block the corrected rerun; games already played stay,
    // for --resume.
    if (new_results_file && result.games.empty()) {
      appender.reset();
      std::filesystem::remove(c.results_path);
    }
    throw;
  }
  if (c.remote) c.remote->finish();
  std::sort(result.games.begin(), result.games.end(), [](auto& a, auto& b) { return a.game < b.game; });
  return result;
}

}  // namespace pamir::tournament
