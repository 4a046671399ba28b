// What a finished game is worth: the win, the finishing places, and the heuristic's estimate
// of each (search/outcome.h, search/heuristic.h).

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/game.h"
#include "search/evaluator_registry.h"
#include "search/evaluators.h"
#include "search/heuristic.h"
#include "search/outcome.h"
#include "tests/scenario.h"

namespace pamir::testing {
namespace {

using search::Values;

// Four seats whose standing is decided by victory points alone (equal rupees, no courts).
Scenario four_seats(std::array<int, 4> vp) {
  Scenario sc({Coalition::kAfghan, Coalition::kBritish, Coalition::kRussian, Coalition::kAfghan});
  for (int p = 0; p < 4; ++p) {
    sc.s.vp[p] = u8(vp[p]);
    sc.s.rupees[p] = 4;
  }
  return sc;
}

TEST(Outcome, PlacesScoreEachPlaceAndTiedSeatsSplitTheirs) {
  // Places 3, 1, 4, 2 score 1, 3, 0, 2 of the 6 points.
  const Values v = search::place_shares(four_seats({3, 7, 1, 5}).s);
  EXPECT_FLOAT_EQ(v[0], 1.0f / 6);
  EXPECT_FLOAT_EQ(v[1], 3.0f / 6);
  EXPECT_FLOAT_EQ(v[2], 0.0f);
  EXPECT_FLOAT_EQ(v[3], 2.0f / 6);
  EXPECT_EQ(v[4], 0.0f);
  // Seats 0 and 2 tie for places 3 and 4: half a point each; two tie for first: 2.5 each.
  const Values tied = search::place_shares(four_seats({1, 7, 1, 7}).s);
  EXPECT_FLOAT_EQ(tied[0], 0.5f / 6);
  EXPECT_FLOAT_EQ(tied[2], 0.5f / 6);
  EXPECT_FLOAT_EQ(tied[1], 2.5f / 6);
  EXPECT_FLOAT_EQ(tied[3], 2.5f / 6);
}

TEST(Outcome, TheWinAloneIsTheStandingAndTwoSeatsHaveNothingElse) {
  const State s = four_seats({3, 7, 1, 5}).s;
  EXPECT_EQ(search::outcome_values(s, 0), core::standing_shares(s));
  const Values half = search::outcome_values(s, 0.5), places = search::place_shares(s),
               win = core::standing_shares(s);
  for (int p = 0; p < 4; ++p) EXPECT_FLOAT_EQ(half[p], 0.5f * win[p] + 0.5f * places[p]) << p;

  Scenario two({Coalition::kAfghan, Coalition::kBritish});
  two.s.vp[0] = 4;
  EXPECT_EQ(search::place_shares(two.s), core::standing_shares(two.s));
  two.s.vp[1] = 4;  // tied through every tie-break: half each, both ways
  two.s.rupees[1] = two.s.rupees[0];
  EXPECT_EQ(search::place_shares(two.s), core::standing_shares(two.s));
}

TEST(Outcome, TheHeuristicEstimatesPlacesInTheOrderOfItsScores) {
  const State s = four_seats({3, 7, 1, 5}).s;
  const Values win = search::heuristic_values(s), places = search::heuristic_values(s, 1);
  EXPECT_EQ(search::heuristic_values(s, 0), win);
  EXPECT_NEAR(std::accumulate(places.begin(), places.end(), 0.0f), 1.0f, 1e-5f);
  const Values score = search::heuristic_scores(s);
  for (int p = 0; p < 4; ++p)
    for (int q = 0; q < 4; ++q)
      if (score[p] > score[q]) {
        EXPECT_GT(places[p], places[q]) << p << " over " << q;
      }
  // A place is worth at most half the points at four seats; the win is all of them. The
  // places keep the seats that cannot win apart where the win estimate all but ties them.
  EXPECT_LT(*std::max_element(places.begin(), places.end()), 0.5f);
  EXPECT_GT(places[0] - places[2], win[0] - win[2]);
}

TEST(Outcome, EvaluatorsValueFinishedGamesWithThePlacesTheyAreGiven) {
  const State s = new_game(4, 8);
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  const search::Leaf leaf{&s, legal, n};
  std::vector<float> prior(n);
  for (const char* name : {"rollout", "heuristic"}) {
    const auto e = search::make_evaluator(name, 3, "f32", 1);
    for (int k = 0; k < 8; ++k) {
      Values v{};
      const search::LeafResult result{&v, prior.data()};
      e->evaluate({&leaf, 1}, {&result, 1});
      EXPECT_NEAR(std::accumulate(v.begin(), v.end(), 0.0f), 1.0f, 1e-5f) << name;
      // No seat takes the whole game: at most the first place's half.
      EXPECT_LE(*std::max_element(v.begin(), v.end()), 0.5f + 1e-6f) << name;
    }
  }
}

}  // namespace
}  // namespace pamir::testing
