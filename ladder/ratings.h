#pragma once
// The ladder's ratings: for each table (a game at a seat count), one joint Plackett-Luce fit
// over every game of the table (tournament/rating.h), whichever tournament, match or training
// run played it, so that versions that never met are placed through the versions they met.
// A capped game counts as its file ranks it (a draw between every seat).

#include <string>
#include <vector>

#include "ladder/database.h"
#include "tournament/rating.h"

namespace pamir::ladder {

struct RatedVersion {
  VersionRow row;
  long games = 0;  // games of the table it held a seat in
  tournament::EloRating rating;
  // It shares games, directly or through other versions, with the table's largest group of
  // versions; a version that does not is placed against that group by the fit's prior alone.
  bool connected = true;
};

struct TableRatings {
  Table table;
  long games = 0, capped = 0;
  std::vector<RatedVersion> versions;  // best rating first
  std::string anchor;                  // how the Elo scale is anchored, in words
  bool converged = true;
};

struct RatingRequest {
  std::string game;  // only this game's tables; empty: every game's
  int players = 0;   // only tables of this many seats; 0: every count
  // "mean" (of the table's versions), or a version (a label, an id, a spec:
  // named_versions) at anchor_elo in the tables that hold it; the others keep the mean.
  std::string anchor = "mean";
  double anchor_elo = 0;
};

// The tables' ratings, by game and seat count. Throws std::invalid_argument (one line) for an
// anchor that names no version of the tables rated, or several versions of one table.
std::vector<TableRatings> rate_tables(Database& db, const RatingRequest& request);

}  // namespace pamir::ladder
