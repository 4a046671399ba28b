// Wakhan's seat and AI deck: setup and turn order, the arrows, pragmatic loyalty, the
// reshuffle, what is hidden, and the formats that carry her (state JSON, game records).

#include <gtest/gtest.h>

#include <cstring>

#include "core/hash.h"
#include "core/world.h"
#include "io/record.h"
#include "io/state_json.h"
#include "tests/pamir/wakhan_scenario.h"

namespace pamir::testing {
namespace {

TEST(WakhanSetup, OthersChooseLoyaltyClockwiseEndingAfterHerAndSheStarts) {
  State s = new_game(3, 7, 1);
  ASSERT_EQ(s.automaton_seat(), 1);
  // She chooses nothing; the seat two after her chooses first, the seat after her last.
  EXPECT_EQ(to_move(s), 0);
  apply(s, Act::loyalty(Coalition::kAfghan));
  EXPECT_EQ(to_move(s), 2);
  EXPECT_EQ(s.ai_drawn, 0);
  apply(s, Act::loyalty(Coalition::kBritish));
  // Her first turn has been played inside apply(): the seat after her is to move.
  EXPECT_EQ(s.ai_drawn, 1);
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(s.current, 2);
  EXPECT_EQ(to_move(s), 2);
  EXPECT_EQ(s.loyalty[1], Coalition::kRussian);  // the only coalition nobody else holds
}

TEST(WakhanSetup, TwoSeatsAndGamesWithoutHerAreUnchanged) {
  const State s = new_game(2, 9, 0);
  EXPECT_EQ(to_move(s), 1);
  EXPECT_EQ(s.num_tasks, 1);
  const State plain = new_game(3, 9);
  EXPECT_EQ(plain.automaton, 0);
  EXPECT_EQ(plain.automaton_seat(), kNoPlayer);
  for (int c : plain.ai_deck) EXPECT_EQ(c, 0);
}

// The arrows, read by hand from data/wakhan_cards.tsv.
TEST(WakhanDeck, ArrowsReadTheBackOfTheNextCard) {
  WakhanScenario w({Coalition::kBritish, 0}, 1);
  // Card 1: black arrow slot 2, red arrow bottom. Card 2's back: columns 4,5,0,1,2,3;
  // labels bottom_right (top), top_left (bottom).
  w.next_ai(1, 2);
  draw_ai_card(w.s);
  EXPECT_EQ(face_up_ai_card(w.s), 1);
  EXPECT_EQ(top_ai_card(w.s), 2);
  EXPECT_EQ(ai_arrow_column(w.s), 0);
  EXPECT_TRUE(ai_arrow_top_left(w.s));
  // Card 3: slot 3, red bottom. Card 4's back: columns 1,2,3,4,5,0; top_left, bottom_right.
  w.next_ai(3, 4);
  draw_ai_card(w.s);
  EXPECT_EQ(ai_arrow_column(w.s), 4);
  EXPECT_FALSE(ai_arrow_top_left(w.s));
  // Card 2: slot 1, red top. Card 3's back: columns 2,3,4,5,0,1; top_left, bottom_right.
  w.next_ai(2, 3);
  draw_ai_card(w.s);
  EXPECT_EQ(ai_arrow_column(w.s), 3);
  EXPECT_TRUE(ai_arrow_top_left(w.s));
}

TEST(WakhanDeck, PragmaticLoyaltyIsTheLeftmostCoalitionNobodyElseHolds) {
  // Card 1 lists russian, afghan, british.
  WakhanScenario two({Coalition::kRussian, 0}, 1);
  two.next_ai(1, 2);
  draw_ai_card(two.s);
  EXPECT_EQ(two.s.loyalty[1], Coalition::kAfghan);
  WakhanScenario three({Coalition::kRussian, Coalition::kAfghan, 0}, 2);
  three.next_ai(1, 2);
  draw_ai_card(three.s);
  EXPECT_EQ(three.s.loyalty[2], Coalition::kBritish);
  // It follows the others' loyalty changes at once.
  change_loyalty(three.s, 1, Coalition::kBritish);
  EXPECT_EQ(three.s.loyalty[2], Coalition::kAfghan);
  three.check();
  // Patriots and prizes never change hers.
  change_loyalty(three.s, 2, Coalition::kRussian);
  EXPECT_EQ(three.s.loyalty[2], Coalition::kAfghan);
}

TEST(WakhanDeck, DrawingTheLastCardReshufflesAllTwentyFour) {
  WakhanScenario w({Coalition::kBritish, 0}, 1);
  w.s.ai_drawn = kWakhanCards - 1;  // one card left: the next draw would leave no back to read
  refresh_pragmatic_loyalty(w.s);
  w.check();
  const State before = w.s;
  draw_ai_card(w.s);
  EXPECT_EQ(w.s.ai_drawn, 1);
  EXPECT_NE(std::memcmp(before.ai_deck, w.s.ai_deck, kWakhanCards), 0) << "the deck was not reshuffled";
  w.check();  // still the 24 cards, each once
}

TEST(WakhanDeck, SheDrawsOneCardPerTurn) {
  WakhanScenario w({Coalition::kBritish, 0}, 1);
  w.market({9, 10, 11, 12, 13, 14}, {61, 62, 63, 64, 65, 66});
  w.next_ai(7, 8);
  w.wakhan_turn();
  EXPECT_EQ(face_up_ai_card(w.s), 7);
  EXPECT_EQ(top_ai_card(w.s), 8);
  EXPECT_EQ(w.s.current, 0);
  EXPECT_EQ(to_move(w.s), 0);
}

// Two cards with the same back, found from the data.
std::pair<int, int> same_back_pair() {
  for (int a = 1; a <= kWakhanCards; ++a)
    for (int b = a + 1; b <= kWakhanCards; ++b)
      if (same_ai_back(a, b)) return {a, b};
  return {0, 0};
}

TEST(WakhanHidden, OnlyTheBackOfTheTopCardIsSeen) {
  WakhanScenario w({Coalition::kBritish, 0}, 1);
  const auto [a, b] = same_back_pair();
  ASSERT_NE(a, 0);
  w.next_ai(a, b);  // positions ai_drawn (top now) and the one under it
  const State s = w.s;
  // Swapping two cards below the top: the same information set.
  State below = s;
  std::swap(below.ai_deck[s.ai_drawn + 1], below.ai_deck[s.ai_drawn + 5]);
  EXPECT_EQ(infoset_key(below, 0), infoset_key(s, 0));
  EXPECT_NE(full_key(below), full_key(s));
  // Swapping the top with a card of the same back: still the same.
  State same_back = s;
  std::swap(same_back.ai_deck[s.ai_drawn], same_back.ai_deck[s.ai_drawn + 1]);
  EXPECT_EQ(infoset_key(same_back, 0), infoset_key(s, 0));
  // A top card with another back is seen.
  State other_back = s;
  int i = s.ai_drawn + 1;
  while (same_ai_back(other_back.ai_deck[i], s.ai_deck[s.ai_drawn])) ++i;
  std::swap(other_back.ai_deck[s.ai_drawn], other_back.ai_deck[i]);
  EXPECT_NE(infoset_key(other_back, 0), infoset_key(s, 0));
  // The face-up card is seen.
  State face_up = s;
  std::swap(face_up.ai_deck[s.ai_drawn - 1], face_up.ai_deck[s.ai_drawn + 3]);
  EXPECT_NE(infoset_key(face_up, 0), infoset_key(s, 0));
}

TEST(WakhanHidden, SampledWorldsRedealOnlyWhatIsHidden) {
  WakhanScenario w({Coalition::kBritish, 0}, 1);
  const State s = w.s;
  u64 rng = 5;
  bool order_changed = false;
  for (int i = 0; i < 50; ++i) {
    const State world = sample_world(s, 0, rng);
    ASSERT_EQ(check_consistency(world), "");
    EXPECT_EQ(infoset_key(world, 0), infoset_key(s, 0));
    EXPECT_EQ(world.ai_deck[s.ai_drawn - 1], s.ai_deck[s.ai_drawn - 1]);
    EXPECT_TRUE(same_ai_back(world.ai_deck[s.ai_drawn], s.ai_deck[s.ai_drawn]));
    order_changed |= std::memcmp(world.ai_deck, s.ai_deck, kWakhanCards) != 0;
  }
  EXPECT_TRUE(order_changed);
}

TEST(WakhanFormats, StateJsonAndRecordsCarryHer) {
  State s = new_game(3, 11, 2);
  apply(s, Act::loyalty(Coalition::kAfghan));
  apply(s, Act::loyalty(Coalition::kRussian));
  std::string error;
  const auto loaded = io::state_from_json(io::state_to_json(s), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(std::memcmp(&*loaded, &s, sizeof s), 0);

  io::GameRecord r;
  r.num_players = 3;
  r.seed = 11;
  r.automaton_seat = 2;
  r.agents = {"random", "random", "wakhan"};
  r.actions = {Act::loyalty(Coalition::kAfghan), Act::loyalty(Coalition::kRussian)};
  const auto read = io::record_from_json(io::record_to_json(r, s), &error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(read->automaton_seat, 2);
  const auto replayed = io::replay(*read, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(std::memcmp(&*replayed, &s, sizeof s), 0);
  // Without her, records and positions read as they always did: no Wakhan keys.
  r.automaton_seat = io::kNoRecordedSeat;
  r.agents = {"random", "random", "random"};
  r.actions = {};
  const State plain = new_game(3, 11);
  EXPECT_EQ(record_to_json(r, plain).find("wakhan"), std::string::npos);
  EXPECT_EQ(io::state_to_json(plain).find("wakhan"), std::string::npos);
  EXPECT_EQ(io::state_to_json(plain).find("ai_"), std::string::npos);
}

}  // namespace
}  // namespace pamir::testing
