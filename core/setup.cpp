#include "core/game.h"

#include <bit>
#include <cassert>
#include <cstring>

#include "core/game_rules.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::core::inline PAMIR_RULESET {

void begin_turn(State& s, int p) {
  s.current = u8(p);
  clear_tasks(s);
  s.actions_used = 0;
  s.refused_cards[0] = s.refused_cards[1] = 0;
  s.market_paid = 0;
  std::memset(s.cylinders_placed, 0, sizeof s.cylinders_placed);
  std::memset(s.blocks_placed, 0, sizeof s.blocks_placed);
  Rules::begin_turn(s, p);
  push_task(s, TaskKind::kTurnActions, s.current);
  // Blackmail comes before the actions, one decision per Blackmail card, in data order
  // (pushed last to first, so that the first is decided first).
  for (u32 m = s.abilities[s.current] & kMechanicAbilities[AbilityMechanic::kBlackmail]; m;) {
    const int a = 31 - std::countl_zero(m);
    m &= ~(u32(1) << a);
    push_task(s, TaskKind::kBlackmail, s.current, ability_def(a).region);
  }
}

State new_game(int num_players, u64 seed, int automaton_seat) {
  assert(num_players >= kMinPlayers && num_players <= kMaxPlayers);
  State s;
  std::memset(&s, 0, sizeof s);
  s.rng = seed;
  s.num_players = u8(num_players);
  s.phase = Phase::kSetup;
  s.favored_suit = Suit::kPolitical;
  s.bank = i16(kTotalRupees - kStartingRupees * num_players);
  for (int p = 0; p < kMaxPlayers; ++p) s.loyalty[p] = Coalition::kNone;
  for (int p = 0; p < num_players; ++p) {
    s.rupees[p] = kStartingRupees;
    s.cylinders_in_supply[p] = kCylinders;
  }
  for (int k = 0; k < Coalition::kCount; ++k) s.blocks_in_supply[k] = kBlocksPerCoalition;
  Rules::setup(s, automaton_seat);
  return s;
}

}  // namespace pamir::core::inline PAMIR_RULESET
