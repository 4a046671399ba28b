// The training loop end to end on the tiny config (seconds), and resume after a kill.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "games/registry.h"
#include "io/file_io.h"
#include "selfplay/config.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "tests/selfplay/run_fixtures.h"
#include "training/train_loop.h"

namespace pamir::selfplay {
namespace {

namespace fs = std::filesystem;

void expect_complete_run(const fs::path& dir, const TrainConfig& c) {
  for (int g = 0; g <= c.generations; ++g) {
    const std::string name = fmt::format("gen{:03}", g);
    EXPECT_TRUE(fs::exists(dir / "nets" / (name + ".weights"))) << name;
    EXPECT_TRUE(fs::exists(dir / "nets" / (name + ".ckpt"))) << name;
    if (g > 0) {
      EXPECT_TRUE(fs::exists(dir / "generations" / (name + ".json"))) << name;
    }
  }
  for (const char* f : {"metrics.csv", "losses.csv", "ratings.txt", "report.html"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  const std::string metrics = io::read_file((dir / "metrics.csv").string());
  EXPECT_EQ(std::count(metrics.begin(), metrics.end(), '\n'), c.generations + 1);
}

TEST(TrainLoop, AYardstickRatesEveryGenerationAgainstProcessorTime) {
  TrainConfig c = tiny();
  apply_overrides(c, {"yardstick_games=4", "yardstick_iters=8", "final_eval_games=0"});
  const fs::path dir = fresh_dir("train_yardstick");
  const TrainRunResult r = run_training(c, dir.string());
  // Generation 0 too: the curve starts at no processor time.
  ASSERT_EQ(int(r.curve.size()), c.generations + 1);
  EXPECT_EQ(r.curve[0].cpu_hours, 0);
  for (int g = 0; g <= c.generations; ++g) {
    const CurvePoint& p = r.curve[g];
    EXPECT_EQ(p.generation, g);
    // Heuristic ISMCTS and Wakhan (a 2-player config), yardstick_games each.
    ASSERT_EQ(p.scores.size(), 2u);
    EXPECT_EQ(p.scores[0].opponent, "heuristic");
    EXPECT_EQ(p.scores[1].opponent, "wakhan");
    for (const MatchScore& m : p.scores) EXPECT_EQ(m.games, c.yardstick_games);
    EXPECT_EQ(p.games, 2 * c.yardstick_games);
    if (g > 0) {
      EXPECT_GT(p.cpu_hours, r.curve[g - 1].cpu_hours);  // self-play and training took processor time
      EXPECT_GE(r.records[g - 1].eval_cpu_seconds, 0);
    }
  }
  const std::string csv = io::read_file((dir / "curve.csv").string());
  EXPECT_EQ(parse_curve_csv(csv, "curve.csv").size(), r.curve.size());
  EXPECT_NE(io::read_file((dir / "report.html").string()).find("Learning curve"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "eval" / "gen000-yardstick-heuristic.jsonl"));
  // The two opponents met each other once, on deals of their own.
  EXPECT_TRUE(fs::exists(dir / "eval" / "yardstick-reference.jsonl"));
  // Resumed, the run plays nothing again and draws the same curve.
  const TrainRunResult again = run_training(c, dir.string());
  ASSERT_EQ(again.curve.size(), r.curve.size());
  for (std::size_t i = 0; i < r.curve.size(); ++i) {
    EXPECT_DOUBLE_EQ(again.curve[i].elo, r.curve[i].elo);
    EXPECT_DOUBLE_EQ(again.curve[i].cpu_hours, r.curve[i].cpu_hours);
  }
  // Taken on a generation, its earlier points stay where they were: a generation's rating rests
  // on its own games and the reference games, not on what the run's other generations did.
  c.generations += 1;
  const TrainRunResult longer = run_training(c, dir.string());
  ASSERT_EQ(longer.curve.size(), r.curve.size() + 1);
  for (std::size_t i = 0; i < r.curve.size(); ++i) {
    EXPECT_DOUBLE_EQ(longer.curve[i].elo, r.curve[i].elo) << "generation " << i;
    EXPECT_DOUBLE_EQ(longer.curve[i].low, r.curve[i].low) << "generation " << i;
  }
  fs::remove_all(dir);
}

// At 3 seats an agent may hold two seats of a game: the curve counts games, not seats, and
// Wakhan is no yardstick there.
TEST(TrainLoop, AThreeSeatYardstickCountsGames) {
  TrainConfig c = tiny();
  apply_overrides(c, {"players=3", "generations=1", "yardstick_games=6", "yardstick_iters=4",
                      "final_eval_games=0", "eval_games=0"});
  check_game_config(c, games::game(c.game).facts());
  const fs::path dir = fresh_dir("train_yardstick_3p");
  const TrainRunResult r = run_training(c, dir.string());
  ASSERT_EQ(r.curve.size(), 2u);
  for (const CurvePoint& p : r.curve) {
    ASSERT_EQ(p.scores.size(), 1u);
    EXPECT_EQ(p.scores[0].opponent, "heuristic");
    EXPECT_EQ(p.games, c.yardstick_games);
  }
  fs::remove_all(dir);
}

TEST(TrainLoop, TinyRunCompletesWithEveryArtifact) {
  const TrainConfig c = tiny();
  const fs::path dir = fresh_dir("train_tiny");
  const TrainRunResult r = run_training(c, dir.string());
  ASSERT_EQ(int(r.records.size()), c.generations);
  for (const auto& rec : r.records) {
    EXPECT_EQ(rec.games, c.games_per_generation);
    EXPECT_GT(rec.rows, 0);
    EXPECT_EQ(int(rec.losses.size()), std::min(c.train_steps, 25));
    // The previous generation, then the fixed opponents: rollout ISMCTS, heuristic ISMCTS, Wakhan.
    ASSERT_EQ(rec.matches.size(), 4u);
    EXPECT_EQ(rec.matches[1].opponent, "baseline");
    EXPECT_EQ(rec.matches[2].opponent, "heuristic");
    EXPECT_EQ(rec.matches[3].opponent, "wakhan");
    for (const auto& m : rec.matches) EXPECT_EQ(m.games, c.eval_games);
  }
  // Against generation 0, the baseline, and Wakhan (a 2-player run: she can sit).
  ASSERT_EQ(r.final_matches.size(), 3u);
  EXPECT_EQ(r.final_matches[0].opponent, "gen0");
  EXPECT_EQ(r.final_matches[1].opponent, "baseline");
  EXPECT_EQ(r.final_matches[2].opponent, "wakhan");
  EXPECT_TRUE(fs::exists(dir / "eval/final-gen002-vs-wakhan.jsonl"));
  for (const auto& m : r.final_matches) EXPECT_EQ(m.games, c.final_eval_games);
  EXPECT_EQ(int(r.ratings.size()), c.generations + 4);  // every generation and the three fixed opponents
  expect_complete_run(dir, c);
  fs::remove_all(dir);
}

TEST(TrainLoop, ResumeAfterLosingTheLastGenerationsWorkKeepsEverythingElse) {
  const TrainConfig c = tiny();
  const fs::path dir = fresh_dir("train_resume");
  run_training(c, dir.string());
  const std::string gen1_ckpt = io::read_file((dir / "nets/gen001.ckpt").string());
  const std::string gen1_record = io::read_file((dir / "generations/gen001.json").string());
  // What a kill during generation 2's training leaves: some of its shards, no checkpoint,
  // no record, no evaluation.
  const auto shards = generation_shards((dir / "shards").string(), 2);
  ASSERT_GE(shards.size(), 2u);
  fs::remove(shards.back());
  for (const char* f :
       {"nets/gen002.ckpt", "nets/gen002.weights", "generations/gen002.json", "eval/gen002-vs-previous.jsonl",
        "eval/gen002-vs-baseline.jsonl", "eval/gen002-vs-heuristic.jsonl", "eval/gen002-vs-wakhan.jsonl",
        "eval/final-gen002-vs-gen000.jsonl", "eval/final-gen002-vs-baseline.jsonl",
        "eval/final-gen002-vs-wakhan.jsonl"})
    fs::remove(dir / f);
  const TrainRunResult r = run_training(c, dir.string());
  expect_complete_run(dir, c);
  long shard_rows = 0;  // the resumed generation counts the rows of the shards it kept too
  for (const auto& path : generation_shards((dir / "shards").string(), 2))
    shard_rows += read_shard(path, games::game(c.game).net_shape()).rows();
  EXPECT_EQ(r.records[1].rows, shard_rows);
  EXPECT_EQ(io::read_file((dir / "nets/gen001.ckpt").string()), gen1_ckpt);
  EXPECT_EQ(io::read_file((dir / "generations/gen001.json").string()), gen1_record);
  EXPECT_EQ(r.records[1].games, long(c.games_per_generation));
  ASSERT_EQ(r.final_matches.size(), 3u);
  EXPECT_EQ(r.final_matches[0].games, c.final_eval_games);
  fs::remove_all(dir);
}

// A kill after a generation's self-play: the resumed run plays none of its games, and its
// record keeps the self-play measures of the process that played them (net calls, threads,
// processor time: the learning curve's axis).
TEST(TrainLoop, AGenerationResumedAfterItsSelfPlayKeepsItsMeasures) {
  const TrainConfig c = tiny();
  const fs::path dir = fresh_dir("train_resume_measures");
  const TrainRunResult first = run_training(c, dir.string());
  for (const char* f : {"nets/gen002.ckpt", "nets/gen002.weights", "generations/gen002.json"})
    fs::remove(dir / f);
  for (const auto& e : fs::directory_iterator(dir / "eval")) fs::remove(e.path());
  const TrainRunResult r = run_training(c, dir.string());
  const GenerationRecord &before = first.records[1], &after = r.records[1];
  EXPECT_GT(before.evaluator_calls, 0);
  EXPECT_EQ(after.evaluator_calls, before.evaluator_calls);
  EXPECT_DOUBLE_EQ(after.leaves_per_call, before.leaves_per_call);
  EXPECT_EQ(after.threads, before.threads);
  EXPECT_DOUBLE_EQ(after.selfplay_cpu_seconds, before.selfplay_cpu_seconds);
  EXPECT_DOUBLE_EQ(after.selfplay_seconds, before.selfplay_seconds);
  // A damaged measures file is a one-line error naming it.
  fs::remove(dir / "generations/gen002.json");
  io::write_file_atomically((dir / "generations/gen002-selfplay.json").string(), "{\"threads\": \"two\"}");
  try {
    run_training(c, dir.string());
    ADD_FAILURE() << "a malformed measures file was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("gen002-selfplay.json: malformed"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// A finished run moved to another folder, then extended by a generation: the moved run
// resumes (its evaluation files name nets relative to the run folder) and the new last
// generation plays its final matches in files of its own.
TEST(TrainLoop, AMovedFinishedRunExtendsByAGeneration) {
  TrainConfig c = tiny();
  apply_overrides(c, {"generations=1"});
  const fs::path dir = fresh_dir("train_extend"), moved = fresh_dir("train_extend_moved");
  run_training(c, dir.string());
  fs::remove_all(moved);
  fs::rename(dir, moved);
  apply_overrides(c, {"generations=2"});
  const TrainRunResult r = run_training(c, moved.string());
  expect_complete_run(moved, c);
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_GT(r.records[0].rows, 0);
  EXPECT_TRUE(fs::exists(moved / "eval/final-gen001-vs-gen000.jsonl"));
  EXPECT_TRUE(fs::exists(moved / "eval/final-gen002-vs-gen000.jsonl"));
  ASSERT_EQ(r.final_matches.size(), 3u);
  EXPECT_EQ(r.final_matches[0].games, c.final_eval_games);
  fs::remove_all(moved);
}

// A new run can start from a trained net (a recipe taken on when the run folder that made the
// net is gone): its generation 0 is that net, byte for byte, and it trains on from there.
TEST(TrainLoop, ARunStartsFromAnInitialNet) {
  TrainConfig c = tiny();
  apply_overrides(c, {"generations=1", "final_eval_games=0"});
  const fs::path first = fresh_dir("train_init_first"), second = fresh_dir("train_init_second");
  run_training(c, first.string());
  const std::string trained = (first / "nets/gen001.weights").string();
  apply_overrides(c, {"seed=7"});
  const InitialNet initial = load_initial_net(c, trained);
  const TrainRunResult r = run_training(c, second.string(), {}, &initial);
  expect_complete_run(second, c);
  EXPECT_EQ(io::read_file((second / "nets/gen000.weights").string()), io::read_file(trained));
  EXPECT_NE(io::read_file((second / "nets/gen001.weights").string()), io::read_file(trained));
  ASSERT_EQ(r.records.size(), 1u);
  // A run that has its generation 0 keeps it.
  EXPECT_THROW(run_training(c, second.string(), {}, &initial), std::runtime_error);
  // A net of another width is refused before anything is written.
  TrainConfig wider = c;
  apply_overrides(wider, {"net_width=" + std::to_string(c.net_width * 2)});
  try {
    load_initial_net(wider, trained);
    ADD_FAILURE() << "a net of another width was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("net_width"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_initial_net(c, (first / "metrics.csv").string()), std::runtime_error);
  fs::remove_all(first);
  fs::remove_all(second);
}

// A run is a function of its config and seed: two runs at two threads write the same shards
// and weights byte for byte, although their threads finish games in different orders.
TEST(TrainLoop, TwoRunsWithOneSeedAreByteIdentical) {
  TrainConfig c = tiny();
  apply_overrides(c, {"threads=2", "generations=2", "games_per_shard=3"});
  const fs::path a = fresh_dir("train_same_a"), b = fresh_dir("train_same_b");
  run_training(c, a.string());
  run_training(c, b.string());
  int compared = 0;
  for (const char* sub : {"shards", "nets"})
    for (const auto& entry : fs::directory_iterator(a / sub)) {
      if (entry.path().extension() == ".ckpt") continue;  // a torch archive records its own file name
      const fs::path other = b / sub / entry.path().filename();
      ASSERT_TRUE(fs::exists(other)) << other;
      EXPECT_EQ(io::read_file(entry.path().string()), io::read_file(other.string())) << entry.path();
      ++compared;
    }
  EXPECT_GE(compared, 3 + 2);  // shards of two generations and three weight files
  fs::remove_all(a);
  fs::remove_all(b);
}

// Kills a real run at several moments (SIGKILL, no chance to clean up) and resumes it each
// time; the run must complete with every artifact readable.
TEST(SoakTrainLoop, KilledAtRandomMomentsResumesToCompletion) {
  TrainConfig c = tiny();
  apply_overrides(c, {"generations=3", "games_per_generation=6"});
  const fs::path dir = fresh_dir("train_kill");
  for (int delay_ms : {50, 300, 700, 1200, 2000, 3000}) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      try {
        run_training(c, dir.string());
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    usleep(delay_ms * 1000);
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
  }
  const TrainRunResult r = run_training(c, dir.string());
  expect_complete_run(dir, c);
  EXPECT_EQ(int(r.records.size()), c.generations);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pamir::selfplay
