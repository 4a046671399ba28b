// Observations (io/observation.h) through whole games with Wakhan: what the seat has not
// seen of her AI deck is null at every step, the rest is the position's. (Part of the rules
// program, so that the sanitizer build runs it too.)

#include "io/observation.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/random.h"
#include "wakhan.h"

namespace pamir::io {
namespace {

using namespace core;

TEST(Observation, HidesWakhansUndrawnCardsAtEveryStep) {
  Action legal[kMaxLegalActions];
  int with_top_card = 0;
  for (u64 seed = 1; seed <= 6; ++seed) {
    State s = new_game(2 + int(seed % 2), seed, /*wakhan_seat=*/1);
    u64 rng = seed;
    while (!s.game_over()) {
      const auto j = nlohmann::json::parse(observation_to_json(s, 0));
      ASSERT_EQ(j["viewer"], 0);
      const auto& w = j["wakhan"];
      ASSERT_EQ(w["ai_drawn"], s.ai_drawn);
      ASSERT_EQ(w["ai_deck"].size(), size_t(kWakhanCards));
      for (int i = 0; i < kWakhanCards; ++i)
        if (i < s.ai_drawn)
          ASSERT_EQ(w["ai_deck"][i], s.ai_deck[i]) << "drawn card " << i;
        else
          ASSERT_TRUE(w["ai_deck"][i].is_null()) << "undrawn card " << i;
      if (s.ai_drawn) {
        ++with_top_card;
        ASSERT_TRUE(same_ai_back(w["ai_top_back"].get<int>(), s.ai_deck[s.ai_drawn]));
      } else {
        ASSERT_TRUE(w["ai_top_back"].is_null());
      }
      apply(s, legal[random_below(rng, legal_actions(s, legal))]);
    }
  }
  EXPECT_GT(with_top_card, 100);
}

}  // namespace
}  // namespace pamir::io
