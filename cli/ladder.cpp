// `pamir ladder`: every game between agent versions in one SQLite database (ladder/), rated
// together: `import` records results files, `show` prints the ratings of each table, `report`
// writes them as an HTML page with the versions' lineage, `parent` sets a version's parent.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/ladder_flag.h"
#include "io/file_io.h"
#include "ladder/import.h"
#include "ladder/ratings.h"
#include "ladder/report.h"

namespace pamir::cli {
namespace {

struct LadderFlags {
  std::string db = ladder::kDefaultDatabase;
  std::vector<std::string> paths;
  int players = 0;
  std::string anchor = "mean";
  double anchor_elo = 0;
  std::string out;
  std::string child, parent;
};

// The imports of every path's results files, one transaction a file; the first file that is
// not a results file stops the command (the files before it stay imported). each_path: a line
// on stdout per path.
ladder::ImportCount import_paths(ladder::Database& db, const std::vector<std::string>& paths,
                                 bool each_path) {
  ladder::ImportCount total;
  for (const std::string& path : paths) {
    const std::vector<std::string> files = ladder::results_files(path);
    if (files.empty())
      std::fprintf(stderr, "note: no results file under %s (games.jsonl, eval/*.jsonl)\n", path.c_str());
    ladder::ImportCount count;
    for (const std::string& file : files) count += ladder::import_results(db, file);
    if (each_path)
      std::printf("%s: %ld games, %ld new (%ld file%s)\n", path.c_str(), count.games, count.added,
                  count.files, count.files == 1 ? "" : "s");
    total += count;
  }
  return total;
}

// show, report and parent read a database; they make none.
std::unique_ptr<ladder::Database> open_existing(const std::string& path) {
  if (!std::filesystem::exists(path))
    throw CommandError("no ladder at " + path + " (`pamir ladder import` makes one; --db names another)");
  return std::make_unique<ladder::Database>(path, false);
}

// The one version a name names (a label, an id or a spec), of the --game's game when given.
ladder::VersionRow one_version(const std::vector<ladder::VersionRow>& versions, const std::string& name) {
  const std::string game = game_given() ? std::string(selected_game().key()) : "";
  const std::vector<ladder::VersionRow> named = ladder::named_versions(versions, name, game);
  if (named.empty())
    throw CommandError("no version is named " + io::quoted(name) +
                       " (a label, an id or a spec: `pamir ladder show` lists them)");
  if (named.size() > 1) {
    std::string ids;
    for (const auto& v : named) ids += (ids.empty() ? "" : ", ") + std::to_string(v.id);
    throw CommandError(io::quoted(name) + " names " + std::to_string(named.size()) + " versions (ids " + ids +
                       "): name one by its id");
  }
  return named.front();
}

std::vector<ladder::TableRatings> rate(ladder::Database& db, const LadderFlags& f) {
  ladder::RatingRequest request;
  request.game = game_given() ? std::string(selected_game().key()) : "";
  request.players = f.players;
  request.anchor = f.anchor;
  request.anchor_elo = f.anchor_elo;
  try {
    return ladder::rate_tables(db, request);
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what());
  }
}

void run_import(const LadderFlags& f) {
  ladder::Database db(f.db, true);
  const ladder::ImportCount total = import_paths(db, f.paths, true);
  std::printf("%s: %ld new games, %ld in all\n", f.db.c_str(), total.added, db.game_count());
  if (total.partial_lines)
    std::fprintf(stderr,
                 "note: %ld files end in a game still being written; it is left for the next import\n",
                 total.partial_lines);
}

void run_show(const LadderFlags& f) {
  const auto db = open_existing(f.db);
  std::printf("%s", ladder::ladder_text(rate(*db, f)).c_str());
}

void run_report(const LadderFlags& f) {
  const auto db = open_existing(f.db);
  io::write_file_atomically(f.out, ladder::ladder_html(rate(*db, f), db->versions(), f.db));
  std::printf("report: %s\n", f.out.c_str());
}

void run_parent(const LadderFlags& f) {
  const auto db = open_existing(f.db);
  const std::vector<ladder::VersionRow> versions = db->versions();
  const ladder::VersionRow child = one_version(versions, f.child), parent = one_version(versions, f.parent);
  if (child.version.game != parent.version.game)
    throw CommandError("#" + std::to_string(child.id) + " and #" + std::to_string(parent.id) +
                       " are versions of different games");
  ladder::Transaction transaction(*db);
  try {
    db->set_parent(child.id, parent.id);
  } catch (const std::invalid_argument& e) {
    throw CommandError(e.what() + std::string(" (#") + std::to_string(parent.id) + " descends from #" +
                       std::to_string(child.id) + ")");
  }
  transaction.commit();
  std::printf("#%ld %s: parent #%ld %s\n", child.id, child.version.label.c_str(), parent.id,
              parent.version.label.c_str());
}

void add_db_option(CLI::App& command, LadderFlags& f) {
  command.add_option("--db", f.db, "The ladder's SQLite file");
}

void add_rating_options(CLI::App& command, LadderFlags& f) {
  command.add_option("--players", f.players, "Only the tables of this many seats (0: every count)");
  command.add_option("--anchor", f.anchor,
                     "Elo anchor: \"mean\" (of each table's versions) or a version (label, id or spec)");
  command.add_option("--anchor-elo", f.anchor_elo, "Elo of the anchor");
}

const bool ladder_registered = register_command("ladder", [](CLI::App& app) {
  auto* cmd = app.add_subcommand("ladder",
                                 "Every game between agent versions in one database, rated together "
                                 "(docs/tournaments.md, \"The ladder\")");
  cmd->require_subcommand(1);
  cmd->fallthrough();  // --game after a subcommand goes to the ladder's own option
  auto flags = std::make_shared<LadderFlags>();

  auto* import = cmd->add_subcommand(
      "import", "Record the games of results files: games.jsonl and eval/*.jsonl, under folders too");
  import->add_option("PATH", flags->paths, "Results files, or folders searched for them")->required();
  add_db_option(*import, *flags);
  import->callback([flags] { run_import(*flags);
});

auto* show = cmd->add_subcommand(
    "show", "The ratings of each table (a game at a seat count; --game: only that game's tables)");
add_db_option(*show, *flags);
add_rating_options(*show, *flags);
show->callback([flags] { run_show(*flags); });

auto* report = cmd->add_subcommand("report", "The ratings and the versions' lineage as one HTML page");
report->add_option("--out", flags->out, "The HTML file")->required();
add_db_option(*report, *flags);
add_rating_options(*report, *flags);
report->callback([flags] { run_report(*flags); });

auto* parent = cmd->add_subcommand("parent", "Set a version's parent (the version it was trained from)");
parent->add_option("CHILD", flags->child, "The version: its label, id or spec")->required();
parent->add_option("PARENT", flags->parent, "Its parent: label, id or spec")->required();
add_db_option(*parent, *flags);
parent->callback([flags] { run_parent(*flags); });
});

}  // namespace

void add_ladder_option(CLI::App& command, std::string& db) {
  command.add_option("--ladder", db,
                     "Record the games in this ladder database when they are in (e.g. " +
                         std::string(ladder::kDefaultDatabase) + "; `pamir ladder`)");
}

void record_in_ladder(const std::string& db, const std::vector<std::string>& paths) {
  ladder::Database database(db, true);
  const ladder::ImportCount count = import_paths(database, paths, false);
  std::fflush(stdout);  // after what the command printed before, also into one pipe
  std::fprintf(stderr, "ladder: %ld new games of %ld recorded in %s\n", count.added, count.games, db.c_str());
}

}  // namespace pamir::cli
