#pragma once
// The steps of play. A State holds a stack of Tasks; the top one is resolved next. A task
// is either automatic (resolved by advance() without input) or a decision (the next
// action answers it, made by Task::player). Compound actions push their steps in
// reverse order, so they run first-to-last; a step that needs more steps (a discard that
// triggers a leverage debt) pushes them on top, so they finish before the rest goes on.

#include "core/types.h"

namespace pamir::core::inline PAMIR_RULESET {

namespace TaskKind {
enum : u8 {
  // Decisions -------------------------------------------------------------------------
  kChooseLoyalty,  // setup: player picks a coalition
  kTurnActions,    // the action phase: purchase, play, card action, or done
  kBribeDemand,    // player (ruler or hostage holder) names the bribe: a=max, b=card, c=purpose
  kBribePay,       // player (actor) pays a bribe or refuses: a=amount, b=card, c=purpose, d=receiver
  kPlaceRoad,      // player picks a border of region a for a road of coalition b
  kPlaceSpy,       // player picks a court card of region a for a spy
  kTakeCylinder,   // supply shortage: player picks a cylinder in play to move to CylLoc a
  kTakeBlock,      // supply shortage: player picks a block of coalition a to move to BlockLoc b
  kTax,            // player takes rupees: a=left to take, b=taken so far, c=card's region
                   // (kHooks.actions_by_card_region)
  kGift,           // player picks an empty gift space (kHooks.gift_uses: or another use, c=card's region)
  kBuild,          // player places a block: a=placed so far, b=maximum, c=card's region
                   // (kHooks.actions_by_card_region)
  kMoveFrom,       // player picks a piece to move or done: a=moves left, b=moves made
  kMoveTo,         // player picks where the piece at MoveLoc c goes: a=moves left, b=moves made
  kBetray,         // player picks a card to betray
  kPrize,          // player takes card a as a prize or declines
  kBattleSite,     // player picks a region or card: a=rank; b=the lowest site, c=1: may stop (a split battle)
  kBattle,  // player removes a piece: a=site (BattleSite), b=left to remove, c=removed; d=rank left (War)
  kDiscardLeverage,    // player discards a card for an unpaid leverage rupee: a=rupees still owed
  kDiscardCourt,       // cleanup: player discards court cards down to the limit
  kDiscardHand,        // cleanup: player discards hand cards down to the limit
  kConfidenceFailure,  // player discards one card from hand
  kChoosePlayer,       // player picks another player for event a (EventKind)
  kChooseRegion,       // player picks a region for event a
  kChooseSuit,         // player picks a suit for event a
  kSafeHouse,          // Safe House: player's spy removed in battle from card a goes there, or done
  kBlackmail,          // Blackmail: at turn start, player may put a spy on a spy-free card of region a
  kInfrastructure,     // Infrastructure: after a build, player places one free block
// The decisions only this ruleset has (core/rulesets/<game>/game_decisions.inc), so that
// the other's kinds, and what is numbered after them, stay as they are.
#include "game_decisions.inc"
  kNumDecisions,
  // Automatic -------------------------------------------------------------------------
  kResolveIcons = kNumDecisions,  // resolve impact icon b (and later ones) of card a for player
  kLeverageDebt,                  // player owes a rupees to the bank for a discarded leveraged card
  kCleanupEvents,                 // discard events in the leftmost market column
  kRefillMarket,                  // slide and refill the market, with Instability
  kEndTurn,  // pass the turn to the next player; a != 0: the ruleset's own (Rules::end_turn_task)
  kCount
};
}  // namespace TaskKind

// Whether this ruleset has decisions of its own (game_decisions.inc), which its own code
// generates, checks and resolves (Rules::gen_own_decision and the others, core/game_rules.h).
constexpr bool kGameDecisions = TaskKind::kNumDecisions > TaskKind::kInfrastructure + 1;

// Purpose of a bribe (Task::c of kBribeDemand and kBribePay).
namespace BribeFor {
enum : u8 { kPlayLeft, kPlayRight, kCardAction /* + CardAction */ };
}

// A battle or move site: regions 0..5, then court cards (6 + card - 1).
namespace Site {
constexpr u8 region(int r) { return u8(r); }
constexpr u8 card(int c) { return u8(Region::kCount + c - 1); }
constexpr bool is_region(int s) { return s < Region::kCount; }
constexpr int card_of(int s) { return s - Region::kCount + 1; }
constexpr int kCount = Region::kCount + kNumCourtCards;
}  // namespace Site

struct Task {
  u8 kind;
  u8 player;
  u8 a, b, c, d;
};

constexpr bool is_decision(const Task& t) { return t.kind < TaskKind::kNumDecisions; }

}  // namespace pamir::core::inline PAMIR_RULESET
