#include "core/check.h"

#include <cstring>
#include <string>

#include "core/game_rules.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/world.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

std::string fail(const std::string& what) { return what; }

// Every Dominance Check is dealt into the deck and is scored when it leaves the market,
// except that Instability scores one check for two (it discards both). So of the checks
// gone, at least half and at most all were scored.
std::string check_dominance_count(const State& s) {
  int waiting = 0;
  for (int i = s.deck_pos; i < s.deck_size; ++i) waiting += is_dominance_check(s.deck[i]);
  for (int r = 0; r < kMarketRows; ++r)
    for (int c = 0; c < kMarketCols; ++c) waiting += is_dominance_check(s.market[r][c]);
  const int gone = kNumDominanceChecks - waiting, resolved = s.dominance_checks_resolved;
  if (resolved > gone || 2 * resolved < gone)
    return "Dominance Checks resolved (" + std::to_string(resolved) + ") do not fit the " +
           std::to_string(gone) + " gone from the deck and market";
  return "";
}

// A bribe is negotiated before the play or card action it is for; that action will count
// against the turn's two, so one must be left.
std::string check_pending_actions(const State& s) {
  for (int i = 0; i < s.num_tasks; ++i) {
    const Task& t = s.tasks[i];
    if (t.kind != TaskKind::kBribeDemand && t.kind != TaskKind::kBribePay) continue;
    const int actor = s.current;  // bribes are paid for the current player's own actions
    const bool counts = t.c < BribeFor::kCardAction ? !s.is_automaton(actor) : !is_favored(s, actor, t.b);
    if (counts && s.actions_used >= 2)
      return fail("a bribe is pending for an action the turn has no room for");
  }
  return "";
}

// A player who changes loyalty discards the patriots and prizes of the coalition left (the
// automaton changes loyalty her own way and keeps hers; a ruleset may let some stay), and
// takes a prize or plays a patriot of another coalition only by changing to it first.
std::string check_loyal_courts(const State& s) {
  if (kHooks.old_loyalty_cards_may_stay || s.phase == Phase::kSetup) return "";
  for (int c = 1; c <= kNumCourtCards; ++c) {
    const int l = s.card_loc[c];
    const bool prize = l >= Loc::kPrize && l < Loc::kPrize + kMaxPlayers;
    const int p = prize ? l - Loc::kPrize : s.court_owner(c);
    if (p == kNoPlayer || s.is_automaton(p)) continue;
    const int coalition = prize ? court_card(c).prize : court_card(c).patriot;
    if (coalition != Coalition::kNone && coalition != s.loyalty[p])
      return std::string(prize ? "a prize" : "a patriot") + " of another coalition than its holder's (card " +
             std::to_string(c) + ", player " + std::to_string(p) + ")";
  }
  return "";
}

// A bought event's lasting effect is in force while its card lies among the active events;
// both end at the next Dominance Check.
std::string check_lasting_effects(const State& s) {
  struct Source {
    int kind;
    u8 global, player;  // the effect's flag (one of the two)
  };
  static constexpr Source kSources[] = {
      {EventKind::kConflictFatigue, GlobalEffect::kConflictFatigue, 0},
      {EventKind::kPashtunwaliValues, GlobalEffect::kPashtunwaliValues, 0},
      {EventKind::kNewTactics, 0, PlayerEffect::kNewTactics},
      {EventKind::kKohINoorRecovered, 0, PlayerEffect::kKohINoor},
      {EventKind::kCourtlyManners, 0, PlayerEffect::kCourtlyManners},
      {EventKind::kRumor, 0, PlayerEffect::kRumor},
      {EventKind::kNationalism, 0, PlayerEffect::kNationalism},
      {EventKind::kNationBuilding, 0, PlayerEffect::kNationBuilding},
  };
  for (const Source& source : kSources) {
    bool in_force = s.global_effects & source.global;
    for (int p = 0; p < s.num_players; ++p) in_force |= bool(s.player_effects[p] & source.player);
    if (!in_force) continue;
    const char* name = nullptr;
    bool card_active = false;
    for (int c = kFirstEvent; c <= kNumCards; ++c)
      if (event_purchase_effect(c).kind == source.kind) {
        name = event_purchase_effect(c).name;
        card_active |= s.card_loc[c] == Loc::kActiveEvent;
      }
    if (name && !card_active)
      return std::string(name) + " is in force while its card is not among the active events";
  }
  return "";
}

// The market is refilled at the end of every turn, so a turn starts with every space filled
// while the deck has cards (the automaton's turns aside, which run their own way).
std::string check_market_filled(const State& s) {
  const bool turn_start = s.phase == Phase::kPlaying && s.num_tasks > 0 &&
                          s.top().kind == TaskKind::kTurnActions && s.actions_used == 0 &&
                          s.market_paid == 0 && !s.is_automaton(s.current);
  if (!turn_start || s.deck_pos >= s.deck_size) return "";
  for (int r = 0; r < kMarketRows; ++r)
    for (int c = 0; c < kMarketCols; ++c)
      if (s.market[r][c] == 0)
        return "a vacant market space at the start of a turn with cards left in the deck";
  return "";
}

}  // namespace

std::string check_consistency(const State& s) {
  const int n = s.num_players;
  if (n < kMinPlayers || n > kMaxPlayers) return fail("player count out of range");
  if (s.phase > Phase::kGameOver) return fail("bad phase");
  if (s.current >= n) return fail("current player out of range");
  if (s.favored_suit >= Suit::kCount) return fail("bad favored suit");
  if (s.actions_used > 2) return fail("more than 2 actions used");
  if (s.num_tasks > kMaxTasks) return fail("task stack overflow");
  if (s.phase != Phase::kGameOver && s.num_tasks == 0) return fail("no pending decision");
  for (int i = 0; i < s.num_tasks; ++i) {
    if (s.tasks[i].kind >= TaskKind::kCount) return fail("bad task kind");
    if (s.tasks[i].player >= n) return fail("task for a player out of range");
  }
  for (int i = s.num_tasks; i < kMaxTasks; ++i)
    if (s.tasks[i].kind || s.tasks[i].player || s.tasks[i].a || s.tasks[i].b || s.tasks[i].c || s.tasks[i].d)
      return fail("stale bytes above the task stack");
  if (auto e = Rules::check_own_state(s); !e.empty()) return e;

  // Cards: every card in exactly one place, and the places agree with the arrays.
  int where[kNumCards + 1] = {};
  auto claim = [&](int c, int loc, const char* what) -> std::string {
    if (c < 1 || c > kNumCards) return std::string("bad card id in ") + what;
    if (where[c]) return "card " + std::to_string(c) + " appears twice";
    where[c] = 1;
    if (s.card_loc[c] != loc)
      return "card " + std::to_string(c) + " in " + what + " has location " + std::to_string(s.card_loc[c]);
    return "";
  };
  if (s.deck_pos > s.deck_size || s.deck_size > kMaxDeck) return fail("bad deck bounds");
  for (int i = s.deck_pos; i < s.deck_size; ++i)
    if (auto e = claim(s.deck[i], Loc::kDeck, "deck"); !e.empty()) return e;
  for (int r = 0; r < kMarketRows; ++r)
    for (int c = 0; c < kMarketCols; ++c)
      if (s.market[r][c])
        if (auto e = claim(s.market[r][c], Loc::kMarket, "market"); !e.empty()) return e;
  int total_court = 0;
  for (int p = 0; p < kMaxPlayers; ++p) total_court += s.court_len[p];
  if (total_court > kNumCourtCards) return fail("courts too long");
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p >= n && (s.court_len[p] || s.hand[p][0] || s.hand[p][1] || s.rupees[p]))
      return fail("an absent seat holds something");
    const int b = s.court_begin(p);
    for (int i = b; i < b + s.court_len[p]; ++i) {
      if (!is_court_card(s.court[i])) return fail("non-court card in a court");
      if (auto e = claim(s.court[i], Loc::kCourt + p, "court"); !e.empty()) return e;
    }
    for (int c = 1; c <= kNumCourtCards; ++c)
      if (s.in_hand(p, c))
        if (auto e = claim(c, Loc::kHand + p, "hand"); !e.empty()) return e;
  }
  for (int i = total_court; i < kNumCourtCards; ++i)
    if (s.court[i]) return fail("court array not zero past its end");
  static_assert(kNumCourtCards > 64 && kNumCourtCards < 128, "a hand is two 64-bit words");
  for (int p = 0; p < kMaxPlayers; ++p)
    if (s.hand[p][1] >> (kNumCourtCards - 64)) return fail("hand bit beyond the last court card");
  int prizes[kMaxPlayers] = {};
  for (int c = 1; c <= kNumCards; ++c) {
    const int l = s.card_loc[c];
    if (l >= Loc::kPrize && l < Loc::kPrize + n) {
      if (!is_court_card(c)) return fail("prize that is no court card");
      ++prizes[l - Loc::kPrize];
      where[c] = 1;
    } else if (l == Loc::kDiscard || l == Loc::kUnused || l == Loc::kActiveEvent) {
      if (where[c]) return "card " + std::to_string(c) + " is both placed and " + std::to_string(l);
      if (l == Loc::kActiveEvent && !is_event(c)) return fail("active event that is no event");
      where[c] = 1;
    } else if (!where[c]) {
      return "card " + std::to_string(c) + " has location " + std::to_string(l) + " but is not there";
    }
  }
  for (int p = 0; p < kMaxPlayers; ++p)
    if (prizes[p] != s.prizes[p]) return fail("prize count cache wrong");

  // Pieces: every location valid, then every cache equal to its recomputation.
  for (int p = 0; p < n; ++p) {
    int gift_slots = 0;
    for (int i = 0; i < kCylinders; ++i) {
      const u8 l = s.cylinder[p][i];
      if (l == CylLoc::kSupply) {
        if (s.cylinders_placed[p] >> i & 1) return fail("cylinder in supply marked placed");
      } else if (CylLoc::is_gift(l)) {
        if (gift_slots >> CylLoc::slot_of(l) & 1) return fail("two gifts on one space");
        gift_slots |= 1 << CylLoc::slot_of(l);
      } else if (CylLoc::is_spy(l)) {
        if (s.court_owner(CylLoc::card_of(l)) == kNoPlayer) return fail("spy on a card not in a court");
      } else if (!CylLoc::is_tribe(l)) {
        return fail("bad cylinder location");
      }
    }
    if (s.loyalty[p] >= Coalition::kCount && s.phase != Phase::kSetup) return fail("player without loyalty");
  }
  for (int k = 0; k < Coalition::kCount; ++k)
    for (int i = 0; i < kBlocksPerCoalition; ++i) {
      const u8 l = s.block[k][i];
      if (l == BlockLoc::kSupply && (s.blocks_placed[k] >> i & 1))
        return fail("block in supply marked placed");
      if (l != BlockLoc::kSupply && !BlockLoc::is_army(l) && !BlockLoc::is_road(l))
        return fail("bad block location");
    }
  State r = s;
  rebuild_caches(r);
  if (std::memcmp(r.tribes, s.tribes, sizeof r.tribes)) return fail("tribe cache wrong");
  if (std::memcmp(r.armies, s.armies, sizeof r.armies)) return fail("army cache wrong");
  if (std::memcmp(r.roads, s.roads, sizeof r.roads)) return fail("road cache wrong");
  if (std::memcmp(r.spies_on, s.spies_on, sizeof r.spies_on)) return fail("spy cache wrong");
  if (std::memcmp(r.cylinders_in_supply, s.cylinders_in_supply, sizeof r.cylinders_in_supply))
    return fail("cylinder supply cache wrong");
  if (std::memcmp(r.blocks_in_supply, s.blocks_in_supply, sizeof r.blocks_in_supply))
    return fail("block supply cache wrong");
  if (std::memcmp(r.abilities, s.abilities, sizeof r.abilities)) return fail("ability cache wrong");
  if (std::memcmp(r.suit_stars, s.suit_stars, sizeof r.suit_stars)) return fail("star cache wrong");

  // Rupees: players + market + bank + removed = the box.
  int total = s.bank + s.rupees_removed;
  for (int p = 0; p < n; ++p) total += s.rupees[p];
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) total += s.market_rupees[row][col];
  if (total != kTotalRupees) return "rupees not conserved: " + std::to_string(total);
  return "";
}

std::string check_reachable(const State& s) {
  if (!deck_keeps_piles(s))
    return "the deck does not keep the six piles of setup (sizes, events, Dominance Checks)";
  if (auto e = check_dominance_count(s); !e.empty()) return e;
  if (auto e = check_loyal_courts(s); !e.empty()) return e;
  if (auto e = check_lasting_effects(s); !e.empty()) return e;
  if (auto e = check_market_filled(s); !e.empty()) return e;
  return check_pending_actions(s);
}

}  // namespace pamir::core::inline PAMIR_RULESET
