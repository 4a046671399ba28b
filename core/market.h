#pragma once
// The market: purchase payments, action-cost payments, and the cleanup refill with
// Instability.

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Abilities that waive purchase prices (Herat, Persian and Russian Influence).
constexpr u32 kPriceWaivers = kMechanicAbilities[AbilityMechanic::kFreePurchase];

// Rupees p pays to buy the card at (row, col): column times 1 (2 with military favored).
int purchase_cost(const State& s, int p, int row, int col);
// Places p's payment for (row, col) on the cards to its left (a vacant space passes its
// rupee to the other row's card in that column).
void pay_purchase(State& s, int p, int row, int col);
// Pays n rupees of an action cost onto the rightmost market cards, in pairs: one to each
// row's next card from the right (rules notes 5).
void pay_action_cost(State& s, int p, int n);
// Puts rupees on a market space; the rupee-sink event (Public Withdrawal) eats them.
void add_market_rupees(State& s, int row, int col, int n);

// Cleanup step 3, for one row (the top row goes first): discards an event or Dominance
// Check in the leftmost column with its effect. Returns false when a check ended the game.
bool discard_leftmost_event(State& s, int row);
// Cleanup step 4: slides the rows left and draws into the gaps; a second Dominance Check
// in the market triggers Instability. Returns false when the game ended.
bool refill_market(State& s);

}  // namespace pamir::core
