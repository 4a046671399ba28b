#pragma once
// The rule checks that decide what a player may do: bribes owed, costs, which card actions
// have something to do, where pieces may go, what a battle may remove. The move generator
// (game.cpp) and Wakhan (wakhan.cpp) both ask these, so that each rule lives once.

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Rupees for gift space 0, 1, 2.
inline constexpr int kGiftCost[kGiftSlots] = {2, 4, 6};

// Bribes. To play a card p pays the region's ruler unless this holds (Disregard for
// Customs, Courtly Manners, Charismatic Courtiers).
bool ruler_bribe_waived(const State& s, int p);
// What p must pay to use an action on court card c held hostage by another player's spies:
// 0 when nobody holds it or the bribe is waived (Disregard for Customs, Courtly Manners,
// Civil Service Reforms); otherwise the holder's spies on c, and *holder (if given) is set.
int hostage_bribe(const State& s, int p, int c, int* holder = nullptr);

// Costs.
int cheapest_gift(const State& s, int p);           // 1000 when every space is taken
int build_cost(const State& s, int p, int blocks);  // Nation Building halves it
int min_action_cost(const State& s, int p, int c,
                    int act);  // the least card action act of card c costs once started

// Supplies: whether a piece can be placed (from the supply, or taken from the map).
bool can_place_cylinder(const State& s, int p);
bool can_place_block(const State& s, int coalition);

// Card actions.
// Whether card action act has something to do for p. It depends on the action only, or for
// the kinds in kActionsFeasibleByRegion also on the card's region (`region`; ignored for
// the others).
bool card_action_feasible(const State& s, int p, int act, int region);
// Bit CardAction: kinds whose feasibility depends on the card's region (tax and gift where the
// ruleset acts in the card's region or gives gifts other uses there).
constexpr unsigned kActionsFeasibleByRegion = (kHooks.actions_by_card_region ? 1u << CardAction::kTax : 0u) |
                                              (kHooks.gift_uses ? 1u << CardAction::kGift : 0u);
int ruled_regions(const State& s, int p);  // bit mask
// Tax (with a card of `region`, where that matters: kHooks.actions_by_card_region): the
// seats p may take from, as a bit mask, and whether a market card has rupees p may take.
int taxable_players(const State& s, int p, int region);
bool market_has_taxable_rupees(const State& s, int p, int region);
bool market_card_taxable(const State& s, int p, int region, int row, int col);
// Build (with a card of `region`): the regions p may build in, as a bit mask: those p rules,
// and with kHooks.actions_by_card_region the card's region.
int build_regions(const State& s, int p, int region);
bool any_build_region(const State& s, int p);  // build_regions(...) != 0 whatever the asset's region, cheaply
bool betrayable(const State& s, int p, int c);  // p has a spy on c, and Bodyguards do not protect it

// Movement.
int spy_cards(const State& s, int p, u8* out);                // cards p has spies on, ascending
int spy_destinations(const State& s, int p, int c, u8* out);  // cards a spy on c may step to
int land_destinations(const State& s, int p, int r);          // regions (bit mask) from r
// The regions (bit masks) from which p can move a land piece somewhere.
struct MovableLand {
  int armies = 0;  // armies of p's coalition
  int tribes = 0;  // p's tribes, where they move (Nationalism; Rules::tribe_destinations)
};
MovableLand movable_land(const State& s, int p);
bool any_move(const State& s, int p);

// Battle. A site is a region or a court card (Site).
int battle_strength(const State& s, int p, int site);
bool battle_site_ok(const State& s, int p, int site);               // strength and a target
bool any_battle(const State& s, int p, int from_site = 0);          // a site (from from_site on) is ok
int battle_removals(const State& s, int p, int site, Action* out);  // the removal actions there
bool has_battle_removal(const State& s, int p, int site);
bool tribe_protected(const State& s, int q, int r);  // Citadel
bool spy_removable(const State& s, int q);           // not Indispensable Advisors

// Spies placed by abilities.
int spy_free_cards(const State& s, int region, u8* out);    // Blackmail targets: spy-free cards of a region
int safe_houses(const State& s, int p, int from, u8* out);  // Safe Houses a spy removed from `from` may go to

}  // namespace pamir::core::inline PAMIR_RULESET
