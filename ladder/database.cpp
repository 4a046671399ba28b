#include "ladder/database.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "io/text.h"

namespace pamir::ladder {
namespace {

// Labels are unique within a game, so that one names a version (`pamir ladder parent`).
constexpr const char* kSchema = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE versions (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  spec TEXT NOT NULL,
  spec_key TEXT NOT NULL,
  net_checksum TEXT NOT NULL,
  engine_signature TEXT NOT NULL,
  parent INTEGER REFERENCES versions(id),
  label TEXT NOT NULL,
  UNIQUE (game, spec_key, net_checksum, engine_signature),
  UNIQUE (game, label));
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  seed TEXT NOT NULL,
  source_file TEXT NOT NULL,
  source_line INTEGER NOT NULL,
  capped INTEGER NOT NULL,
  decisions INTEGER NOT NULL,
  UNIQUE (source_file, source_line));
CREATE INDEX games_by_table ON games (game, players);
CREATE TABLE seats (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  version_id INTEGER NOT NULL REFERENCES versions(id),
  rank INTEGER NOT NULL,
  vp INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE INDEX seats_by_version ON seats (version_id);
)sql";

// A prepared statement, finalized when it goes out of scope; failures throw with the
// database's path.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const std::string& sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql.c_str(), int(sql.size()), &statement_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds the values to the parameters ?1, ?2, ... in order, for a new run of the statement.
  template <class... Values>
  Statement& bind(const Values&... values) {
    sqlite3_reset(statement_);
    int index = 0;
    (bind_one(++index, values), ...);
    return *this;
  }
  // Runs to the next row: true when there is one.
  bool step() {
    const int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail();
    return false;
  }
  long number(int column) const { return long(sqlite3_column_int64(statement_, column)); }
  std::string text(int column) const {
    const unsigned char* text = sqlite3_column_text(statement_, column);
    return text ? reinterpret_cast<const char*>(text) : "";
  }

 private:
  void bind_one(int index, long value) { check(sqlite3_bind_int64(statement_, index, value)); }
  void bind_one(int index, int value) { check(sqlite3_bind_int64(statement_, index, value)); }
  void bind_one(int index, const std::string& value) {
    check(sqlite3_bind_text(statement_, index, value.data(), int(value.size()), SQLITE_TRANSIENT));
  }
  void check(int rc) {
    if (rc != SQLITE_OK) fail();
  }
  [[noreturn]] void fail() { throw std::runtime_error(path_ + ": " + sqlite3_errmsg(db_)); }

  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* statement_ = nullptr;
};

}  // namespace

Database::Database(const std::string& path, bool create) : path_(path) {
  if (create && std::filesystem::path(path).has_parent_path())
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw std::runtime_error("cannot open " + path + ": " + reason);
  }
  try {
    // Set first, so that opening waits for a writer too.
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    use_wal();
    execute("PRAGMA foreign_keys=ON");
    create_schema();
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

Database::~Database() { sqlite3_close(db_); }

// Readers and one writer at a time without blocking each other; the mode stays with the file.
// SQLite does not wait for another connection to change it (no busy handler there): a file
// that another process is making at the same moment is busy, or keeps its old mode, for a
// moment. So the change is tried again until the busy timeout.
void Database::use_wal() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    std::string mode;
    const int rc = sqlite3_exec(
        db_, "PRAGMA journal_mode=WAL",
        [](void* out, int, char** values, char**) {
          *static_cast<std::string*>(out) = values[0] ? values[0] : "";
          return 0;
        },
        &mode, nullptr);
    if (rc == SQLITE_OK && mode == "wal") return;
    if ((rc != SQLITE_OK && rc != SQLITE_BUSY) || std::chrono::steady_clock::now() > deadline)
      throw std::runtime_error(path_ + ": cannot use write-ahead logging: " +
                               (rc == SQLITE_OK ? "the journal mode stays " + mode : sqlite3_errmsg(db_)));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void Database::execute(const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string reason = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw std::runtime_error(path_ + ": " + reason);
  }
}

long Database::query_number(const std::string& sql) {
  Statement s(db_, path_, sql);
  return s.step() ? s.number(0) : 0;
}

// In one transaction, so that two processes making the file at once make one schema.
void Database::create_schema() {
  Transaction transaction(*this);
  const long tables = query_number("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
  if (tables == 0) {
    execute(kSchema);
    execute("INSERT INTO schema_version VALUES (" + std::to_string(kSchemaVersion) + ")");
  } else if (query_number("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
                          "'schema_version'") == 0) {
    throw std::runtime_error(path_ + ": another program's database, not a pamir ladder");
  } else if (const long version = query_number("SELECT version FROM schema_version");
             version != kSchemaVersion) {
    throw std::runtime_error(path_ + ": a ladder of schema " + std::to_string(version) +
                             ", which this pamir does not read (it reads schema " +
                             std::to_string(kSchemaVersion) + ")");
  }
  transaction.commit();
}

long Database::version_id(const AgentVersion& v) {
  Statement find(db_, path_,
                 "SELECT id FROM versions WHERE game = ?1 AND spec_key = ?2 AND net_checksum = ?3 AND "
                 "engine_signature = ?4");
  if (find.bind(v.game, v.spec_key, v.net_checksum, v.engine_signature).step()) return find.number(0);
  Statement taken(db_, path_, "SELECT count(*) FROM versions WHERE game = ?1 AND label = ?2");
  taken.bind(v.game, v.label).step();
  const bool free = taken.number(0) == 0;
  // A taken label gets the new id after it, known once the row is in.
  Statement add(db_, path_,
                "INSERT INTO versions (game, spec, spec_key, net_checksum, engine_signature, label) VALUES "
                "(?1, ?2, ?3, ?4, ?5, ?6)");
  add.bind(v.game, v.spec, v.spec_key, v.net_checksum, v.engine_signature,
           free ? v.label : std::string("\n(being added)"))
      .step();
  const long id = long(sqlite3_last_insert_rowid(db_));
  if (!free)
    Statement(db_, path_, "UPDATE versions SET label = ?1 WHERE id = ?2")
        .bind(v.label + "#" + std::to_string(id), id)
        .step();
  return id;
}

void Database::set_parent(long child, long parent, bool only_if_unset) {
  if (only_if_unset &&
      query_number("SELECT coalesce(parent, 0) FROM versions WHERE id = " + std::to_string(child)) != 0)
    return;
  // The lineage stays a forest: no version becomes its own ancestor.
  for (long at = parent; at != 0;) {
    if (at == child) throw std::invalid_argument("a version cannot descend from itself");
    Statement up(db_, path_, "SELECT coalesce(parent, 0) FROM versions WHERE id = ?1");
    at = up.bind(at).step() ? up.number(0) : 0;
  }
  Statement(db_, path_, "UPDATE versions SET parent = ?1 WHERE id = ?2").bind(parent, child).step();
}

bool Database::add_game(const GameRow& g) {
  Statement add(
      db_, path_,
      "INSERT OR IGNORE INTO games (game, players, seed, source_file, source_line, capped, decisions) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  add.bind(g.game, g.players, std::to_string(g.seed), g.source_file, g.source_line, int(g.capped),
           g.decisions)
      .step();
  if (sqlite3_changes(db_) == 0) return false;  // that source line is in already
  const long id = long(sqlite3_last_insert_rowid(db_));
  Statement seat(db_, path_,
                 "INSERT INTO seats (game_id, seat, version_id, rank, vp) VALUES (?1, ?2, ?3, ?4, ?5)");
  for (std::size_t s = 0; s < g.seats.size(); ++s)
    seat.bind(id, int(s), g.seats[s].version, g.seats[s].rank, g.seats[s].vp).step();
  return true;
}

std::vector<VersionRow> Database::versions() {
  Statement s(
      db_, path_,
      "SELECT id, game, spec, spec_key, net_checksum, engine_signature, coalesce(parent, 0), label FROM "
      "versions ORDER BY id");
  std::vector<VersionRow> rows;
  while (s.step()) {
    VersionRow r;
    r.id = s.number(0);
    r.version = {s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), "", s.text(7)};
    r.parent = s.number(6);
    rows.push_back(std::move(r));
  }
  return rows;
}

long Database::game_count() { return query_number("SELECT count(*) FROM games"); }

std::vector<Table> Database::tables() {
  Statement s(db_, path_, "SELECT DISTINCT game, players FROM games ORDER BY game, players");
  std::vector<Table> tables;
  while (s.step()) tables.push_back({s.text(0), int(s.number(1))});
  return tables;
}

std::vector<GameRow> Database::games(const Table& table) {
  Statement s(
      db_, path_,
      "SELECT g.id, g.seed, g.source_file, g.source_line, g.capped, g.decisions, t.version_id, t.rank, "
      "t.vp FROM games g JOIN seats t ON t.game_id = g.id WHERE g.game = ?1 AND g.players = ?2 ORDER "
      "BY g.id, t.seat");
  s.bind(table.game, table.players);
  std::vector<GameRow> games;
  long last = 0;
  while (s.step()) {
    if (s.number(0) != last) {
      last = s.number(0);
      const std::optional<std::uint64_t> seed = io::parse_u64(s.text(1));
      if (!seed) throw std::runtime_error(path_ + ": game " + std::to_string(last) + " has no valid seed");
      games.push_back(
          {table.game, table.players, *seed, s.text(2), s.number(3), s.number(4) != 0, s.number(5), {}});
    }
    games.back().seats.push_back({s.number(6), int(s.number(7)), int(s.number(8))});
  }
  return games;
}

std::vector<VersionRow> named_versions(const std::vector<VersionRow>& versions, const std::string& name,
                                       const std::string& game) {
  std::vector<VersionRow> by_label, by_id, by_spec;
  const std::optional<std::uint64_t> id = io::parse_u64(name.starts_with("#") ? name.substr(1) : name);
  for (const VersionRow& v : versions) {
    if (!game.empty() && v.version.game != game) continue;
    if (v.version.label == name) by_label.push_back(v);
    if (id && v.id == long(*id)) by_id.push_back(v);
    if (v.version.spec == name) by_spec.push_back(v);
  }
  return !by_label.empty() ? by_label : !by_id.empty() ? by_id : by_spec;
}

Transaction::Transaction(Database& db) : db_(db) { db_.execute("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.execute("COMMIT");
  open_ = false;
}

}  // namespace pamir::ladder
