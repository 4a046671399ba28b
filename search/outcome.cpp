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
  for (int p = 0; p < n; ++p) {
    int tied = 0;
    for (int q = 0; q < n; ++q) tied += rank[q] == rank[p];
    const float points = float(n - 1 - rank[p]) - float(tied - 1) / 2;
    v[p] = points / place_points(n);
  }
  return v;
}

Values outcome_values(const core::State& s, double places) {
  const Values win = core::standing_shares(s);
  return places <= 0 ? win : mix_in_places(win, place_shares(s), places, s.num_players);
}

Values mix_in_places(Values win, const Values& places, double share, int n) {
  const float w = float(share);
  for (int p = 0; p < n; ++p) win[p] = (1 - w) * win[p] + w * places[p];
  return win;
}

}  // namespace pamir::search::inline PAMIR_RULESET
