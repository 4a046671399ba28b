// Pax Expanse's own code above its rules: its positions, records and observations as files
// (each names its game, round-trips, and is refused by the other game's readers) and what its
// encoder sees. Built against Pax Expanse's code (pamir_game_expanse); the tools on it are
// tests/tools/expanse_tools_test.cpp.

#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "expanse.h"
#include "io/game_log.h"
#include "io/observation.h"
#include "io/record.h"
#include "io/state_json.h"
#include "nets/encoder.h"
#include "tests/nets/encoding_signature.h"

namespace pamir::testing {
namespace {

using core::State;
using core::u64;

static_assert(core::kHooks.neutral_piece, "this program tests Pax Expanse's code");

// The positions of a seeded random game, the final one included.
std::vector<State> random_game(int players, u64 seed) {
  std::vector<State> out{core::new_game(players, seed)};
  u64 rng = seed * 31 + players;
  core::Action legal[core::kMaxLegalActions];
  while (!out.back().game_over()) {
    State next = out.back();
    core::apply(next, legal[core::random_below(rng, core::legal_actions(next, legal))]);
    out.push_back(next);
  }
  return out;
}

TEST(ExpanseFiles, PositionsRoundTripAndNameTheirGame) {
  for (int players = core::kMinPlayers; players <= core::kMaxPlayers; ++players)
    for (u64 seed = 1; seed <= 3; ++seed)
      for (const State& s : random_game(players, seed)) {
        const std::string json = io::state_to_json(s);
        ASSERT_NE(json.find("\"game\":\"expanse\""), std::string::npos);
        std::string error;
        const auto back = io::state_from_json(json, &error);
        ASSERT_TRUE(back) << "players " << players << " seed " << seed << ": " << error;
        ASSERT_EQ(std::memcmp(&*back, &s, sizeof s), 0) << "players " << players << " seed " << seed;
      }
}

TEST(ExpanseFiles, PositionsOfAnotherGameAreRefusedByName) {
  nlohmann::json j = nlohmann::json::parse(io::state_to_json(core::new_game(3, 5)));
  std::string error;
  j.erase("game");  // a position from before there were two games: Pax Pamir's
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "is a Pax Pamir position; use --game pamir");
  j["game"] = "chess";
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "names an unknown game \"chess\"");
  j["game"] = "expanse";
  j["wakhan"] = {{"seat", 0}, {"ai_deck", nlohmann::json::array()}, {"ai_drawn", 0}};
  EXPECT_FALSE(io::state_from_json(j.dump(), &error));
  EXPECT_EQ(error, "position: unknown key \"wakhan\"");
}

TEST(ExpanseFiles, RecordsReplayAndRefuseAnotherGame) {
  const std::vector<State> game = random_game(4, 9);
  io::GameRecord r{4, 9, {"random", "random", "random", "random"}, {}, io::kNoRecordedSeat, {}};
  // The actions back from the positions: the one legal action that leads from each to the next.
  core::Action legal[core::kMaxLegalActions];
  for (size_t i = 0; i + 1 < game.size(); ++i) {
    const int n = core::legal_actions(game[i], legal);
    for (int k = 0; k < n; ++k) {
      State next = game[i];
      core::apply(next, legal[k]);
      if (std::memcmp(&next, &game[i + 1], sizeof next) == 0) {
        r.actions.push_back(legal[k]);
        break;
      }
    }
  }
  ASSERT_EQ(r.actions.size() + 1, game.size());
  const std::string json = io::record_to_json(r, game.back());
  EXPECT_NE(json.find("\"game\": \"expanse\""), std::string::npos);
  std::string error;
  const auto back = io::record_from_json(json, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->actions, r.actions);
  const auto final_state = io::replay(*back, &error);
  ASSERT_TRUE(final_state) << error;
  EXPECT_EQ(std::memcmp(&*final_state, &game.back(), sizeof(State)), 0);

  nlohmann::json j = nlohmann::json::parse(json);
  j.erase("game");
  EXPECT_FALSE(io::record_from_json(j.dump(), &error));
  EXPECT_EQ(error, "is a Pax Pamir record; use --game pamir");
  j["game"] = "expanse";
  j["wakhan_seat"] = 0;
  EXPECT_FALSE(io::record_from_json(j.dump(), &error));
  EXPECT_EQ(error, "unknown key \"wakhan_seat\"");
}

// A seat's observation hides the Rocinante's AI deck below its face-up card.
TEST(ExpanseFiles, ObservationsHideTheRocinantesDeck) {
  const State s = random_game(3, 4)[30];
  const nlohmann::json j = nlohmann::json::parse(io::observation_to_json(s, 0));
  const nlohmann::json& deck = j.at("expanse").at("ai_deck");
  ASSERT_EQ(deck.size(), size_t(core::kRocinanteCards));
  for (int i = 0; i < core::kRocinanteCards; ++i) EXPECT_EQ(deck[i].is_null(), i >= s.rocinante_drawn) << i;
}

// Seed "Starting Loyalty": while loyalty is chosen, a seat's observation does not show the
// choices other seats made, only its own.
TEST(ExpanseFiles, ObservationsHideOtherSeatsLoyaltyChoicesDuringSetup) {
  State s = core::new_game(3, 6);
  const int first = s.top().player;
  core::apply(s, core::Act::loyalty(core::Coalition::kMars));
  const int next = s.top().player;
  const std::string theirs = io::observation_to_json(s, next), own = io::observation_to_json(s, first);
  State unchosen = core::new_game(3, 6);
  EXPECT_EQ(
      nlohmann::json::parse(theirs).at("players").at(first).at("loyalty"),
      nlohmann::json::parse(io::observation_to_json(unchosen, next)).at("players").at(first).at("loyalty"));
  EXPECT_NE(nlohmann::json::parse(own).at("players").at(first).at("loyalty"),
            nlohmann::json::parse(theirs).at("players").at(first).at("loyalty"));
}

// The encoder reads what the seat knows and no more: another seat's secret loyalty choice is
// not in its row (the nets' cache is keyed by what the seat knows, core::infoset_key, so a row
// that saw more made self-play depend on which positions shared a worker).
TEST(ExpanseEncoder, DoesNotSeeOtherSeatsSecretLoyaltyChoices) {
  State chosen = core::new_game(3, 6);
  core::apply(chosen, core::Act::loyalty(core::Coalition::kMars));
  State other = core::new_game(3, 6);
  core::apply(other, core::Act::loyalty(core::Coalition::kEarth));
  ASSERT_EQ(core::to_move(chosen), core::to_move(other));
  ASSERT_EQ(core::infoset_key(chosen, core::to_move(chosen)), core::infoset_key(other, core::to_move(other)));
  std::vector<float> a(nets::kNumFeatures), b(nets::kNumFeatures);
  nets::encode_dense(chosen, a.data());
  nets::encode_dense(other, b.data());
  EXPECT_EQ(a, b);
  // The chooser still sees its own choice.
  const int first = core::new_game(3, 6).top().player;
  nets::encode_dense(chosen, first, a.data());
  nets::encode_dense(other, first, b.data());
  EXPECT_NE(a, b);
}

// Pax Expanse's own state is in the encoding, in slots Wakhan's take in Pax Pamir.
TEST(ExpanseEncoder, SeesTheRocinanteAndTheObjective) {
  const State s = random_game(3, 2)[40];
  std::vector<float> row(nets::kNumFeatures);
  nets::encode_dense(s, row.data());
  const int at = nets::Enc::kGlobal + 31;
  for (int r = 0; r < core::Region::kCount; ++r) {
    EXPECT_EQ(row[at + r], r == s.rocinante_region ? 1.0f : 0.0f) << r;
    EXPECT_EQ(row[at + core::Region::kCount + r], r == s.objective_region ? 1.0f : 0.0f) << r;
  }
  State moved = s;
  moved.rocinante_region = core::u8((s.rocinante_region + 1) % core::Region::kCount);
  std::vector<float> other(nets::kNumFeatures);
  nets::encode_dense(moved, other.data());
  EXPECT_NE(row, other);
}

// What the Rocinante will do next is public (its AI card lies face up) and in the encoding:
// the card's two actions, whether both are performed, where the ship goes, the cards drawn.
TEST(ExpanseEncoder, SeesTheRocinantesFaceUpCard) {
  constexpr int kActions = core::RocinanteAction::kCount - 1;
  const int top = nets::Enc::kGlobal + 44, bottom = top + kActions, both = bottom + kActions,
            location = both + 1, drawn = location + core::Region::kCount;
  for (const State& s : random_game(4, 3)) {
    if (s.game_over()) continue;
    std::vector<float> row(nets::kNumFeatures);
    nets::encode_dense(s, row.data());
    const core::RocinanteCardDef& card = core::rocinante_card_def(core::rocinante_card(s));
    for (int a = 1; a <= kActions; ++a) {
      ASSERT_EQ(row[top + a - 1], card.top == a ? 1.0f : 0.0f) << a;
      ASSERT_EQ(row[bottom + a - 1], card.bottom == a ? 1.0f : 0.0f) << a;
    }
    ASSERT_EQ(row[both], card.both ? 1.0f : 0.0f);
    for (int r = 0; r < core::Region::kCount; ++r)
      ASSERT_EQ(row[location + r], card.location == r ? 1.0f : 0.0f) << r;
    ASSERT_FLOAT_EQ(row[drawn], s.rocinante_drawn / 24.0f);
  }
  // Another face-up card with other actions encodes differently.
  State s = random_game(4, 3)[30], other = s;
  const int next = s.rocinante_drawn < 24 ? s.rocinante_drawn : s.rocinante_drawn - 2;
  std::swap(other.rocinante_deck[s.rocinante_drawn - 1], other.rocinante_deck[next]);
  std::vector<float> a(nets::kNumFeatures), b(nets::kNumFeatures);
  nets::encode_dense(s, a.data());
  nets::encode_dense(other, b.data());
  const core::RocinanteCardDef &x = core::rocinante_card_def(core::rocinante_card(s)),
                               &y = core::rocinante_card_def(core::rocinante_card(other));
  EXPECT_EQ(a == b, x.top == y.top && x.bottom == y.bottom && x.both == y.both && x.location == y.location);
}

// What Pax Expanse's encoder writes, pinned (tests/nets/encoding_signature.h): 200 positions
// of 3 and 4 players, from every seat.
TEST(ExpanseEncoder, SeededPositionsEncodeAsRecorded) {
  EXPECT_EQ(encoding_signature(200, 41, /*with_wakhan=*/false), 0xeba92e66cd132469ull);
}

// `show` and the log speak Pax Expanse: its money (influence) apart from a player's reputation,
// its pieces, its factions and favoured suit, its own state (the climate track, the Rocinante,
// the objective token) as lines of their own, and the Rocinante's turn as its own, not as part
// of the player's decision that ended the round.
TEST(ExpanseLog, SpeaksThisGamesWords) {
  const std::vector<State> game = random_game(3, 5);
  const std::string shown = io::describe_position(game[40]);
  for (const char* part : {"\nclimate: ", "\nrocinante: ", "\nobjective: ", " influence, ",
                           " VP, reputation ", ", rewards ", "; favoured suit "})
    EXPECT_NE(shown.find(part), std::string::npos) << part << " in\n" << shown;
  for (const char* word : {"rupees", "prizes", "favored", "coalition", "VP, influence"})
    EXPECT_EQ(shown.find(word), std::string::npos) << word << " in\n" << shown;
  std::string log;
  for (size_t i = 0; i + 1 < game.size(); ++i)
    for (const std::string& line : io::describe_consequences(game[i], game[i + 1])) log += line + "\n";
  EXPECT_NE(log.find("influence: player "), std::string::npos);
  EXPECT_NE(log.find(" fleet"), std::string::npos);
  EXPECT_EQ(log.find("rupees"), std::string::npos);
  EXPECT_EQ(log.find(" arm"), std::string::npos);
  EXPECT_EQ(log.find("coalition"), std::string::npos) << log;
  // Every round's end, and only a round's end, is the Rocinante's turn, named with its card.
  int turns = 0, rounds = 0;
  for (size_t i = 0; i + 1 < game.size(); ++i) {
    rounds += game[i + 1].rocinante_drawn != game[i].rocinante_drawn;
    const auto lines = io::describe_consequences(game[i], game[i + 1]);
    turns += !lines.empty() && lines[0].rfind("the round ends: the rocinante's turn (", 0) == 0;
  }
  EXPECT_GT(rounds, 3);
  EXPECT_EQ(turns, rounds);
}

}  // namespace
}  // namespace pamir::testing
