#include "core/resolution.h"

#include <algorithm>
#include <cassert>

#include "core/dominance.h"
#include "core/events.h"
#include "core/game.h"
#include "core/game_rules.h"
#include "core/legality.h"
#include "core/market.h"
#include "core/movegen.h"
#include "core/pieces.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

// Resolves icon number i of card c for p. Wakhan's roads follow her region priority, so her
// road task carries how many road icons of the card came before (field c).
void resolve_icon(State& s, int p, int c, int i) {
  const CourtCard& cc = court_card(c);
  const int r = card_region(s, c), icon = cc.icons[i];
  switch (icon) {
    case Icon::kArmy:
      place_block(s, p, s.loyalty[p], BlockLoc::army(r));
      break;
    case Icon::kRoad: {
      const int earlier_roads =
          s.is_automaton(p) ? int(std::count(&cc.icons[0], &cc.icons[i], Icon::kRoad)) : 0;
      push_task(s, TaskKind::kPlaceRoad, p, r, s.loyalty[p], earlier_roads);
      break;
    }
    case Icon::kTribe:
      place_cylinder(s, p, CylLoc::tribe(r));
      break;
    case Icon::kSpy:
      push_task(s, TaskKind::kPlaceSpy, p, r);
      break;
    case Icon::kLeverage:
      s.rupees[p] += 2;
      s.bank -= 2;
      break;
    case Icon::kFavorEconomic:
      change_favored_suit(s, Suit::kEconomic);
      break;
    case Icon::kFavorMilitary:
      change_favored_suit(s, Suit::kMilitary);
      break;
    case Icon::kFavorPolitical:
      change_favored_suit(s, Suit::kPolitical);
      break;
    case Icon::kFavorIntelligence:
      change_favored_suit(s, Suit::kIntelligence);
      break;
    default:  // the ruleset's own
      Rules::own_icon(s, p, icon);
      break;
  }
}

void play_card(State& s, int p, int c, bool left) {
  if (!s.is_automaton(p)) ++s.actions_used;  // her plays are part of the radicalize that bought them
  hand_remove(s, p, c);
  court_insert(s, p, c, left);
  push_task(s, TaskKind::kResolveIcons, p, c, 0);
  // A patriot of another coalition turns the dial first; the debts of the patriots it
  // discards are settled before the icons resolve (they sit above them on the stack).
  const int patriot = court_card(c).patriot;
  if (patriot != Coalition::kNone) change_loyalty(s, p, patriot);
}

void start_card_action(State& s, int p, int c, int act) {
  bit_set(s.used_cards, c);
  if (!is_favored(s, p, c)) ++s.actions_used;
  const int rank = court_card(c).rank;
  // With kHooks.actions_by_card_region tax, gift and build act in the card's region, and
  // gifts have other uses there (tasks' field c).
  const int region = kHooks.actions_by_card_region || kHooks.gift_uses ? card_region(s, c) : 0;
  switch (act) {
    case CardAction::kTax:
      push_task(s, TaskKind::kTax, p, rank, 0, region);
      break;
    case CardAction::kGift:
      push_task(s, TaskKind::kGift, p, 0, 0, region);
      break;
    case CardAction::kBuild:
      push_task(s, TaskKind::kBuild, p, 0, (s.player_effects[p] & PlayerEffect::kNationBuilding) ? 6 : 3,
                region);
      break;
    case CardAction::kMove:
      push_task(s, TaskKind::kMoveFrom, p, rank, 0);
      break;
    case CardAction::kBetray:
      push_task(s, TaskKind::kBetray, p);
      break;
    case CardAction::kBattle:
      push_task(s, TaskKind::kBattleSite, p, rank);
      break;
  }
}

// Continues the play or card action a bribe was negotiated for.
void carry_out(State& s, int p, int c, int purpose) {
  if (purpose == BribeFor::kPlayLeft || purpose == BribeFor::kPlayRight)
    play_card(s, p, c, purpose == BribeFor::kPlayLeft);
  else
    start_card_action(s, p, c, purpose - BribeFor::kCardAction);
}

void finish_build(State& s, int p, int placed) {
  if (placed) pay_action_cost(s, p, build_cost(s, p, placed));
  if (has_mechanic(s, p, AbilityMechanic::kInfrastructure)) push_task(s, TaskKind::kInfrastructure, p);
}

void purchase(State& s, int p, int row, int col) {
  const int card = s.market[row][col];
  ++s.actions_used;
  pay_purchase(s, p, row, col);
  s.rupees[p] += s.market_rupees[row][col];
  s.market_rupees[row][col] = 0;
  s.market[row][col] = kNoCard;
  if (is_court_card(card)) {
    hand_add(s, p, card);
  } else if (is_dominance_check(card)) {
    s.card_loc[card] = Loc::kDiscard;
    resolve_dominance_check(s, card, card);
  } else {
    apply_purchase_event(s, p, card);
  }
}

// kEndTurn's work: the turn passes to the next seat.
void pass_turn(State& s, int p) {
  Rules::end_turn(s, s.current);
  s.current = u8((s.current + 1) % s.num_players);
  ++s.turn;
  Rules::after_turn(s, p);
}

void begin_cleanup(State& s, int p) {
  push_task(s, TaskKind::kEndTurn, p);
  // A discard is asked for only over its limit (decision_ready), and a court within its limit
  // leaves the hand limit as it is: both are known now.
  const bool court_over = over_court_limit(s, p);
  const bool discard = court_over || over_hand_limit(s, p);
  if (!discard && !leftmost_is_event(s, 0) && !leftmost_is_event(s, 1)) {
    // Most turns: nothing to discard and no event to clear, so the refill and the end of the
    // turn run here rather than as tasks, unless the refill's Instability leaves tasks of its
    // own (they go first, as they would above the tasks).
    refill_market(s);
    if (s.game_over() || s.top().kind != TaskKind::kEndTurn) return;
    pop_task(s);
    return pass_turn(s, p);
  }
  push_task(s, TaskKind::kRefillMarket, p);
  push_task(s, TaskKind::kCleanupEvents, p, 0);
  if (discard) push_task(s, TaskKind::kDiscardHand, p);
  if (court_over) push_task(s, TaskKind::kDiscardCourt, p);
}

void take_piece(State& s, const Task& t, int idx) {
  const int p = t.player;
  if (t.kind == TaskKind::kTakeCylinder) {
    const u8 from = idx < 6 ? CylLoc::tribe(idx) : idx < 9 ? CylLoc::gift(idx - 6) : CylLoc::spy(idx - 9 + 1);
    const int i = cylinder_at(s, p, from, true);
    s.cylinders_placed[p] |= u16(1u << i);
    if (from == t.a) return;  // a tribe taken for its own region stays where it is
    // Lift it first: losing a last tribe can discard cards (the overthrow rule), and the
    // card a spy was headed for may be among them.
    move_cylinder(s, p, i, CylLoc::kSupply);
    if (CylLoc::is_spy(t.a) && s.court_owner(CylLoc::card_of(t.a)) == kNoPlayer) return;
    set_cylinder(s, p, i, t.a);
    s.cylinders_placed[p] |= u16(1u << i);
  } else {
    const int k = t.a;
    const int j = idx - 9 - kNumCourtCards;
    const u8 from = j < 6 ? BlockLoc::army(j) : BlockLoc::road(j - 6);
    const int i = block_at(s, k, from, true);
    set_block(s, k, i, t.b);
    s.blocks_placed[k] |= u16(1u << i);
  }
}

void move_piece(State& s, int p, int from, int to_site) {
  Rules::note_move(s, p, from, to_site);
  if (from < Region::kCount) {
    const int k = s.loyalty[p];
    const int i = block_at(s, k, BlockLoc::army(from), false);
    set_block(s, k, i, BlockLoc::army(to_site));
  } else if (from < Region::kCount + kNumCourtCards) {
    const int i = cylinder_at(s, p, CylLoc::spy(from - Region::kCount + 1), false);
    set_cylinder(s, p, i, CylLoc::spy(Site::card_of(to_site)));
  } else {
    const int r = from - Region::kCount - kNumCourtCards;
    move_cylinder(s, p, cylinder_at(s, p, CylLoc::tribe(r), false), CylLoc::tribe(to_site));
  }
}

void battle_remove(State& s, int p, int site, Act::Decoded d) {
  if (d.family == Act::kDamageNeutralFamily) return Rules::damage_neutral(s);
  if (d.family == Act::kRemoveArmyFamily) {
    const int k = d.a;
    set_block(s, k, block_at(s, k, BlockLoc::army(site), false), BlockLoc::kSupply);
  } else if (d.family == Act::kRemoveRoadFamily) {
    const int b = d.a, k = d.b;
    set_block(s, k, block_at(s, k, BlockLoc::road(b), false), BlockLoc::kSupply);
  } else if (d.family == Act::kRemoveTribeFamily) {
    const int q = seat_at(s, p, d.a);
    move_cylinder(s, q, cylinder_at(s, q, CylLoc::tribe(site), false), CylLoc::kSupply);
    Rules::tribe_removed(s, p, q, site);
  } else {
    const int q = seat_at(s, p, d.a);
    const int c = Site::card_of(site);
    set_cylinder(s, q, cylinder_at(s, q, CylLoc::spy(c), false), CylLoc::kSupply);
    u8 houses[kNumCourtCards];
    if (safe_houses(s, q, c, houses)) push_task(s, TaskKind::kSafeHouse, q, c);
  }
}

// A battle at one site is over (done, or nothing left to remove there). While the ruleset
// splits battles (Rules::battle_splits) the rank left may go on at another site, each further
// one later in site order, so that no site is fought twice and its cap (the attacker's units
// there) holds.
void finish_battle_site(State& s, const Task& t) {
  if constexpr (kHooks.battles_split)
    if (t.d > 0 && t.a + 1 < Site::kCount && Rules::battle_splits(s))
      push_task(s, TaskKind::kBattleSite, t.player, t.d, t.a + 1, 1);
}

// The block location a `road <border>` or `build army <region>` action names.
u8 block_destination(Act::Decoded d) {
  return d.family == Act::kRoadFamily ? BlockLoc::road(d.a) : BlockLoc::army(d.a);
}

// Discards card c of p from hand or court.
void discard_own(State& s, int p, int c) {
  if (s.in_hand(p, c))
    discard_from_hand(s, p, c);
  else
    discard_court_card(s, c);
}

}  // namespace

// Applies the answer to the decision on top of the stack.
void decide(State& s, Action a) {
  const Task t = s.top();
  const int p = t.player;
  const Act::Decoded d = Act::decode(a);
  // The action phase stays under whatever an action pushes, until `done`.
  if (t.kind != TaskKind::kTurnActions || a == Act::kDone) pop_task(s);
  switch (t.kind) {
    case TaskKind::kChooseLoyalty:
      s.loyalty[p] = d.a;
      return Rules::loyalty_chosen(s);
    case TaskKind::kTurnActions: {
      if (a == Act::kDone) return begin_cleanup(s, p);
      if (d.family == Act::kPurchaseFamily) return purchase(s, p, d.a, d.b);
      if (d.family == Act::kPlayFamily) {
        const int c = d.a, right = d.b;
        const int region = card_region(s, c), owner = ruler(s, region);
        if (owner != kNoPlayer && owner != p && !ruler_bribe_waived(s, p))
          return push_task(s, TaskKind::kBribeDemand, owner, s.tribes[region][owner], c,
                           right ? BribeFor::kPlayRight : BribeFor::kPlayLeft);
        return play_card(s, p, c, !right);
      }
      const int c = d.a, act = d.b;
      int holder = kNoPlayer;
      if (const int bribe = hostage_bribe(s, p, c, &holder))
        return push_task(s, TaskKind::kBribeDemand, holder, bribe, c, BribeFor::kCardAction + act);
      return start_card_action(s, p, c, act);
    }
    case TaskKind::kBribeDemand: {
      const int amount = d.a, actor = s.current;
      if (amount == 0) return carry_out(s, actor, t.b, t.c);
      return push_task(s, TaskKind::kBribePay, actor, amount, t.b, t.c, p);
    }
    case TaskKind::kBribePay:
      if (a == Act::kRefuseBribe) return bit_set(s.refused_cards, t.b);
      s.rupees[p] -= t.a;
      s.rupees[t.d] += t.a;
      return carry_out(s, p, t.b, t.c);
    case TaskKind::kPlaceRoad:
      return place_block(s, p, t.b, BlockLoc::road(d.a));
    case TaskKind::kPlaceSpy:
      return place_cylinder(s, p, CylLoc::spy(d.a));
    case TaskKind::kTakeCylinder:
    case TaskKind::kTakeBlock:
      return take_piece(s, t, d.a);
    case TaskKind::kTax:
      if (a == Act::kDone) return;
      push_task(s, TaskKind::kTax, p, t.a - 1, t.b + 1, t.c);
      if (d.family == Act::kTaxMarketFamily)
        --s.market_rupees[d.a][d.b];
      else
        --s.rupees[seat_at(s, p, d.a)];
      ++s.rupees[p];
      return;
    case TaskKind::kGift: {
      if (Rules::decide_gift(s, p, d)) return;
      const int slot = d.a;
      pay_action_cost(s, p, kGiftCost[slot]);
      return place_cylinder(s, p, CylLoc::gift(slot));
    }
    case TaskKind::kBuild:
      if (a == Act::kDone) return finish_build(s, p, t.a);
      push_task(s, TaskKind::kBuild, p, t.a + 1, t.b, t.c);
      return place_block(s, p, s.loyalty[p], block_destination(d));
    case TaskKind::kMoveFrom:
      if (a == Act::kDone) return Rules::end_move(s);
      return push_task(s, TaskKind::kMoveTo, p, t.a, t.b, d.a);
    case TaskKind::kMoveTo:
      push_task(s, TaskKind::kMoveFrom, p, t.a - 1, t.b + 1);
      return move_piece(s, p, t.c, d.a);
    case TaskKind::kBetray: {
      const int c = d.a;
      pay_action_cost(s, p, 2);
      if (court_card(c).prize != Coalition::kNone) push_task(s, TaskKind::kPrize, p, c);
      Rules::betrayed(s, p, c);
      return discard_court_card(s, c);
    }
    case TaskKind::kPrize: {
      if (a == Act::kDeclinePrize) return;
      const int c = t.a;
      change_loyalty(s, p, court_card(c).prize);
      s.card_loc[c] = u8(Loc::kPrize + p);
      ++s.prizes[p];
      return;
    }
    case TaskKind::kBattleSite: {
      if (a == Act::kDone) return;  // a split battle: no further site
      const int site = d.a;
      return push_task(s, TaskKind::kBattle, p, site, std::min<int>(t.a, battle_strength(s, p, site)), 0,
                       kHooks.battles_split ? t.a : 0);
    }
    case TaskKind::kBattle:
      if (a == Act::kDone) return finish_battle_site(s, t);
      push_task(s, TaskKind::kBattle, p, t.a, t.b - 1, t.c + 1, kHooks.battles_split ? t.d - 1 : 0);
      return battle_remove(s, p, t.a, d);
    case TaskKind::kDiscardLeverage:
      if (t.a > 1) push_task(s, TaskKind::kDiscardLeverage, p, t.a - 1);
      return discard_own(s, p, d.a);
    case TaskKind::kDiscardCourt:
    case TaskKind::kDiscardHand:
      push_task(s, t.kind, p);  // until within the limit
      return discard_own(s, p, d.a);
    case TaskKind::kConfidenceFailure:
      return discard_own(s, p, d.a);
    case TaskKind::kChoosePlayer:
      return resolve_event_choice(s, p, t.a, seat_at(s, p, d.a));
    case TaskKind::kChooseRegion:
      return resolve_event_choice(s, p, t.a, d.a);
    case TaskKind::kChooseSuit:
      return resolve_event_choice(s, p, t.a, d.a);
    case TaskKind::kSafeHouse:
    case TaskKind::kBlackmail:
      if (a == Act::kDone) return;
      return place_cylinder(s, p, CylLoc::spy(d.a));
    case TaskKind::kInfrastructure:
      return place_block(s, p, s.loyalty[p], block_destination(d));
    default:
      if constexpr (kGameDecisions) Rules::decide_own(s, t, a);
      return;
  }
}

namespace {

// Whether the decision on top still has something to decide; pops it (finishing what it
// owes) when not.
bool decision_ready(State& s) {
  const Task& t = s.top();
  if (t.kind == TaskKind::kTurnActions) return true;  // over half of all decisions: before the jump table
  const int p = t.player;
  bool ready = true;
  switch (t.kind) {
    case TaskKind::kTax:
      ready = t.a > 0 && (market_has_taxable_rupees(s, p, t.c) || taxable_players(s, p, t.c));
      break;
    case TaskKind::kBuild:
      ready = t.a < t.b && s.rupees[p] >= build_cost(s, p, t.a + 1) && can_place_block(s, s.loyalty[p]) &&
              any_build_region(s, p);
      if (!ready) {
        const int placed = t.a;
        pop_task(s);
        finish_build(s, p, placed);
        return false;
      }
      break;
    case TaskKind::kMoveFrom:
      if (t.a == 0 || !any_move(s, p)) {
        pop_task(s);
        Rules::end_move(s);
        return false;
      }
      break;
    case TaskKind::kGift:
      ready = Rules::gift_ready(s, p, t.c);
      break;
    case TaskKind::kBattleSite:
      ready = !t.c || any_battle(s, p, t.b);
      break;
    case TaskKind::kBattle:
      ready = t.b > 0 && has_battle_removal(s, p, t.a);
      if (!ready) {
        const Task over = t;
        pop_task(s);
        finish_battle_site(s, over);
        return false;
      }
      break;
    case TaskKind::kDiscardLeverage:
      ready = t.a > 0 && (hand_size(s, p) > 0 || s.court_len[p] > 0);
      break;
    case TaskKind::kDiscardCourt:
      ready = over_court_limit(s, p);
      break;
    case TaskKind::kDiscardHand:
      ready = over_hand_limit(s, p);
      break;
    case TaskKind::kConfidenceFailure:
      ready = hand_size(s, p) > 0;
      break;
    case TaskKind::kPlaceSpy: {
      const CardWords cards = court_cards_of_region(s, t.a);
      ready = cards[0] | cards[1];
      break;
    }
    case TaskKind::kTakeCylinder:
      ready = cylinder_available(s, p);
      break;
    case TaskKind::kBlackmail: {
      u8 cards[kNumCourtCards];
      ready = spy_free_cards(s, t.a, cards) > 0 && can_place_cylinder(s, p);
      break;
    }
    case TaskKind::kInfrastructure: {
      Action buf[kNumBorders + Region::kCount];
      ready = gen_block_placements(s, p, ruled_regions(s, p), buf) > 0;
      break;
    }
    case TaskKind::kTakeBlock:
      ready = block_available(s, t.a);
      break;
    default:  // the ruleset's own decisions come after the shared ones
      if constexpr (kGameDecisions)
        if (t.kind > TaskKind::kInfrastructure) ready = Rules::own_decision_ready(s);
      break;
  }
  if (!ready) pop_task(s);
  return ready;
}

void run_automatic(State& s, const Task& t) {
  const int p = t.player;
  switch (t.kind) {
    case TaskKind::kResolveIcons: {
      const CourtCard& cc = court_card(t.a);
      // Icons resolve from the court: a card discarded before they do (for a leverage debt
      // that its own play caused) resolves nothing more (docs/rules-notes.md).
      if (t.b >= cc.num_icons || !s.in_court(p, t.a)) return;
      if (t.b + 1 < cc.num_icons) push_task(s, TaskKind::kResolveIcons, p, t.a, t.b + 1);
      return resolve_icon(s, p, t.a, t.b);
    }
    case TaskKind::kLeverageDebt: {
      const int paid = std::min<int>(t.a, s.rupees[p]);
      s.rupees[p] -= paid;
      s.bank += paid;
      // Wakhan discards nothing for leverage she cannot repay.
      if (paid < t.a && !s.is_automaton(p)) push_task(s, TaskKind::kDiscardLeverage, p, t.a - paid);
      return;
    }
    case TaskKind::kCleanupEvents: {
      // The bottom row follows whatever the top row's card starts; with no event or check in
      // the top row's leftmost space (most turns) it follows at once.
      if (t.a == 0 && !leftmost_is_event(s, 0)) return void(discard_leftmost_event(s, 1));
      if (t.a == 0) push_task(s, TaskKind::kCleanupEvents, p, 1);
      discard_leftmost_event(s, t.a);
      return;
    }
    case TaskKind::kRefillMarket:
      refill_market(s);
      return;
    case TaskKind::kEndTurn:
      if (Rules::end_turn_task(s, t)) return;
      return pass_turn(s, p);
  }
}

}  // namespace

namespace {

// advance's loop, kept out of line: its frame is large, and most actions need none of it.
[[gnu::noinline]] void resolve_until_decision(State& s) {
  while (!s.game_over()) {
    if (s.num_tasks == 0) {
      if (s.phase == Phase::kSetup) {
        s.phase = Phase::kPlaying;
        s.current = u8(Rules::first_player(s));
      }
      begin_turn(s, s.current);
      continue;
    }
    if (is_decision(s.top())) {
      if (!decision_ready(s)) continue;
      // An automated opponent's decisions are the engine's: it never is to move.
      if (!Rules::automaton_to_move(s)) return;
      decide(s, Rules::automaton_choice(s));
      continue;
    }
    const Task t = s.top();
    pop_task(s);
    run_automatic(s, t);
  }
}

}  // namespace

// Resolves automatic tasks until a decision is pending or the game is over.
void advance(State& s) {
  // Most actions leave the action phase of a player the engine does not play for on top,
  // with nothing to resolve (the loop would find it a ready decision and return).
  if (!s.game_over() && s.num_tasks && s.top().kind == TaskKind::kTurnActions && !Rules::automaton_to_move(s))
    return;
  resolve_until_decision(s);
}

}  // namespace pamir::core::inline PAMIR_RULESET
