#include "core/game.h"

#include <bit>
#include <cassert>
#include <cstring>

#include "core/expanse.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"
#include "core/wakhan.h"
#include "core/world.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

void build_deck(State& s) {
  u8 court[kNumCourtCards], events[kNumEvents], checks[kNumDominanceChecks];
  for (int i = 0; i < kNumCourtCards; ++i) court[i] = u8(i + 1);
  for (int i = 0; i < kNumEvents; ++i) events[i] = u8(kFirstEvent + i);
  for (int i = 0; i < kNumDominanceChecks; ++i) checks[i] = u8(kFirstDominanceCheck + i);
  shuffle(court, kNumCourtCards, s.rng);
  shuffle(events, kNumEvents, s.rng);
  shuffle(checks, kNumDominanceChecks, s.rng);
  // Six piles, top first: 5+N court cards each, 2 events in pile 2, one event and one
  // Dominance Check in each of piles 3-6; each pile shuffled on its own.
  const PileLayout layout = pile_layout(s.num_players);
  int next_court = 0, next_event = 0, next_check = 0;
  for (int pile = 0; pile < 6; ++pile) {
    u8* begin = &s.deck[layout.begin[pile]];
    int n = 0;
    for (int i = 0; i < 5 + s.num_players; ++i) begin[n++] = court[next_court++];
    for (int i = 0; i < layout.events[pile]; ++i) begin[n++] = events[next_event++];
    for (int i = 0; i < layout.checks[pile]; ++i) begin[n++] = checks[next_check++];
    shuffle(begin, n, s.rng);
  }
  s.deck_size = u8(layout.end[5]);
  for (int i = 0; i < s.deck_size; ++i) s.card_loc[s.deck[i]] = Loc::kDeck;
  // Cards left out stay Loc::kUnused (0).
}

}  // namespace

void begin_turn(State& s, int p) {
  s.current = u8(p);
  clear_tasks(s);
  s.actions_used = 0;
  if constexpr (!kHooks.refresh_own_network) s.used_cards[0] = s.used_cards[1] = 0;
  s.refused_cards[0] = s.refused_cards[1] = 0;
  s.market_paid = 0;
  std::memset(s.cylinders_placed, 0, sizeof s.cylinders_placed);
  std::memset(s.blocks_placed, 0, sizeof s.blocks_placed);
  if constexpr (kHooks.wakhan)
    if (s.is_wakhan(p)) draw_ai_card(s);
  push_task(s, TaskKind::kTurnActions, s.current);
  // Blackmail comes before the actions, one decision per Blackmail card, in data order
  // (pushed last to first, so that the first is decided first).
  for (u32 m = s.abilities[s.current] & kMechanicAbilities[AbilityMechanic::kBlackmail]; m;) {
    const int a = 31 - std::countl_zero(m);
    m &= ~(u32(1) << a);
    push_task(s, TaskKind::kBlackmail, s.current, ability_def(a).region);
  }
}

State new_game(int num_players, u64 seed, int wakhan_seat) {
  assert(num_players >= kMinPlayers && num_players <= kMaxPlayers);
  assert(wakhan_seat == kNoPlayer || (num_players <= 3 && wakhan_seat >= 0 && wakhan_seat < num_players));
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
  if constexpr (kHooks.expanse_setup) {
    assert(wakhan_seat == kNoPlayer);
    expanse_setup(s);
    return s;
  }
  build_deck(s);
  refill_market(s);
  if (wakhan_seat == kNoPlayer) {
    s.first_chooser = u8(random_below(s.rng, num_players));
    for (int i = num_players - 1; i >= 0; --i)
      push_task(s, TaskKind::kChooseLoyalty, (s.first_chooser + i) % num_players);
    return s;
  }
  // Wakhan chooses no loyalty and sits just before the last chooser: the others choose
  // clockwise from two seats after her (with 3 seats), ending with the seat after her.
  s.wakhan = u8(wakhan_seat + 1);
  if constexpr (kHooks.wakhan) deal_ai_deck(s);
  push_task(s, TaskKind::kChooseLoyalty, seat_at(s, wakhan_seat, 1));
  if (num_players == 3) push_task(s, TaskKind::kChooseLoyalty, seat_at(s, wakhan_seat, 2));
  s.first_chooser = s.top().player;
  return s;
}

}  // namespace pamir::core
