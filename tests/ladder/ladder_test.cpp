// The ladder: results files imported once (again: nothing new), versions told apart by their
// nets, a bad file refused whole, two writers at once, a transaction cut short, and ratings
// that are one Plackett-Luce fit over a table's games.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <thread>

#include "games/registry.h"
#include "io/file_io.h"
#include "ladder/database.h"
#include "ladder/import.h"
#include "ladder/ratings.h"
#include "ladder/report.h"
#include "ladder/version.h"
#include "nets/checksum.h"
#include "nets/weights.h"
#include "tests/cli_tool.h"
#include "tournament/rating.h"
#include "tournament/results_log.h"
#include "tournament/tournament.h"

namespace pamir::ladder {
namespace {

namespace fs = std::filesystem;
using pamir::testing::temp_path;

struct LadderFiles : ::testing::Test {
  std::string dir = temp_path("pamir_ladder_test");
  std::string db_path = dir + "/ladder.sqlite";
  void SetUp() override {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
};

// A tournament between fast agents, played here, its results in folder/games.jsonl.
tournament::TournamentConfig ladder_tournament(const std::string& folder, std::vector<std::string> agents,
                                               int players, long games) {
  tournament::TournamentConfig c;
  c.agents = std::move(agents);
  c.players = players;
  c.games = games;
  c.seed = 3;
  c.threads = 2;
  fs::create_directories(folder);
  c.results_path = folder + "/games.jsonl";
  tournament::run_tournament(c);
  return c;
}

// A results file written by the results writer with made-up games (the import reads no
// action): game i seats agent i % 2 first and it wins.
void write_ladder_file(const std::string& path, const std::vector<std::string>& agents, int games) {
  const games::Game& pamir = games::default_game();
  std::string text = tournament::results_header(pamir, agents, 2, "distinct", 1, 2000) + "\n";
  for (int i = 0; i < games; ++i) {
    tournament::GameResult g;
    g.game = i;
    g.seed = 1000 + i;
    g.seats = {i % 2, 1 - i % 2};
    g.vp = {9, 4};
    g.ranks = {0, 1};
    g.actions = {1, 2, 3};
    text += tournament::game_line(g) + "\n";
  }
  fs::create_directories(fs::path(path).parent_path());
  io::write_file_atomically(path, text);
}

// A tiny net of the default game in path.
void write_ladder_net(const std::string& path, std::uint64_t seed) {
  fs::create_directories(fs::path(path).parent_path());
  nets::save_weights(path, nets::random_weights(games::default_game().net_shape(), {8, 1}, seed));
}

std::string file_checksum(const std::string& path) {
  const std::string bytes = io::read_file(path);
  return hex16(nets::checksum64(bytes.data(), bytes.size()));
}

TEST_F(LadderFiles, ImportsATournamentOnceAndAgainAddsNothing) {
  ladder_tournament(dir + "/t", {"random", "heuristic"}, 2, 6);
  Database db(db_path, true);
  const ImportCount first = import_results(db, dir + "/t/games.jsonl");
  EXPECT_EQ(first.games, 6);
  EXPECT_EQ(first.added, 6);
  EXPECT_EQ(db.game_count(), 6);
  const std::vector<VersionRow> versions = db.versions();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0].version.label, "random");
  EXPECT_EQ(versions[0].version.net_checksum, "");
  EXPECT_EQ(versions[0].version.engine_signature, hex16(games::default_game().bench_signature()));
  EXPECT_EQ(db.query_number("SELECT count(*) FROM seats"), 12);

  // The folder, found by the walk, holds the same file: nothing new.
  ASSERT_EQ(results_files(dir), std::vector<std::string>{dir + "/t/games.jsonl"});
  const ImportCount again = import_results(db, results_files(dir).front());
  EXPECT_EQ(again.games, 6);
  EXPECT_EQ(again.added, 0);
  EXPECT_EQ(db.game_count(), 6);
  EXPECT_EQ(db.versions().size(), 2u);
}

// A results file grows as a tournament plays: the game still being written is left, and the
// next import takes it and nothing else.
TEST_F(LadderFiles, AGameBeingWrittenWaitsForTheNextImport) {
  const std::string path = dir + "/t/games.jsonl";
  write_ladder_file(path, {"random", "heuristic"}, 3);
  const std::string whole = io::read_file(path);
  const std::size_t last = whole.rfind('\n', whole.size() - 2);
  io::write_file_atomically(path, whole.substr(0, last + 10));  // the third game cut short
  Database db(db_path, true);
  const ImportCount cut = import_results(db, path);
  EXPECT_EQ(cut.added, 2);
  EXPECT_EQ(cut.partial_lines, 1);
  io::write_file_atomically(path, whole);
  EXPECT_EQ(import_results(db, path).added, 1);
  EXPECT_EQ(db.game_count(), 3);
}

// A version is its spec, its net's checksum and the engine: the same spec naming two
// different files is two versions, two copies of one net are one.
TEST_F(LadderFiles, ANetsBytesTellVersionsApart) {
  const std::string spec = "ismcts:iters=4,eval=net:nets/gen001.weights";
  for (const char* run : {"a", "b", "c"})
    write_ladder_file(dir + "/" + run + "/eval/gen001-vs-x.jsonl", {spec, "random"}, 4);
  write_ladder_net(dir + "/a/nets/gen001.weights", 1);
  write_ladder_net(dir + "/b/nets/gen001.weights", 2);
  fs::create_directories(dir + "/c/nets");
  fs::copy_file(dir + "/a/nets/gen001.weights", dir + "/c/nets/gen001.weights");
  Database db(db_path, true);
  for (const char* run : {"a", "b", "c"})
    EXPECT_EQ(import_results(db, dir + "/" + run + "/eval/gen001-vs-x.jsonl").added, 4);
  std::map<std::string, std::vector<std::string>> labels_by_checksum;
  for (const VersionRow& v : db.versions())  // (each run's generation 0, a parent, is missing)
    if (!v.version.net_checksum.empty() && !v.version.net_checksum.starts_with("missing:"))
      labels_by_checksum[v.version.net_checksum].push_back(v.version.label);
  ASSERT_EQ(labels_by_checksum.size(), 2u);
  // The eval files name the nets relative to their run folder.
  const auto& a = labels_by_checksum.at(file_checksum(dir + "/a/nets/gen001.weights"));
  ASSERT_EQ(a.size(), 1u);  // c's copy is the same version
  EXPECT_EQ(a[0], "ismcts:iters=4,eval=net:" + dir + "/a/nets/gen001.weights");
  EXPECT_EQ(labels_by_checksum.at(file_checksum(dir + "/b/nets/gen001.weights"))[0],
            "ismcts:iters=4,eval=net:" + dir + "/b/nets/gen001.weights");
}

TEST_F(LadderFiles, ANetThatIsGoneIsRecordedAsMissing) {
  const AgentVersion v = resolve_version("pamir", "ismcts:eval=net:gone.weights", 2, {dir});
  EXPECT_EQ(v.net_checksum, "missing:" + dir + "/gone.weights");
  EXPECT_EQ(v.spec, "ismcts:eval=net:" + dir + "/gone.weights");
  EXPECT_EQ(v.spec_key, "ismcts:eval=net:*");
  EXPECT_EQ(resolve_version("pamir", "ismcts:eval=heuristic", 2, {dir}).net_checksum, "");
  // The last eval= is the agent's.
  EXPECT_EQ(resolve_version("pamir", "ismcts:eval=net:gone.weights,eval=rollout", 2, {dir}).net_checksum, "");
}

// `best` names no file: the shipped net of the table is its net, so a new shipped net is a
// new version, labelled with its checksum.
TEST_F(LadderFiles, BestWithAnotherShippedNetIsAnotherVersion) {
  const std::string models = dir + "/models";
  ::setenv("PAMIR_MODELS", models.c_str(), 1);
  write_ladder_net(models + "/pamir-2p.weights", 1);
  const AgentVersion first = resolve_version("pamir", "best", 2, {"."});
  write_ladder_net(models + "/pamir-2p.weights", 2);
  const AgentVersion second = resolve_version("pamir", "best:iters=8", 2, {"."});
  const AgentVersion third = resolve_version("pamir", "ismcts:eval=best", 2, {"."});
  ::unsetenv("PAMIR_MODELS");
  EXPECT_NE(first.net_checksum, second.net_checksum);
  EXPECT_EQ(second.net_checksum, file_checksum(models + "/pamir-2p.weights"));
  EXPECT_EQ(third.net_checksum, second.net_checksum);
  EXPECT_EQ(first.label, "best[" + first.net_checksum.substr(0, 8) + "]");
  EXPECT_EQ(second.label, "best:iters=8[" + second.net_checksum.substr(0, 8) + "]");
  Database db(db_path, true);
  Transaction t(db);
  EXPECT_NE(db.version_id(first), db.version_id(resolve_version("pamir", "best", 2, {"."})));
}

// A training run's generation N descends from generation N-1 of the same run, also where that
// net was deleted (here generation 0's).
TEST_F(LadderFiles, AGenerationsParentIsThePreviousGeneration) {
  const std::string run = dir + "/run";
  for (int g = 1; g <= 2; ++g) write_ladder_net(run + "/nets/gen00" + std::to_string(g) + ".weights", 10 + g);
  write_ladder_file(
      run + "/eval/gen002-vs-previous.jsonl",
      {"ismcts:iters=4,eval=net:./nets/gen002.weights", "ismcts:iters=4,eval=net:./nets/gen001.weights"}, 2);
  Database db(db_path, true);
  import_results(db, run + "/eval/gen002-vs-previous.jsonl");
  std::map<std::string, VersionRow> by_file;
  for (const VersionRow& v : db.versions()) by_file[fs::path(v.version.spec).filename().string()] = v;
  ASSERT_EQ(by_file.size(), 3u);  // gen000 too, as gen001's parent
  EXPECT_EQ(by_file.at("gen002.weights").parent, by_file.at("gen001.weights").id);
  EXPECT_EQ(by_file.at("gen001.weights").parent, by_file.at("gen000.weights").id);
  EXPECT_EQ(by_file.at("gen000.weights").parent, 0);
  EXPECT_EQ(by_file.at("gen000.weights").version.net_checksum, "missing:" + run + "/nets/gen000.weights");
  EXPECT_EQ(by_file.at("gen001.weights").version.net_checksum, file_checksum(run + "/nets/gen001.weights"));
  Transaction t(db);
  EXPECT_THROW(db.set_parent(by_file.at("gen000.weights").id, by_file.at("gen002.weights").id),
               std::invalid_argument);
}

TEST_F(LadderFiles, ABadFileIsRefusedWholeNamingItsLine) {
  const std::string path = dir + "/t/games.jsonl";
  write_ladder_file(path, {"random", "heuristic"}, 3);
  std::string text = io::read_file(path);
  const std::size_t third = text.rfind("\"ranks\":[0,1]");
  text.replace(third, 13, "\"ranks\":[0]");
  io::write_file_atomically(path, text);
  Database db(db_path, true);
  try {
    import_results(db, path);
    FAIL() << "the file was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + " line 4: ", 0), 0u) << e.what();
  }
  EXPECT_EQ(db.game_count(), 0);
  EXPECT_EQ(db.versions().size(), 0u);
  io::write_file_atomically(path, "not a results file\n");
  EXPECT_THROW(import_results(db, path), std::runtime_error);
  EXPECT_EQ(db.game_count(), 0);
}

// Processes importing into one ladder at once (here threads, each with its own connection,
// each importing its own files, the first of them making the database): every file lands
// whole, whichever writer waits for another.
TEST_F(LadderFiles, WritersAtOnceAllLand) {
  constexpr int kWriters = 4, kFilesEach = 3, kGames = 100;
  for (int w = 0; w < kWriters; ++w)
    for (int f = 0; f < kFilesEach; ++f)
      write_ladder_file(dir + "/w" + std::to_string(w) + "/" + std::to_string(f) + "/games.jsonl",
                        {"random:seed=" + std::to_string(w), "heuristic"}, kGames);
  std::vector<std::thread> writers;
  std::vector<long> added(kWriters, 0);
  std::vector<std::string> errors(kWriters);
  for (int w = 0; w < kWriters; ++w)
    writers.emplace_back([&, w] {
      try {
        Database db(db_path, true);
        for (const std::string& file : results_files(dir + "/w" + std::to_string(w)))
          added[w] += import_results(db, file).added;
      } catch (const std::exception& e) {
        errors[w] = e.what();
      }
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(errors, std::vector<std::string>(kWriters));
  EXPECT_EQ(added, std::vector<long>(kWriters, kFilesEach * kGames));
  Database db(db_path, false);
  EXPECT_EQ(db.game_count(), kWriters * kFilesEach * kGames);
  EXPECT_EQ(db.query_number("SELECT count(*) FROM seats"), 2 * kWriters * kFilesEach * kGames);
  EXPECT_EQ(db.versions().size(), std::size_t(kWriters + 1));  // heuristic once
}

GameRow ladder_game_row(long version, long line) {
  return {"pamir", 2, 7, "/made/up.jsonl", line, false, 3, {{version, 0, 9}, {version, 1, 4}}};
}

// A transaction that fails midway (an exception after its first game) leaves nothing.
TEST_F(LadderFiles, ATransactionCutShortLeavesNoPartOfIt) {
  Database db(db_path, true);
  try {
    Transaction t(db);
    const long v = db.version_id(resolve_version("pamir", "random", 2, {}));
    ASSERT_TRUE(db.add_game(ladder_game_row(v, 2)));
    throw std::runtime_error("midway");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(db.game_count(), 0);
  EXPECT_EQ(db.query_number("SELECT count(*) FROM seats"), 0);
  EXPECT_EQ(db.versions().size(), 0u);
}

// A writer killed inside its transaction: the ladder holds none of it and stays sound.
TEST_F(LadderFiles, AWriterKilledMidwayLeavesTheLadderSound) {
  {
    Database db(db_path, true);
    Transaction t(db);
    db.add_game(ladder_game_row(db.version_id(resolve_version("pamir", "random", 2, {})), 2));
    t.commit();
  }
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    Database db(db_path, false);
    Transaction t(db);
    db.add_game(ladder_game_row(1, 3));
    ::_exit(0);  // killed before COMMIT: no destructor, no rollback
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  Database db(db_path, false);
  EXPECT_EQ(db.game_count(), 1);
  EXPECT_EQ(db.query_number("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check != 'ok'"), 0);
  Transaction t(db);  // the lock died with the writer
  EXPECT_TRUE(db.add_game(ladder_game_row(1, 3)));
  t.commit();
}

// `pamir ladder show`'s ratings are fit_plackett_luce over the table's games, as recorded.
TEST_F(LadderFiles, RatingsAreOneFitOverTheTablesGames) {
  const auto c =
      ladder_tournament(dir + "/t", {"random", "random:seed=2", "heuristic", "heuristic:seed=3"}, 3, 24);
  Database db(db_path, true);
  import_results(db, c.results_path);
  const std::vector<TableRatings> tables = rate_tables(db, {});
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].table, (Table{"pamir", 3}));
  EXPECT_EQ(tables[0].games, 24);

  const tournament::ResultsFile file = tournament::read_results_file(games::default_game(), c.results_path);
  std::vector<tournament::RankedGame> ranked;
  for (const auto& g : file.games) ranked.push_back({g.seats, g.ranks});
  const auto direct = tournament::elo_ratings(tournament::fit_plackett_luce(4, ranked), std::nullopt, 0);
  ASSERT_EQ(tables[0].versions.size(), 4u);
  for (const RatedVersion& v : tables[0].versions) {
    const int agent = int(std::find(c.agents.begin(), c.agents.end(), v.row.version.spec) - c.agents.begin());
    ASSERT_LT(agent, 4);
    EXPECT_NEAR(v.rating.elo, direct[agent].elo, 1e-3) << v.row.version.label;
    EXPECT_NEAR(v.rating.ci_low, direct[agent].ci_low, 1e-3);
    EXPECT_NEAR(v.rating.ci_high, direct[agent].ci_high, 1e-3);
    EXPECT_TRUE(v.connected);
  }
  for (std::size_t i = 1; i < tables[0].versions.size(); ++i)
    EXPECT_GE(tables[0].versions[i - 1].rating.elo, tables[0].versions[i].rating.elo);

  // Anchored at a version: it sits at the anchor's Elo.
  RatingRequest anchored;
  anchored.anchor = "heuristic";
  anchored.anchor_elo = 1000;
  for (const RatedVersion& v : rate_tables(db, anchored)[0].versions)
    EXPECT_NEAR(v.rating.elo, v.row.version.label == "heuristic" ? 1000 : v.rating.elo, 1e-9);
  anchored.anchor = "nobody";
  EXPECT_THROW(rate_tables(db, anchored), std::invalid_argument);
}

// Versions that never met the others, directly or through others, are flagged in the text.
TEST_F(LadderFiles, VersionsApartFromTheRestAreNoted) {
  write_ladder_file(dir + "/one/games.jsonl", {"random", "heuristic"}, 10);
  write_ladder_file(dir + "/two/games.jsonl", {"random:seed=2", "random:seed=3"}, 4);
  Database db(db_path, true);
  for (const std::string& f : results_files(dir)) import_results(db, f);
  const std::vector<TableRatings> tables = rate_tables(db, {});
  ASSERT_EQ(tables.size(), 1u);
  long apart = 0;
  for (const RatedVersion& v : tables[0].versions) apart += !v.connected;
  EXPECT_EQ(apart, 2);
  const std::string text = ladder_text(tables);
  EXPECT_NE(text.find("rests on the prior alone"), std::string::npos) << text;
  EXPECT_NE(text.find("Pax Pamir, 2 players: 4 versions, 14 games"), std::string::npos) << text;

  // The page draws the table and a dashed line to a parent that plays in it.
  Transaction t(db);
  db.set_parent(2, 1);
  t.commit();
  const std::string page = ladder_html(rate_tables(db, {}), db.versions(), db_path);
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_NE(page.find("stroke-dasharray"), std::string::npos);
  EXPECT_NE(page.find("#1 random"), std::string::npos);
}

TEST_F(LadderFiles, AFileThatIsNoLadderIsRefused) {
  io::write_file_atomically(db_path, "this is not a database, not at all, not even close, no no no no");
  EXPECT_THROW(Database(db_path, false), std::runtime_error);
}

}  // namespace
}  // namespace pamir::ladder
