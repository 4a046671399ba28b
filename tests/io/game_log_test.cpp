#include "io/game_log.h"

#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::io {
namespace {

using namespace core;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(GameLog, DescribesDecisionsWithWhoAndWhichCard) {
  State s = new_game(3, 7);
  const int first = to_move(s);
  const Action british = Act::loyalty(Coalition::kBritish);
  EXPECT_EQ(describe_decision(s, british), "setup, player " + std::to_string(first) + ": loyalty british");
  while (s.phase == Phase::kSetup) apply(s, british);

  const int p = to_move(s);
  const Action buy = Act::purchase(0, 0);  // the leftmost card of the top row costs nothing
  ASSERT_TRUE(is_legal(s, buy));
  const int card = s.market[0][0];
  EXPECT_EQ(describe_decision(s, buy), "turn 1, player " + std::to_string(p) + " (british): purchase 0 0 (" +
                                           std::string(card_name(card)) + ", cost 0)");
  EXPECT_EQ(describe_decision(s, Act::kDone), "turn 1, player " + std::to_string(p) + " (british): done");
}

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  for (const auto& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

TEST(GameLog, ConsequencesNameRemovedPiecesRupeesAndDiscardedCards) {
  State before = new_game(2, 5);
  while (before.phase == Phase::kSetup) apply(before, Act::loyalty(Coalition::kBritish));
  place_block(before, 0, Coalition::kRussian, BlockLoc::army(Region::kHerat));
  place_block(before, 0, Coalition::kRussian, BlockLoc::army(Region::kHerat));
  place_cylinder(before, 1, CylLoc::tribe(Region::kKabul));
  State after = before;
  remove_all_tribes_and_armies(after, Region::kHerat);
  place_block(after, 0, Coalition::kBritish, BlockLoc::road(border_between(Region::kKabul, Region::kPunjab)));
  after.rupees[0] -= 2;
  after.rupees[1] += 2;
  const auto lines = describe_consequences(before, after);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "removed: 2 russian armies from herat");
  EXPECT_EQ(lines[1], "placed: 1 british road on kabul_punjab");
  EXPECT_EQ(lines[2], "rupees: player 0 -2 (now 2), player 1 +2 (now 6)");
  EXPECT_TRUE(describe_consequences(after, after).empty());
}

// Over whole seeded games: every Dominance Check, VP change, removed army and discarded court
// card that the positions show has its line, and a decision that changes none of the
// described things has none.
TEST(GameLog, ConsequencesFollowEveryScoringAndRemovalInRandomGames) {
  Action legal[kMaxLegalActions];
  int checks = 0, removals = 0;
  for (u64 seed = 1; seed <= 12; ++seed) {
    State s = new_game(2 + int(seed % 4), seed);
    u64 rng = seed * 7919;
    while (!s.game_over()) {
      const State before = s;
      apply(s, legal[random_below(rng, legal_actions(s, legal))]);
      const auto lines = describe_consequences(before, s);
      for (int check = before.dominance_checks_resolved; check < s.dominance_checks_resolved;
           ++check, ++checks)
        EXPECT_TRUE(has_line(lines, "Dominance Check " + std::to_string(check + 1) + " scored: "));
      for (int p = 0; p < s.num_players; ++p)
        if (s.vp[p] != before.vp[p]) {
          EXPECT_TRUE(has_line(lines, "player " + std::to_string(p) + " +" +
                                          std::to_string(s.vp[p] - before.vp[p]) + " VP (now " +
                                          std::to_string(s.vp[p]) + ")"));
        }
      for (int r = 0; r < Region::kCount; ++r)
        for (int c = 0; c < Coalition::kCount; ++c)
          if (s.armies[r][c] < before.armies[r][c]) {
            ++removals;
            const int n = before.armies[r][c] - s.armies[r][c];
            EXPECT_TRUE(has_line(lines, std::to_string(n) + " " + coalition_name(c) +
                                            (n == 1 ? " army" : " armies") + " from " + region_name(r)));
          }
      for (int c = 1; c <= kNumCourtCards; ++c)
        if (before.court_owner(c) != kNoPlayer && s.card_loc[c] == Loc::kDiscard) {
          EXPECT_TRUE(has_line(lines, std::string(card_name(c)) + " (" + std::to_string(c) +
                                          ") discarded from player " + std::to_string(before.court_owner(c)) +
                                          "'s court"));
        }
      if (std::memcmp(before.vp, s.vp, sizeof s.vp) == 0 &&
          std::memcmp(before.rupees, s.rupees, sizeof s.rupees) == 0 &&
          std::memcmp(before.armies, s.armies, sizeof s.armies) == 0 &&
          std::memcmp(before.roads, s.roads, sizeof s.roads) == 0 &&
          std::memcmp(before.cylinder, s.cylinder, sizeof s.cylinder) == 0 &&
          std::memcmp(before.card_loc, s.card_loc, sizeof s.card_loc) == 0 &&
          before.favored_suit == s.favored_suit &&
          std::memcmp(before.loyalty, s.loyalty, sizeof s.loyalty) == 0 && before.phase == s.phase) {
        EXPECT_TRUE(lines.empty()) << lines.front();
      }
    }
  }
  EXPECT_GT(checks, 12);   // the games did score checks
  EXPECT_GT(removals, 0);  // and remove armies
}

TEST(GameLog, SummarizesAPosition) {
  const State s = new_game(4, 2);
  const auto lines = lines_of(describe_position(s));
  // header, rulers, the ruleset's own facts (Rules::describe_own), the map (a line per
  // region), players, the market (a line per column)
  ASSERT_EQ(lines.size(), 1u + 1u + 1u + (1u + Region::kCount) + 4u + (1u + kMarketCols));
  EXPECT_EQ(lines[1], "rulers: none");
  EXPECT_EQ(lines[2], "dominant coalition: none");
  EXPECT_EQ(lines[3], "map:");
  EXPECT_EQ(lines[4], std::string("  ") + region_name(0) + ": -");
  EXPECT_EQ(lines[10], "player 0: 4 rupees, 0 VP, influence 1, hand 0, prizes 0");
  State one = s;
  one.rupees[1] = 1;  // one rupee, not "1 rupees"
  EXPECT_EQ(lines_of(describe_position(one))[11], "player 1: 1 rupee, 0 VP, influence 1, hand 0, prizes 0");
  EXPECT_EQ(lines[14], "market (cost to player " + std::to_string(to_move(s)) + "):");
  // Each column's cost, then its cards' faces: suit, rank, actions, region.
  const int c = s.market[0][1];
  ASSERT_TRUE(is_court_card(c));
  const CourtCard& cc = court_card(c);
  EXPECT_EQ(lines[16].rfind("  column 1 (1): " + std::string(card_name(c)) + " (" + suit_name(cc.suit) + " " +
                                std::to_string(cc.rank) + "; " + card_action_name(cc.actions[0]),
                            0),
            0u)
      << lines[16];
}

// A position in play: the map lists each region's pieces, each court card its face and spies.
TEST(GameLog, ShowsThePiecesAndTheCourts) {
  State s = new_game(3, 4);
  u64 rng = 3;
  Action legal[kMaxLegalActions];
  for (int i = 0; i < 150 && !s.game_over(); ++i) apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  const std::string shown = describe_position(s);
  int armies = 0, court_lines = 0;
  for (int r = 0; r < Region::kCount; ++r)
    for (int co = 0; co < Coalition::kCount; ++co)
      if (s.armies[r][co]) {
        ++armies;
        const std::string line = lines_of(shown)[4 + r];
        EXPECT_NE(line.find(std::string(coalition_name(co)) + " " + std::to_string(s.armies[r][co])),
                  std::string::npos)
            << line;
      }
  for (const std::string& line : lines_of(shown))
    if (line.rfind("  court: ", 0) == 0) ++court_lines;
  int court_cards = 0;
  for (int p = 0; p < s.num_players; ++p) court_cards += s.court_len[p];
  EXPECT_GT(armies, 0);
  EXPECT_EQ(court_lines, court_cards);
  // A purchase names its card and cost.
  const int n = legal_actions(s, legal);
  for (int i = 0; i < n; ++i)
    if (Act::decode(legal[i]).family == Act::kPurchaseFamily) {
      EXPECT_NE(describe_action(s, legal[i]).find(", cost "), std::string::npos)
          << describe_action(s, legal[i]);
      break;
    }
}

TEST(GameLog, RanksTheFinalStanding) {
  State s = new_game(3, 12);
  u64 rng = 4;
  Action legal[kMaxLegalActions];
  while (!s.game_over()) apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  const auto lines = lines_of(describe_result(s));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "final standing:");
  const auto rank = final_ranks(s);
  for (int i = 1; i <= 3; ++i) {
    const int p = lines[i][lines[i].find("player ") + 7] - '0';
    EXPECT_EQ(lines[i].rfind(std::to_string(rank[p] + 1) + ". player ", 0), 0u) << lines[i];
    EXPECT_NE(lines[i].find(": " + std::to_string(s.vp[p]) + " VP, "), std::string::npos) << lines[i];
  }
}

}  // namespace
}  // namespace pamir::io
