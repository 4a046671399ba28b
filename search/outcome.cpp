#include "search/outcome.h"

#include "core/dominance.h"
#include "core/game.h"

namespace pamir::search::inline PAMIR_RULESET {

Values place_shares(const core::State& s) {
  const int n = s.num_players;
  const auto rank = core::final_ranks(s);
  Values v{};
  if (n < 2) {
    v[0] = 1;
    return v;
  }
  // Seats tied at rank r cover places r .. r + tied - 1, scoring (n - 1 - place) on average.
  const float total = float(n * (n - 1)) / 2;
  for (int p = 0; p < n; ++p) {
    int tied = 0;
    for (int q = 0; q < n; ++q) tied += rank[q] == rank[p];
    const float points = float(n - 1 - rank[p]) - float(tied - 1) / 2;
    v[p] = points / total;
  }
  return v;
}

Values outcome_values(const core::State& s, double places) {
  Values v = core::standing_shares(s);
  if (places <= 0) return v;
  const Values by_place = place_shares(s);
  const float w = float(places);
  for (int p = 0; p < s.num_players; ++p) v[p] = (1 - w) * v[p] + w * by_place[p];
  return v;
}

}  // namespace pamir::search::inline PAMIR_RULESET
