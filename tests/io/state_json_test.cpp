#include "io/state_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::io {
namespace {

using namespace core;

// Round-trips s through JSON and checks the result is the same bytes.
void expect_round_trip(const State& s, const std::string& where) {
  const std::string text = state_to_json(s);
  std::string error;
  const auto back = state_from_json(text, &error);
  ASSERT_TRUE(back) << where << ": " << error;
  // Byte for byte: this also needs the engine to zero the task slots it pops, since the
  // format writes only the live part of the stack.
  ASSERT_EQ(std::memcmp(&*back, &s, sizeof(State)), 0) << where;
}

// Round-trips every position of random games with seeds [first_seed, last_seed], 2-5 players.
void round_trip_games(u64 first_seed, u64 last_seed) {
  for (int players = 2; players <= 5; ++players)
    for (u64 seed = first_seed; seed <= last_seed; ++seed) {
      State s = new_game(players, seed);
      u64 rng = seed * 31 + players;
      Action legal[kMaxLegalActions];
      for (int step = 0; !s.game_over(); ++step) {
        expect_round_trip(s, "players " + std::to_string(players) + " seed " + std::to_string(seed) +
                                 " step " + std::to_string(step));
        if (::testing::Test::HasFatalFailure()) return;
        apply(s, legal[random_below(rng, legal_actions(s, legal))]);
      }
      expect_round_trip(s, "final position");
      if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(StateJson, RoundTripsEveryPositionOfRandomGames) { round_trip_games(1, 30); }

// 400 more games (label "soak").
TEST(SoakStateJson, RoundTripsEveryPositionOfRandomGames) { round_trip_games(31, 130); }

TEST(StateJson, PrettyAndCompactFormsLoadAlike) {
  const State s = new_game(4, 11);
  std::string error;
  const auto a = state_from_json(state_to_json(s, 2), &error);
  ASSERT_TRUE(a) << error;
  EXPECT_EQ(std::memcmp(&*a, &s, sizeof s), 0);
}

// Edits a valid document and returns the loader's error.
template <class Edit>
std::string error_after(Edit edit) {
  State s = new_game(3, 7);
  Action legal[kMaxLegalActions];
  u64 rng = 3;
  for (int i = 0; i < 40; ++i) apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  nlohmann::json j = nlohmann::json::parse(state_to_json(s));
  edit(j);
  std::string error;
  const auto loaded = state_from_json(j.dump(), &error);
  EXPECT_FALSE(loaded);
  return error;
}

TEST(StateJson, RejectsMalformedDocuments) {
  std::string error;
  EXPECT_FALSE(state_from_json("{", &error));
  EXPECT_EQ(error.rfind("invalid JSON", 0), 0u) << error;
  EXPECT_FALSE(state_from_json("[1,2]", &error));
  EXPECT_EQ(error, "position: expected an object, got [1,2]");

  EXPECT_EQ(error_after([](auto& j) { j["colour"] = "red"; }), "position: unknown key \"colour\"");
  EXPECT_EQ(error_after([](auto& j) { j.erase("bank"); }), "position: missing key \"bank\"");
  EXPECT_EQ(error_after([](auto& j) { j["num_players"] = "three"; }),
            "num_players: expected an integer, got \"three\"");
  EXPECT_EQ(error_after([](auto& j) { j["num_players"] = 6; }), "num_players: 6 is out of range 2..5");
  EXPECT_EQ(error_after([](auto& j) { j["players"][1]["loyalty"] = "french"; }),
            "players[1].loyalty: unknown coalition \"french\"");
  EXPECT_EQ(error_after([](auto& j) { j["players"][0]["cylinders"][3] = "tribe:delhi"; }),
            "players[0].cylinders[3]: unknown region \"delhi\"");
  EXPECT_EQ(error_after([](auto& j) { j["blocks"]["british"]["locations"].erase(0); }),
            "blocks.british.locations: expected 12 entries, got 11");
  EXPECT_EQ(error_after([](auto& j) { j["tasks"][0]["kind"] = "dance"; }),
            "tasks[0].kind: unknown task kind \"dance\"");
  EXPECT_EQ(error_after([](auto& j) { j["tasks"][0]["player"] = 3; }),
            "tasks[0].player: 3 is out of range 0..2");
  EXPECT_EQ(error_after([](auto& j) { j["tasks"][0]["extra"] = 1; }), "tasks[0]: unknown key \"extra\"");
  EXPECT_EQ(error_after([](auto& j) { j["rng"] = 12; }), "rng: expected a string, got 12");
}

// The reproducers of a stack overflow (issue "Security and crashes", 2): nesting is refused
// before it is parsed, and an error quotes a bounded excerpt of a value however deep or long.
TEST(StateJson, DeepOrHugeValuesAreRefusedWithABoundedMessage) {
  std::string error;
  EXPECT_FALSE(state_from_json(std::string(100000, '[') + std::string(100000, ']'), &error));
  EXPECT_EQ(error, "invalid JSON: nested deeper than 64 levels at byte 65");
  const std::string deep = std::string(60, '[') + std::string(60, ']');
  EXPECT_FALSE(state_from_json("{\"format\": \"pamir-state-1\", \"num_players\": " + deep + "}", &error));
  EXPECT_LE(error.size(), 80u) << error;
  const std::string wide = "[" + std::string(1 << 20, '1') + "]";
  EXPECT_FALSE(state_from_json(wide, &error));
  EXPECT_LE(error.size(), 200u);
  EXPECT_EQ(error.find('\n'), std::string::npos);
  // Brackets inside strings do not count.
  EXPECT_FALSE(state_from_json("{\"x\": \"" + std::string(200, '[') + "\"}", &error));
  EXPECT_EQ(error.find("nested deeper"), std::string::npos) << error;
}

TEST(StateJson, RejectsMisplacedCards) {
  // A card from the market also put in player 1's hand.
  std::string error = error_after([](auto& j) {
    int card = 0;
    for (auto& row : j["market"]["cards"])
      for (auto& c : row)
        if (!card && c.template get<int>() >= 1 && c.template get<int>() <= 100) card = c.template get<int>();
    j["players"][1]["hand"].push_back(card);
  });
  EXPECT_NE(error.find("appears twice (hand of player 1, market)"), std::string::npos) << error;
  // The last card of the deck dropped altogether.
  int dropped = 0;
  error = error_after([&](auto& j) {
    auto& deck = j["deck"]["cards"];
    dropped = deck.back().template get<int>();
    deck.erase(deck.size() - 1);
  });
  EXPECT_EQ(error, "card " + std::to_string(dropped) + " is nowhere");
}

// Tasks must fit the position: the engine trusts them.
TEST(StateJson, RejectsTasksThatDoNotFitThePosition) {
  std::string error;
  nlohmann::json setup = nlohmann::json::parse(state_to_json(new_game(3, 7)));
  setup["tasks"][0]["player"] = setup["tasks"][1]["player"];
  EXPECT_FALSE(state_from_json(setup.dump(), &error));
  EXPECT_EQ(error, "tasks: during setup the stack holds one loyalty choice per player without loyalty");

  EXPECT_EQ(
      error_after([](auto& j) { j["tasks"][0]["player"] = (j["current"].template get<int>() + 1) % 3; }),
      "tasks: the bottom task must be the current player's");
  // A move of a spy that is not there (player `current` has no spy on card 1 this early).
  std::string expected;
  error = error_after([&](auto& j) {
    const int p = j["current"].template get<int>();
    expected = "tasks[" + std::to_string(j["tasks"].size()) + "].piece: player " + std::to_string(p) +
               " has no such piece";
    j["tasks"].push_back(
        {{"kind", "move_to"}, {"player", p}, {"moves_left", 1}, {"moves_made", 0}, {"piece", "spy:1"}});
  });
  EXPECT_EQ(error, expected);
}

TEST(StateJson, RejectsBrokenConservation) {
  EXPECT_EQ(error_after([](auto& j) { j["bank"] = j["bank"].template get<int>() + 1; }),
            "inconsistent position: rupees not conserved: 37");
  const std::string error = error_after([](auto& j) { j["players"][0]["cylinders"][0] = "spy:1"; });
  EXPECT_EQ(error.rfind("inconsistent position: ", 0), 0u) << error;
}

// Numbers beyond what a double holds are a load error, not an escaping exception.
TEST(StateJson, RejectsNumbersOutOfRange) {
  std::string text = state_to_json(new_game(2, 5));
  const auto at = text.find("\"bank\":");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, text.find(',', at) - at, "\"bank\":1e400");
  std::string error;
  EXPECT_FALSE(state_from_json(text, &error));
  EXPECT_EQ(error.rfind("invalid JSON: ", 0), 0u) << error;
}

// The automaton's object holds her seat and the fields her ruleset lists
// (Rules::kAutomatonState), each checked against its range: Wakhan's AI cards are 1..24.
TEST(StateJson, ReadsTheAutomatonsFieldsAsHerRulesetListsThem) {
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(state_to_json(new_game(2, 5, 1)));
  ASSERT_EQ(j.at(kAutomaton).at("seat"), 1);
  auto refusal = [&](const auto& edit) {
    nlohmann::ordered_json bad = j;
    edit(bad[kAutomaton]);
    std::string error;
    EXPECT_FALSE(state_from_json(bad.dump(), &error));
    return error;
  };
  EXPECT_EQ(refusal([](auto& w) { w["ai_deck"][3] = 0; }), "wakhan.ai_deck[3]: 0 is out of range 1..24");
  EXPECT_EQ(refusal([](auto& w) { w["ai_drawn"] = 24; }), "wakhan.ai_drawn: 24 is out of range 0..23");
  EXPECT_EQ(refusal([](auto& w) { w["seat"] = 2; }), "wakhan.seat: 2 is out of range 0..1");
  EXPECT_EQ(refusal([](auto& w) { w.erase("ai_drawn"); }), "wakhan: missing key \"ai_drawn\"");
  EXPECT_EQ(refusal([](auto& w) { w["ai_top_back"] = 1; }), "wakhan: unknown key \"ai_top_back\"");
}

// The engine protocol frames one error per line, so input text is quoted with escapes.
TEST(StateJson, ErrorsQuoteInputOnOneLine) {
  EXPECT_EQ(error_after([](auto& j) { j["players"][1]["loyalty"] = "afgh\nok"; }),
            "players[1].loyalty: unknown coalition \"afgh\\nok\"");
  EXPECT_EQ(error_after([](auto& j) { j["tasks"][0]["kind"] = "a\r\tb"; }),
            "tasks[0].kind: unknown task kind \"a\\r\\tb\"");
}

// The deck keeps the piles of setup; determinization re-deals each pile's unseen cards.
TEST(StateJson, RejectsADeckOutOfItsPiles) {
  // The last pile's Dominance Check swapped with a court card of the pile above it.
  EXPECT_EQ(error_after([](auto& j) {
              auto& deck = j["deck"]["cards"];
              const int n = int(deck.size()),
                        pile = 5 + 3 + 1 + 1;  // a 3-player pile: 8 court cards, an event, a check
              int check = -1, court = -1;
              for (int i = n - pile; i < n; ++i)
                if (is_dominance_check(deck[i].template get<int>())) check = i;
              for (int i = n - 2 * pile; i < n - pile; ++i)
                if (is_court_card(deck[i].template get<int>())) court = i;
              std::swap(deck[check], deck[court]);
            }),
            "unreachable position: the deck does not keep the six piles of setup (sizes, events, Dominance "
            "Checks)");
  // One undrawn card taken out of the deck and set aside.
  EXPECT_EQ(error_after([](auto& j) {
              auto& deck = j["deck"]["cards"];
              j["unused"].push_back(deck.back());
              std::vector<int> unused = j["unused"];
              std::sort(unused.begin(), unused.end());
              j["unused"] = unused;
              deck.erase(deck.size() - 1);
            }),
            "unreachable position: the deck does not keep the six piles of setup (sizes, events, Dominance "
            "Checks)");
}

TEST(StateJson, RejectsDominanceCheckCountsThatDoNotAddUp) {
  EXPECT_EQ(
      error_after([](auto& j) { j["dominance_checks_resolved"] = 4; }),
      "unreachable position: Dominance Checks resolved (4) do not fit the 0 gone from the deck and market");
}

// A pending bribe is for a play or card action that will count against the turn's two.
TEST(StateJson, RejectsABribePendingForAnActionTheTurnHasNoRoomFor) {
  for (u64 seed = 1; seed < 400; ++seed) {
    State s = new_game(2, seed);
    u64 rng = seed;
    Action legal[kMaxLegalActions];
    while (!s.game_over() && s.top().kind != TaskKind::kBribePay)
      apply(s, legal[random_below(rng, legal_actions(s, legal))]);
    if (s.game_over() || s.actions_used != 1) continue;
    const bool play = s.top().c < BribeFor::kCardAction;
    if (!play && is_favored(s, s.current, s.top().b)) continue;
    nlohmann::json j = nlohmann::json::parse(state_to_json(s));
    ASSERT_TRUE(state_from_json(j.dump(), nullptr));
    j["turn_state"]["actions_used"] = 2;
    std::string error;
    EXPECT_FALSE(state_from_json(j.dump(), &error));
    EXPECT_EQ(error, "unreachable position: a bribe is pending for an action the turn has no room for");
    return;
  }
  FAIL() << "no random game reached a bribe with one action used";
}

// A 2-player game (no automaton) played at random to the start of a turn, as JSON.
nlohmann::json at_turn_start(u64 seed) {
  State s = new_game(2, seed);
  u64 rng = seed;
  Action legal[kMaxLegalActions];
  for (int step = 0; step < 30 || s.top().kind != TaskKind::kTurnActions || s.actions_used != 0; ++step)
    apply(s, legal[random_below(rng, legal_actions(s, legal))]);
  return nlohmann::json::parse(state_to_json(s));
}

// Loads j; returns the loader's error ("" when it accepts the position).
std::string load_error(const nlohmann::json& j) {
  std::string error;
  return state_from_json(j.dump(), &error) ? "" : error;
}

// Moves an unused court card that `fits` into the list of player 0 named `where`; returns it.
template <class Fits>
int move_unused_card(nlohmann::json& j, const char* where, Fits fits) {
  auto& unused = j["unused"];
  for (std::size_t i = 0; i < unused.size(); ++i) {
    const int c = unused[i].get<int>();
    if (!is_court_card(c) || !fits(court_card(c))) continue;
    unused.erase(i);
    j["players"][0][where].push_back(c);
    return c;
  }
  ADD_FAILURE() << "no unused card fits";
  return 0;
}

// A player changing loyalty discards the old coalition's patriots and prizes, and takes
// another coalition's only by changing first (issue #46).
TEST(StateJson, RejectsAPatriotOrPrizeOfAnotherCoalitionThanItsHolders) {
  const nlohmann::json start = at_turn_start(11);
  const int loyalty = coalition_from_name(start["players"][0]["loyalty"].get<std::string>().c_str());
  for (const char* where : {"court", "prizes"}) {
    const bool court = std::strcmp(where, "court") == 0;
    nlohmann::json j = start;
    const int c = move_unused_card(j, where, [&](const CourtCard& cc) {
      const int coalition = court ? cc.patriot : cc.prize;
      return coalition != Coalition::kNone && coalition != loyalty;
    });
    EXPECT_EQ(load_error(j), std::string("unreachable position: a ") + (court ? "patriot" : "prize") +
                                 " of another coalition than its holder's (card " + std::to_string(c) +
                                 ", player 0)");
    j = start;
    move_unused_card(j, where,
                     [&](const CourtCard& cc) { return (court ? cc.patriot : cc.prize) == loyalty; });
    EXPECT_EQ(load_error(j), "") << "one of the holder's own coalition";
  }
}

TEST(StateJson, RejectsALastingEffectWithoutItsCard) {
  u64 seed = 12;
  while (!at_turn_start(seed)["active_events"].empty()) ++seed;  // no event in force
  nlohmann::json j = at_turn_start(seed);
  j["global_effects"].push_back("conflict_fatigue");
  EXPECT_EQ(
      load_error(j),
      "unreachable position: Conflict Fatigue is in force while its card is not among the active events");
  j = at_turn_start(seed);
  j["players"][1]["effects"].push_back("courtly_manners");
  EXPECT_EQ(
      load_error(j),
      "unreachable position: Courtly Manners is in force while its card is not among the active events");
}

// The market is refilled at every turn's end.
TEST(StateJson, RejectsAVacantMarketSpaceAtATurnsStart) {
  nlohmann::json j = at_turn_start(13);
  ASSERT_LT(j["deck"]["drawn"].get<int>(), int(j["deck"]["cards"].size()));
  auto& row = j["market"]["cards"][0];
  for (auto& space : row)
    if (is_court_card(space.get<int>())) {
      j["discard"].push_back(space.get<int>());
      space = 0;
      break;
    }
  EXPECT_EQ(load_error(j),
            "unreachable position: a vacant market space at the start of a turn with cards left in the deck");
}

}  // namespace
}  // namespace pamir::io
