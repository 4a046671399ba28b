#pragma once
// Event cards: the "if discarded" half (cleanup, all players) and the "if purchased" half.

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

void apply_discard_event(State& s, int card);
// p bought the event card; its lasting effects start, choices are pushed as tasks.
void apply_purchase_event(State& s, int p, int card);
// Resolves the choice of a kChoosePlayer/kChooseRegion/kChooseSuit task.
void resolve_event_choice(State& s, int p, int event_kind, int choice);
// Changes the favored suit unless Pashtunwali Values holds it.
void change_favored_suit(State& s, int suit);

}  // namespace pamir::core::inline PAMIR_RULESET
