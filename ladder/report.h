#pragma once
// The ladder's ratings as text (`pamir ladder show`) and as one self-contained HTML page
// (`pamir ladder report`: inline SVG, viewable offline, as tournament/report.h's pages).

#include <string>
#include <vector>

#include "ladder/ratings.h"

namespace pamir::ladder {

// Per table: its versions by rating, with id, Elo and 95% interval, games, the net's short
// checksum and the label; a note on versions rated by the prior alone.
std::string ladder_text(const std::vector<TableRatings>& tables);

// Per table: the ratings with their intervals and the lineage (a dashed line from each
// version to its parent, where the parent plays in the table too), then the versions with
// their nets, engines and parents. versions: every version of the database, for the parents'
// labels; source: the database's path, named on the page.
std::string ladder_html(const std::vector<TableRatings>& tables, const std::vector<VersionRow>& versions,
                        const std::string& source);

}  // namespace pamir::ladder
