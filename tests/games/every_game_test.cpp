// What every registered game promises through games::Game, checked the same way for each and
// naming none (the counterpart, above the rules, of the rules' conformance suite in
// tests/conformance/): seeded random games at every seat count, with the game's automaton
// where it may sit, in which at every decision
//  - the position survives its file (position_json, position_from_json) byte for byte;
//  - each seat's determinization keeps what that seat knows: a consistent position with the
//    same infoset key, the same observation and, where the seat is to move, the same legal
//    actions;
//  - the engine protocol's message to the seat to move carries a world of that seat's
//    information;
//  - the board's view (for every seat) and its legal actions are JSON;
// and at the end the game's record survives its file and replays to the final position.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "games/registry.h"
#include "io/games.h"

namespace pamir::testing {
namespace {

using games::Action;
using games::Game;
using games::Position;

// A game's tables: every seat count, and where the game's automaton may sit, her in the last seat.
struct Table {
  int players;
  int automaton_seat;  // games::kNoSeat: none
};

std::vector<Table> tables_of(const Game& g) {
  std::vector<Table> tables;
  for (int n = g.min_players(); n <= g.max_players(); ++n) {
    tables.push_back({n, games::kNoSeat});
    if (!g.automaton().empty() && n <= g.automaton_max_players()) tables.push_back({n, n - 1});
  }
  return tables;
}

// The games, by key: the list is known at compile time (the registry's objects are asked
// only once the tests run).
std::vector<std::string> registered_game_keys() {
  std::vector<std::string> keys;
  for (const io::KnownGame& g : io::kKnownGames) keys.emplace_back(g.key);
  return keys;
}

bool is_json(const std::string& text) { return nlohmann::json::accept(text); }

// The checks of one decision's position.
void check_position(const Game& g, const Position& p, std::mt19937_64& rng) {
  std::string error;
  const auto back = g.position_from_json(g.position_json(p), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_TRUE(*back == p) << "the position's file does not read back to the same position";

  const int n = g.num_players(p);
  for (int seat = 0; seat < n; ++seat) {
    if (seat == g.automaton_seat(p)) continue;  // the engine plays her: she gets no view
    games::u64 world_rng = rng();
    const Position world = g.sample_world(p, seat, world_rng);
    EXPECT_EQ(g.check(world), "") << "seat " << seat << "'s determinization";
    EXPECT_EQ(g.infoset_key(world, seat), g.infoset_key(p, seat)) << "seat " << seat;
    EXPECT_EQ(g.observation_json(world, seat), g.observation_json(p, seat)) << "seat " << seat;
    if (g.to_move(p) == seat) {
      EXPECT_EQ(g.legal_actions(world), g.legal_actions(p)) << "seat " << seat;
    }
    EXPECT_TRUE(is_json(g.board_view_json(p, seat))) << "seat " << seat;
  }
  EXPECT_TRUE(is_json(g.board_legal_json(p)));

  const int mover = g.to_move(p);
  if (mover == games::kNoSeat) return;
  games::u64 message_rng = rng();
  const std::string message = g.agent_message(p, mover, message_rng);
  const auto world = g.world_from_agent_message(message, &error);
  ASSERT_TRUE(world) << error;
  EXPECT_EQ(g.infoset_key(*world, mover), g.infoset_key(p, mover));
  EXPECT_EQ(g.legal_actions(*world), g.legal_actions(p));
}

class EveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGame, KeepsItsFilesAndItsPlayersInformation) {
  const Game& g = games::game(GetParam());
  constexpr games::u64 kGamesPerTable = 2;
  constexpr int kMaxDecisions = 3000;
  for (const Table& t : tables_of(g))
    for (games::u64 seed = 1; seed <= kGamesPerTable; ++seed) {
      SCOPED_TRACE(std::to_string(t.players) + " players, automaton's seat " +
                   std::to_string(t.automaton_seat) + ", seed " + std::to_string(seed));
      std::mt19937_64 rng(seed * 7919 + t.players);
      Position p = g.new_game(t.players, seed, t.automaton_seat);
      ASSERT_EQ(g.automaton_seat(p), t.automaton_seat);
      io::GameRecord record;
      record.num_players = t.players;
      record.seed = seed;
      record.agents.assign(t.players, "random");
      if (t.automaton_seat != games::kNoSeat) {
        record.automaton_seat = t.automaton_seat;
        record.agents[t.automaton_seat] = std::string(g.automaton());
      }
      while (!g.over(p)) {
        ASSERT_LT(int(record.actions.size()), kMaxDecisions) << "the game did not end";
        check_position(g, p, rng);
        if (HasFailure()) return;  // one position's failures, not a thousand
        const std::vector<Action> legal = g.legal_actions(p);
        ASSERT_FALSE(legal.empty());
        const Action a = legal[rng() % legal.size()];
        record.actions.push_back(std::uint16_t(a));
        g.apply(p, a);
      }
      check_position(g, p, rng);

      std::string error;
      const auto read = g.record_from_json(g.record_json(record), &error);
      ASSERT_TRUE(read) << error;
      EXPECT_EQ(read->actions, record.actions);
      EXPECT_EQ(read->automaton_seat, record.automaton_seat);
      const auto replayed = g.replay(*read, &error);
      ASSERT_TRUE(replayed) << error;
      EXPECT_TRUE(*replayed == p) << "the record does not replay to the game's final position";
    }
}

INSTANTIATE_TEST_SUITE_P(AllGames, EveryGame, ::testing::ValuesIn(registered_game_keys()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace pamir::testing
