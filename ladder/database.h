#pragma once
// The ladder's database: every game between agent versions, in one SQLite file
// (runs/ladder.sqlite by default), so that versions from different tournaments, matches and
// training runs are rated together. Three tables (and the schema's version):
//
//   versions  an agent version: its game, spec, net checksum and engine signature
//             (ladder/version.h), an optional parent version (lineage) and a label
//   games     a game: its game and seat count, deal seed, source (results file and line:
//             unique, so that importing a file twice adds nothing), capped flag, decisions
//   seats     a game's seats: the version in each, its rank (0 = first) and victory points
//
// Several processes may write at once: the file is in WAL mode, a writer waits up to
// kBusyTimeoutMs for another's transaction, and every import is one transaction (Transaction,
// BEGIN IMMEDIATE ... COMMIT), so that a writer killed midway leaves nothing of its import
// (SQLite's atomic commit). One Database is one connection: one thread at a time.

#include <cstdint>
#include <string>
#include <vector>

#include "ladder/version.h"

struct sqlite3;

namespace pamir::ladder {

inline constexpr int kSchemaVersion = 1;
inline constexpr int kBusyTimeoutMs = 10000;

struct VersionRow {
  long id = 0;
  AgentVersion version;  // net_path: empty (the database keeps the spec)
  long parent = 0;       // a version id; 0: none
};

struct SeatRow {
  long version = 0;  // a version id
  int rank = 0;      // 0 = first; equal ranks = a tie (a capped game: every seat 0)
  int vp = 0;
};

struct GameRow {
  std::string game;  // the game's key
  int players = 0;
  std::uint64_t seed = 0;
  std::string source_file;  // absolute, normalized
  long source_line = 0;
  bool capped = false;
  long decisions = 0;  // the actions in its record, the automaton's too
  std::vector<SeatRow> seats;
};

// One table of the ladder: a game at a seat count; its games are rated together.
struct Table {
  std::string game;
  int players = 0;
  bool operator==(const Table&) const = default;
};

class Database {
 public:
  // Opens the database at path, making the file, its folder and its tables when create is
  // true. Throws std::runtime_error with a one-line reason naming the file: not
  // a database, another program's database, a schema this pamir does not read.
  Database(const std::string& path, bool create);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // The writes: inside a Transaction, so that they land together (and a label found free is
  // still free when written).
  //
  // The id of the version, added when it is not in yet: under its label, or that with
  // "#<id>" when another version of the game has it (labels name one version of a game).
  long version_id(const AgentVersion& version);
  // Sets the version's parent; with only_if_unset, a parent already set stays. Throws
  // std::invalid_argument when the parent descends from the child (or is the child).
  void set_parent(long child, long parent, bool only_if_unset = false);
  // Adds the game and its seats unless a game from the same source line is in already;
  // returns whether it was added.
  bool add_game(const GameRow& game);

  std::vector<VersionRow> versions();
  long game_count();
  // The tables that hold games, by game and seat count.
  std::vector<Table> tables();
  // The games of a table, in the order they were added, each with its seats.
  std::vector<GameRow> games(const Table& table);

  // The first column of the first row of a query, as a whole number (0 without a row).
  long query_number(const std::string& sql);

 private:
  friend class Transaction;
  // Runs SQL that returns no rows.
  void execute(const std::string& sql);
  void use_wal();
  void create_schema();

  std::string path_;
  sqlite3* db_ = nullptr;
};

// The versions a name names: those with that label, else the one with that id ("12" or
// "#12"), else those with that spec; only the game's unless game is empty.
std::vector<VersionRow> named_versions(const std::vector<VersionRow>& versions, const std::string& name,
                                       const std::string& game);

// BEGIN IMMEDIATE on construction (waiting for another writer up to kBusyTimeoutMs), COMMIT
// on commit(), ROLLBACK when destroyed uncommitted (an exception midway): a transaction's
// writes land whole or not at all.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace pamir::ladder
