// The action codec (core/actions.h): one dense id space, an encoder per family, one decoder.

#include <gtest/gtest.h>

#include "core/actions.h"

namespace pamir::core {
namespace {

TEST(ActionCodec, EveryIdDecodesAndEncodesBackToItself) {
  for (int id = 0; id < Act::kCount; ++id) {
    const Act::Decoded d = Act::decode(Action(id));
    ASSERT_LT(d.family, Act::kNumFamilies) << id;
    EXPECT_EQ(Act::encode(d.family, d.a, d.b), id) << id;
  }
}

TEST(ActionCodec, FamiliesTileTheIdSpaceInOrder) {
  int next = 0;
  for (int f = 0; f < Act::kNumFamilies; ++f) {
    EXPECT_EQ(Act::kFamilies[f].base, next) << f;
    EXPECT_EQ(Act::kFamilies[f].count % Act::kFamilies[f].stride, 0) << f;
    next += Act::kFamilies[f].count;
  }
  EXPECT_EQ(next, kNumActions);
}

TEST(ActionCodec, EncodersTakeTheArgumentsTheyName) {
  const Act::Decoded play = Act::decode(Act::play(47, true));
  EXPECT_EQ(play.family, Act::kPlayFamily);
  EXPECT_EQ(play.a, 47);
  EXPECT_EQ(play.b, 1);
  const Act::Decoded road = Act::decode(Act::remove_road(8, Coalition::kRussian));
  EXPECT_EQ(road.family, Act::kRemoveRoadFamily);
  EXPECT_EQ(road.a, 8);
  EXPECT_EQ(road.b, Coalition::kRussian);
  const Act::Decoded tax = Act::decode(Act::tax_player(3));
  EXPECT_EQ(tax.family, Act::kTaxPlayerFamily);
  EXPECT_EQ(tax.a, 3);  // a seat offset, 1..4
  EXPECT_EQ(Act::card_action(kNumCourtCards, CardAction::kBattle), Act::kLoyalty - 1);
  EXPECT_EQ(Act::choose_suit(Suit::kCount - 1), kNumActions - 1);
}

}  // namespace
}  // namespace pamir::core
