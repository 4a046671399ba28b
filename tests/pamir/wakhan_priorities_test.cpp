// Each radicalize box instruction, and the card priority steps, on one market: which card
// she picks when the box comes up, and that a box whose condition fails is skipped.

#include <gtest/gtest.h>

#include "tests/pamir/wakhan_scenario.h"

namespace pamir::testing {
namespace {

class WakhanBoxes : public ::testing::Test {
 protected:
  // Costs are the column (she has 4 rupees). Top: 16 military r1, 1 intelligence r3 (3 spies),
  // 12 economic r3 (3 roads, army), 5 political r1 (tribe), 32 British patriot military r3
  // (3 armies), 19 British patriot intelligence r2. Bottom: 24 political r2 (2 tribes, army),
  // 18 intelligence r1, 9 economic r1 (road), 98 military r3 (3 armies), 60 military r1,
  // 76 political r2.
  void SetUp() override { w.market({16, 1, 12, 5, 32, 19}, {24, 18, 9, 98, 60, 76}); }
  // Her choice when box `box` of AI card `card` comes up.
  std::string box_choice(int card, int box) {
    w.next_ai(card, card % kWakhanCards + 1);
    w.her_turn_begins();
    w.s.tasks[w.s.num_tasks - 1].a = u8(box);
    return w.choice();
  }
  WakhanScenario w{{Coalition::kBritish, 0}, 1};
};

TEST_F(WakhanBoxes, MostArmiesAndRoads) { EXPECT_EQ(box_choice(9, 0), "purchase 0 2"); }  // 12: 4 icons

TEST_F(WakhanBoxes, MostSpiesAndTribesOnlyWithoutADominantCoalition) {
  EXPECT_EQ(box_choice(9, 1), "purchase 0 1");  // 1: three spies
  w.army(Coalition::kBritish, Region::kPersia, 4);
  EXPECT_NE(box_choice(9, 1), "purchase 0 1");
}

TEST_F(WakhanBoxes, HighestIntelligence) { EXPECT_EQ(box_choice(3, 1), "purchase 0 1"); }  // 1 (rank 3)

TEST_F(WakhanBoxes, AnyIntelligenceTiesGoToTheHighestNumber) {
  EXPECT_EQ(box_choice(6, 0), "purchase 1 1");  // 1 and 18 both cost 1: 18
}

TEST_F(WakhanBoxes, HighestMilitaryOnlyWhenMilitaryIsFavored) {
  EXPECT_NE(box_choice(11, 1), "purchase 0 0");
  w.s.favored_suit = Suit::kMilitary;  // prices double: columns 0-2 only; 16 is the military one
  EXPECT_EQ(box_choice(11, 1), "purchase 0 0");
}

TEST_F(WakhanBoxes, MostNetRupeesOnlyUnderTwoRupees) {
  w.set_market_rupees(0, 1, 3);  // net 3 - 1
  w.set_market_rupees(1, 0, 1);  // net 1 - 0
  EXPECT_NE(box_choice(4, 0), "purchase 0 1");
  w.set_rupees(1, 1);
  EXPECT_EQ(box_choice(4, 0), "purchase 0 1");
}

TEST_F(WakhanBoxes, GainRegionControl) {
  w.tribe(0, Region::kPunjab, 3);               // 24 would give her 2 tribes and an army: 3 against 3
  EXPECT_EQ(box_choice(5, 0), "purchase 0 3");  // 5: a tribe in Kabul, where nobody is
}

TEST_F(WakhanBoxes, PatriotOfTheDominantCoalitionOnlyWhenOneIsDominant) {
  EXPECT_NE(box_choice(13, 0), "purchase 0 4");
  w.army(Coalition::kBritish, Region::kPersia, 4);
  EXPECT_EQ(box_choice(13, 0), "purchase 0 4");  // 32, British (19 costs 5)
}

TEST_F(WakhanBoxes, HighestPoliticalOnlyWhenHerCourtIsFull) {
  EXPECT_NE(box_choice(17, 0), "purchase 1 0");
  for (int c : {61, 62, 63}) w.to_court(1, c);   // 3 cards, no political stars: full
  EXPECT_EQ(box_choice(17, 0), "purchase 1 0");  // 24 (rank 2) over 5 (rank 1)
}

TEST_F(WakhanBoxes, HighestIntelligenceOnlyWithFewerSpiesThanSomeone) {
  EXPECT_NE(box_choice(24, 0), "purchase 0 1");
  w.to_court(0, 57);
  w.spy(0, 57);
  EXPECT_EQ(box_choice(24, 0), "purchase 0 1");
}

// Card priority, step by step, through her spy placement on Transcaspia cards in the other
// player's court: 90 political r1, 93 political r2, 94 economic r1 leveraged, 95 economic r1
// Russian patriot with an Afghan prize, 96 economic r2 with a British prize, 86 intelligence r2.
class WakhanCardPriority : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int c : {90, 93, 94, 95, 96, 86}) w.to_court(0, c);
    w.next_ai(1, 2);
    w.her_turn_begins();
    w.her_decision(TaskKind::kPlaceSpy, Region::kTranscaspia);
  }
  WakhanScenario w{{Coalition::kBritish, 0}, 1};
};

TEST_F(WakhanCardPriority, FavoredSuitThenRank) {
  EXPECT_EQ(w.choice(), "spy on 93");  // political favored: 90 and 93; rank 2
}

TEST_F(WakhanCardPriority, PatriotBeforeLeverageBeforeRank) {
  w.s.favored_suit = Suit::kEconomic;  // 94, 95, 96
  EXPECT_EQ(w.choice(), "spy on 95");  // the patriot
  w.detach(95);
  EXPECT_EQ(w.choice(), "spy on 94");  // leveraged, before 96's higher rank
}

TEST_F(WakhanCardPriority, DominantCoalitionPrizeBeforeOtherPatriots) {
  w.s.favored_suit = Suit::kEconomic;
  w.army(Coalition::kBritish, Region::kPersia, 4);  // British dominant: 94 and 96 carry its prize
  EXPECT_EQ(w.choice(), "spy on 94");               // before the Russian patriot 95; then leverage over rank
}

TEST_F(WakhanCardPriority, OpponentsCardsFirst) {
  w.s.favored_suit = Suit::kMilitary;
  w.to_court(1, 97);                   // her own Transcaspia card, the only military one
  EXPECT_EQ(w.choice(), "spy on 86");  // of the other player's: the patriots 95 and 86, then rank
}

}  // namespace
}  // namespace pamir::testing
