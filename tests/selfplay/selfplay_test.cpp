// Self-play workers and generations: rows are well-formed, shards hold every game once,
// and a resumed generation plays only the games missing from its shards.

#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "games/registry.h"
#include "selfplay/config.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "selfplay/shard_writer.h"
#include "selfplay/worker_base.h"
#include "tests/selfplay/run_fixtures.h"
#include "tournament/game_file.h"
#include "training/game_records.h"

namespace pamir::selfplay {
namespace {

namespace fs = std::filesystem;

// The config's game (tiny.cfg's: Pax Pamir), whose self-play workers these tests drive.
const games::Game& game_of(const TrainConfig& c) { return games::game(c.game); }

// A worker of the config's game with the uniform evaluator (no net).
std::unique_ptr<SelfPlayWorkerBase> uniform_worker(const TrainConfig& c, int generation) {
  return game_of(c).make_selfplay_worker(c, generation, nullptr);
}

void expect_well_formed(const ShardRows& s, int players) {
  ASSERT_EQ(s.feature_begin.size(), std::size_t(s.rows() + 1));
  ASSERT_EQ(s.legal_begin.size(), std::size_t(s.rows() + 1));
  for (int r = 0; r < s.rows(); ++r) {
    double policy = 0, value = 0;
    for (int k = s.legal_begin[r]; k < s.legal_begin[r + 1]; ++k) policy += s.policy[k];
    for (int p = 0; p < s.shape.num_seats; ++p) value += s.value[r * s.shape.num_seats + p];
    EXPECT_NEAR(policy, 1, 1e-4) << r;
    EXPECT_NEAR(value, 1, 1e-4) << r;
    EXPECT_GT(s.legal_begin[r + 1] - s.legal_begin[r], 1) << "forced moves are not recorded";
    EXPECT_EQ(s.num_players[r], players);
  }
}

// Plays games 0 to count - 1 on the worker; returns them in the order they finished.
std::vector<FinishedGame> play_games(SelfPlayWorkerBase& worker, long count) {
  long next = 0;
  std::vector<FinishedGame> games;
  worker.run([&] { return next < count ? next++ : -1L; },
             [&](FinishedGame&& g) { games.push_back(std::move(g)); });
  return games;
}

TEST(SelfPlay, WorkerPlaysEveryGameAndRecordsFullSearchesOnly) {
  TrainConfig c = tiny();
  apply_overrides(c, {"full_fraction=0.5", "games_per_worker=3"});
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 5);
  ASSERT_EQ(games.size(), 5u);
  std::set<long> indices;
  for (const auto& g : games) {
    indices.insert(g.index);
    EXPECT_EQ(g.rows.games, std::vector<std::int64_t>{g.index});
    expect_well_formed(g.rows, c.players);
  }
  EXPECT_EQ(indices.size(), 5u);
  const SelfPlayCounters n = worker->counters();
  EXPECT_EQ(n.games, 5);
  // About half the searched decisions are recorded; every search ran its budget.
  EXPECT_GT(n.rows, n.searches / 4);
  EXPECT_LT(n.rows, n.searches * 3 / 4);
  EXPECT_GE(n.iterations, n.rows * c.full_iters + (n.searches - n.rows) * c.fast_iters);
  EXPECT_GT(n.decisions, n.searches);      // forced moves are played without a search
  EXPECT_GT(n.leaves, n.evaluator_calls);  // several games share each evaluator call
}

// With Gumbel root search, rows learn its improved policy: a distribution over every legal
// move (unvisited ones included, by their completed Q), not visit shares, which at a budget
// of a few iterations leave most moves at 0.
TEST(SelfPlay, GumbelRowsLearnTheImprovedPolicy) {
  TrainConfig c = tiny();
  apply_overrides(
      c, {"full_fraction=1", "full_iters=8", "gumbel_actions=4", "games_per_worker=2", "max_decisions=120"});
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 2);
  ASSERT_EQ(games.size(), 2u);
  long rows_with_many = 0, rows = 0;
  for (const auto& g : games) {
    expect_well_formed(g.rows, c.players);
    for (int r = 0; r < g.rows.rows(); ++r, ++rows) {
      int positive = 0;
      for (int k = g.rows.legal_begin[r]; k < g.rows.legal_begin[r + 1]; ++k)
        positive += g.rows.policy[k] > 0;
      // 8 iterations visit at most 7 moves; the improved policy gives every move a share.
      rows_with_many += positive == g.rows.legal_begin[r + 1] - g.rows.legal_begin[r] && positive > 8;
    }
  }
  EXPECT_GT(rows_with_many, 0) << rows;
  // The same seed plays the same games.
  const auto again = uniform_worker(c, 1);
  const std::vector<FinishedGame> replay = play_games(*again, 2);
  for (std::size_t i = 0; i < games.size(); ++i) EXPECT_EQ(replay[i].actions, games[i].actions);
}

// Every game's workers (games::Game::make_selfplay_worker) record rows of that game's net shape.
TEST(SelfPlay, EveryGamesWorkersRecordRowsOfItsShape) {
  for (const games::Game* game : games::all_games()) {
    SCOPED_TRACE(std::string(game->key()));
    TrainConfig c = tiny();
    c.game = game->key();
    apply_overrides(c, {"players=" + std::to_string(game->min_players()), "full_fraction=1",
                        "max_decisions=60", "games_per_worker=1"});
    check_game_config(c, game->facts());
    const auto worker = uniform_worker(c, 1);
    const std::vector<FinishedGame> games = play_games(*worker, 1);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].rows.shape, game->net_shape());
    ASSERT_GT(games[0].rows.rows(), 0);
    expect_well_formed(games[0].rows, c.players);
  }
}

TEST(SelfPlay, GamesStoppedAtTheDecisionCapAreScoredByTheStanding) {
  TrainConfig c = tiny();
  apply_overrides(c, {"full_fraction=1", "max_decisions=60", "games_per_worker=2"});  // far below a real game
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 3);
  ASSERT_EQ(games.size(), 3u);
  for (const auto& g : games) {
    expect_well_formed(g.rows, c.players);
    ASSERT_GT(g.rows.rows(), 0);
    // Scored by the standing (the game's standing shares): every row of a 2-player game holds a
    // win, a loss or, when the players are tied on every tie-break, a shared win.
    for (int r = 0; r < g.rows.rows(); ++r) {
      const float v = g.rows.value[r * g.rows.shape.num_seats];
      EXPECT_TRUE(v == 0.0f || v == 0.5f || v == 1.0f) << v;
    }
  }
  EXPECT_EQ(worker->counters().capped, 3);
}

// The auxiliary targets: every row of a game holds the game's result (the value target
// when value_target_mix is 0) and victory-point margins that sum to 0 over its seats,
// seat-rotated like the value (a 2-player game's winner is at or above the mean).
TEST(SelfPlay, RowsCarryTheResultAndTheVictoryPointMargins) {
  TrainConfig c = tiny();
  apply_overrides(c, {"full_fraction=1", "max_decisions=80", "games_per_worker=2"});
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 3);
  const int seats = games.at(0).rows.shape.num_seats;
  for (const auto& g : games) {
    const ShardRows& rows = g.rows;
    ASSERT_EQ(rows.result.size(), rows.value.size());
    ASSERT_EQ(rows.vp_margin.size(), rows.value.size());
    for (int r = 0; r < rows.rows(); ++r) {
      double margin_sum = 0;
      for (int p = 0; p < seats; ++p) {
        EXPECT_EQ(rows.result[r * seats + p], rows.value[r * seats + p]) << "value_target_mix 0";
        margin_sum += rows.vp_margin[r * seats + p];
        if (p >= c.players) {
          EXPECT_EQ(rows.vp_margin[r * seats + p], 0.0f);
        }
      }
      EXPECT_NEAR(margin_sum, 0, 1e-4);
      // An outright winner by the standing has no fewer victory points than the mean.
      if (rows.result[r * seats] == 1.0f) {
        EXPECT_GE(rows.vp_margin[r * seats], 0.0f);
      }
      if (rows.result[r * seats] == 0.0f) {
        EXPECT_LE(rows.vp_margin[r * seats], 0.0f) << "a loser below the mean";
      }
    }
  }
}

// place_share 1 at 4 seats: a game's rows hold its finishing places, not the win alone: each
// row's target is the same four shares (3, 2, 1 and 0 points of 6, tied seats splitting
// theirs) rotated to its player, so no seat's target is above one half.
TEST(SelfPlay, PlaceShareTrainsOnTheFinishingPlaces) {
  TrainConfig c = tiny();
  apply_overrides(
      c, {"players=4", "full_fraction=1", "max_decisions=60", "games_per_worker=2", "place_share=1"});
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 2);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    expect_well_formed(g.rows, 4);
    const int seats = g.rows.shape.num_seats;
    ASSERT_GT(g.rows.rows(), 0);
    const auto sorted_row = [&](int r) {
      std::vector<float> v(g.rows.value.begin() + r * seats, g.rows.value.begin() + r * seats + 4);
      std::sort(v.begin(), v.end());
      return v;
    };
    const std::vector<float> first = sorted_row(0);
    EXPECT_LE(first[3], 0.5f);
    EXPECT_GE(first[0], 0.0f);
    // The top two places hold at most 5 of the 6 points, the top one at most 3.
    EXPECT_LE(first[3] + first[2], 5.0f / 6 + 1e-6f);
    for (int r = 0; r < g.rows.rows(); ++r) {
      EXPECT_EQ(sorted_row(r), first) << r;
      for (int p = 0; p < seats; ++p) EXPECT_EQ(g.rows.result[r * seats + p], g.rows.value[r * seats + p]);
    }
  }
}

// value_target_mix 0.5: each row's target is half the result (0, 1/2 or 1 for a seat) and
// half the search's root value, which the uniform evaluator holds at 1/2 for every seat
// unless the search saw the game end (Dominance Checks can end it early). So most targets
// are exactly 1/4, 1/2 or 3/4, and all lie in [0, 1].
TEST(SelfPlay, ValueTargetsMixTheResultWithTheRootValue) {
  TrainConfig c = tiny();
  apply_overrides(c, {"full_fraction=1", "max_decisions=60", "games_per_worker=2", "value_target_mix=0.5"});
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 2);
  ASSERT_EQ(games.size(), 2u);
  int rows = 0, exact = 0;
  for (const auto& g : games) {
    expect_well_formed(g.rows, c.players);
    for (int r = 0; r < g.rows.rows(); ++r, ++rows) {
      const float v = g.rows.value[r * g.rows.shape.num_seats];
      exact += v == 0.25f || v == 0.5f || v == 0.75f;
      EXPECT_TRUE(v >= 0.0f && v <= 1.0f) << v;
    }
  }
  EXPECT_GE(exact, rows * 8 / 10) << exact << " of " << rows;
}

// value_target_lambda: with the uniform evaluator every root value is 1/2 (unless the search
// saw the game end), so the lambda-return of the row k rows before the end (k = 1 for the
// last) is 1/2 + L^k x (result - 1/2): the result reaches back through the rows, fading.
// L = 1 gives the result itself at every row, whatever the searches saw; L = 0 leaves each
// row its own root value. The targets do not change the games, so the three runs below play
// the same games and their rows line up.
TEST(SelfPlay, ValueTargetLambdaCarriesTheResultBackThroughTheRows) {
  const auto play = [](const std::string& lambda) {
    TrainConfig c = tiny();
    apply_overrides(c, {"full_fraction=1", "max_decisions=60", "games_per_worker=2", "value_target_mix=1",
                        "value_target_lambda=" + lambda});
    return play_games(*uniform_worker(c, 1), 2);
  };
  const std::vector<FinishedGame> result = play("1"), fading = play("0.5"), own = play("0");
  ASSERT_EQ(result.size(), 2u);
  ASSERT_EQ(fading.size(), 2u);
  ASSERT_EQ(own.size(), 2u);
  int rows = 0, as_expected = 0, decided = 0;
  for (std::size_t i = 0; i < result.size(); ++i) {
    const ShardRows &z = result[i].rows, &f = fading[i].rows, &o = own[i].rows;
    for (const ShardRows* s : {&z, &f, &o}) expect_well_formed(*s, 2);
    ASSERT_EQ(f.rows(), z.rows());
    ASSERT_EQ(o.rows(), z.rows());
    const int n = z.rows(), seats = z.shape.num_seats;
    ASSERT_GT(n, 0);
    for (int r = 0; r < n; ++r, ++rows) {
      // Rotated to the player to move: column 0 is that player's result, 0, 1/2 or 1.
      const float won = z.value[r * seats];
      EXPECT_TRUE(won == 0.0f || won == 0.5f || won == 1.0f) << won;
      if (o.value[r * seats] != 0.5f) continue;  // this row's search saw the end
      const double expected = 0.5 + std::pow(0.5, n - r) * (won - 0.5);
      as_expected += std::abs(f.value[r * seats] - expected) < 1e-5;
      decided += won != 0.5f;
    }
  }
  // A later row whose search saw the end changes the targets before it, so not every row is exact.
  EXPECT_GE(as_expected, rows * 8 / 10) << as_expected << " of " << rows;
  EXPECT_GT(decided, 0) << "no game was decided, so the test shows nothing";
}

TEST(SelfPlay, WakhanTakesASeatInHerShareOfGames) {
  TrainConfig c = tiny();
  int with_her = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    c.automaton_share = 0;
    EXPECT_EQ(automaton_seat(c, seed), -1);
    c.automaton_share = 1;
    const int seat = automaton_seat(c, seed);
    EXPECT_TRUE(seat >= 0 && seat < c.players) << seat;
    c.automaton_share = 0.25;
    with_her += automaton_seat(c, seed) != -1;
  }
  EXPECT_GT(with_her, 70);  // 100 expected
  EXPECT_LT(with_her, 130);

  // Games with her play to the end; only the other seat's decisions become rows.
  apply_overrides(c, {"full_fraction=1", "max_decisions=80", "games_per_worker=2", "automaton_share=1"});
  const games::Game& game = game_of(c);
  const auto worker = uniform_worker(c, 1);
  const std::vector<FinishedGame> games = play_games(*worker, 2);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    expect_well_formed(g.rows, c.players);
    const std::uint64_t seed = game_seed(c.seed, 1, g.index);
    EXPECT_NE(game.automaton_seat(game.new_game(c.players, seed, automaton_seat(c, seed))), games::kNoSeat);
  }
  apply_overrides(c, {"players=4"});  // she plays in games of 2 or 3 only
  EXPECT_THROW(check_game_config(c, game.facts()), ConfigError);
}

// Every game a worker plays replays from its seed and actions to the position it ended in,
// and its line in a records file opens as a game (with Wakhan's seat, capped games marked).
TEST(SelfPlay, GameRecordsReplayEveryGameFromItsSeed) {
  TrainConfig c = tiny();
  apply_overrides(c, {"max_decisions=120", "games_per_worker=3", "automaton_share=0.5"});
  const games::Game& game = game_of(c);
  const auto worker = uniform_worker(c, 2);
  const std::vector<FinishedGame> games = play_games(*worker, 6);
  const fs::path path = fresh_dir("selfplay_records");
  fs::create_directories(path);
  {
    GameRecords records(game, (path / "games.jsonl").string(), c, 2);
    for (const auto& g : games) records.add(g);
  }
  const auto stored = tournament::read_games(game, (path / "games.jsonl").string());
  ASSERT_EQ(stored.size(), games.size());
  int with_her = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    const tournament::StoredGame& s = stored[i];
    EXPECT_EQ(s.index, games[i].index);
    EXPECT_EQ(s.record.seed, game_seed(c.seed, 2, games[i].index));
    EXPECT_EQ(s.record.actions, games[i].actions);
    EXPECT_EQ(s.record.automaton_seat, automaton_seat(c, s.record.seed));
    with_her += s.record.automaton_seat != -1;
    std::string error;
    const auto end = game.replay(s.record, &error);
    ASSERT_TRUE(end) << error;
    if (!game.over(*end)) {
      EXPECT_GE(int(games[i].actions.size()), c.max_decisions);
      EXPECT_EQ(s.ranks, std::vector<int>(c.players, 0));
    }
    for (int p = 0; p < c.players; ++p)
      EXPECT_EQ(s.record.agents[p], p == s.record.automaton_seat ? "wakhan" : "selfplay:gen002");
  }
  EXPECT_GT(with_her, 0);
  EXPECT_LT(with_her, 6);
  fs::remove_all(path);
}

TEST(SelfPlay, TemperatureFollowsTheSchedule) {
  TrainConfig c = tiny();
  apply_overrides(c, {"temperature_start=1", "temperature_end=0.2", "temperature_moves=10"});
  EXPECT_DOUBLE_EQ(move_temperature(c, 0), 1.0);
  EXPECT_DOUBLE_EQ(move_temperature(c, 5), 0.6);
  EXPECT_DOUBLE_EQ(move_temperature(c, 10), 0.2);
  EXPECT_DOUBLE_EQ(move_temperature(c, 500), 0.2);
}

TEST(SelfPlay, ResumedGenerationPlaysOnlyMissingGames) {
  TrainConfig c = tiny();
  apply_overrides(c, {"games_per_generation=5", "games_per_shard=2", "threads=2"});
  const fs::path dir = fresh_dir("selfplay_resume");
  fs::create_directories(dir);
  const nets::NetShape& shape = game_of(c).net_shape();
  const WorkerMaker uniform = [&](int) { return uniform_worker(c, 1); };
  const SelfPlayResult first = run_selfplay(c, 1, shape, dir.string(), uniform);
  EXPECT_EQ(first.counters.games, 5);
  EXPECT_EQ(first.resumed.games, 0);
  auto shards = generation_shards(dir.string(), 1);
  ASSERT_EQ(shards.size(), 3u);  // 2 + 2 + 1 games
  std::set<long> all;
  for (const auto& s : shards)
    for (auto g : read_shard(s, shape).games)
      EXPECT_TRUE(all.insert(long(g)).second) << "game " << g << " twice";
  EXPECT_EQ(all.size(), 5u);

  // A kill loses the shard being written (atomic: absent), and a disk fault corrupts another.
  const std::size_t lost_games = read_shard(shards[0], shape).games.size(),
                    bad_games = read_shard(shards[1], shape).games.size();
  fs::remove(shards[0]);
  { std::ofstream(shards[1], std::ios::binary | std::ios::in | std::ios::out).seekp(200).put('\x7F'); }
  const SelfPlayResult again = run_selfplay(c, 1, shape, dir.string(), uniform);
  EXPECT_EQ(again.counters.games, long(lost_games + bad_games));
  EXPECT_EQ(again.resumed.games, long(5 - lost_games - bad_games));
  EXPECT_TRUE(fs::exists(shards[1] + ".corrupt"));
  all.clear();
  for (const auto& s : generation_shards(dir.string(), 1))
    for (auto g : read_shard(s, shape).games)
      EXPECT_TRUE(all.insert(long(g)).second) << "game " << g << " twice";
  EXPECT_EQ(all.size(), 5u);
  // Complete: nothing more to play.
  EXPECT_EQ(run_selfplay(c, 1, shape, dir.string(), uniform).counters.games, 0);
  fs::remove_all(dir);
}

// A generation finished by a second process counts the first one's games too: the shards
// keep what their games took (decisions, searches, iterations, leaves, ...).
TEST(SelfPlay, AResumedGenerationCountsTheGamesAlreadyOnDisk) {
  TrainConfig c = tiny();
  apply_overrides(c, {"games_per_generation=6", "games_per_shard=2", "threads=2"});
  const fs::path dir = fresh_dir("selfplay_resume_counts");
  fs::create_directories(dir);
  const nets::NetShape& shape = game_of(c).net_shape();
  const WorkerMaker uniform = [&](int) { return uniform_worker(c, 1); };
  const SelfPlayResult whole = run_selfplay(c, 1, shape, dir.string(), uniform);
  ASSERT_GT(whole.counters.searches, 0);
  // Two of the three shards survive; the rest is played again by "another process".
  fs::remove(generation_shards(dir.string(), 1)[1]);
  const SelfPlayResult resumed = run_selfplay(c, 1, shape, dir.string(), uniform);
  EXPECT_EQ(resumed.counters.games, 2);
  SelfPlayCounters total = resumed.counters;
  total += resumed.resumed;
  for_each_game_counter(
      [&](const char* name, auto member) { EXPECT_EQ(total.*member, whole.counters.*member) << name; });
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir::selfplay
