#pragma once
// Mutations of pieces and cards that the rules share: placing and removing cylinders and
// blocks (with the supply-shortage rule), moving cards between hand, court and discard
// pile, and the side effects every discard carries (spies return, leverage debt, the
// overthrow rule), and loyalty changes.
//
// Side effects that need a decision (a leverage debt that forces discards, a shortage
// that needs a piece picked) are pushed as tasks, so callers push their own continuation
// first and call these after.

#include <cassert>

#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

inline void push_task(State& s, u8 kind, int player, int a = 0, int b = 0, int c = 0, int d = 0) {
  assert(s.num_tasks < kMaxTasks);
  s.tasks[s.num_tasks++] = Task{kind, u8(player), u8(a), u8(b), u8(c), u8(d)};
}
// Pops the top task and zeroes its slot, so that equal positions have equal bytes (the
// hashes read every byte).
inline void pop_task(State& s) { s.tasks[--s.num_tasks] = Task{}; }
inline void clear_tasks(State& s) {
  while (s.num_tasks) pop_task(s);
}

// Moves cylinder i of player p (block i of coalition k) to a location, keeping the caches
// (and the placed-this-turn bit, which a return to the supply clears).
void set_cylinder(State& s, int p, int i, u8 loc);
void set_block(State& s, int k, int i, u8 loc);

// The index of a cylinder of p (a block of coalition k) at loc, with only_old one not placed
// this turn; -1 when there is none.
int cylinder_at(const State& s, int p, u8 loc, bool only_old = false);
int block_at(const State& s, int k, u8 loc, bool only_old = false);

// Places a cylinder of p at loc from the supply; when the supply is empty, asks p to take
// one from play (not one placed this turn), or places nothing when there is none.
void place_cylinder(State& s, int p, u8 loc);
// The same for a block of coalition k, decided by player p.
void place_block(State& s, int p, int k, u8 loc);
// Whether a shortage source exists (a piece in play not placed this turn).
bool cylinder_available(const State& s, int p);
bool block_available(const State& s, int k);

// Moves cylinder i of p (to the supply when removed); a tribe that was p's last in its
// region triggers the overthrow rule (p's political cards of that region are discarded).
void move_cylinder(State& s, int p, int i, u8 loc);
void remove_all_tribes_and_armies(State& s, int region);  // riots and Rebuke
void remove_all_blocks(State& s);                         // after a successful check

void court_insert(State& s, int p, int c, bool left);
// Recomputes the caches derived from p's court (abilities present, stars per suit); for
// removals, where a cache cannot just be decremented (two cards may share an ability).
void refresh_court_caches(State& s, int p);
// Recomputes every cache (piece counts by place, supplies, prizes, abilities) from the
// primary data: piece locations, card locations and courts. For loaders and tests that
// build positions by hand.
void rebuild_caches(State& s);
void hand_add(State& s, int p, int c);
void hand_remove(State& s, int p, int c);

// Discards a card from its court with all the side effects of a discard (spies go home,
// leverage debt, the overthrow rule). The card ends in the discard pile; a caller that
// keeps it as a prize moves it on from there.
void discard_court_card(State& s, int c);
void discard_from_hand(State& s, int p, int c);
void discard_prizes(State& s, int p);
// Returns gifts, discards prizes and patriots, then turns the dial.
void change_loyalty(State& s, int p, int coalition);

}  // namespace pamir::core::inline PAMIR_RULESET
