#pragma once
// Invariants every reachable position must satisfy, checked independently of the engine's
// own check_consistency() (which they also call): conservation of cards, pieces and
// rupees, the shape of the legal action set, names that round-trip, and hashing that
// depends on the bytes alone. Each check returns "" when it holds, otherwise the first
// problem in words, so that a test can ASSERT_EQ(check(...), "") and print the reason.

#include <string>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::testing {

// 116 cards, each in exactly one place (undrawn deck, market, a hand, a court, a prize
// pile, the discard pile, set aside, or in force as an event), agreeing with card_loc;
// 10 usable cylinders per player and 12 blocks per coalition, supply plus play; the 36
// rupees of the box spread over players, market, bank and the removed pile.
std::string check_conservation(const core::State& s);

// The legal set as legal_actions() wrote it: empty exactly when the game is over,
// strictly increasing ids in [0, kNumActions), each accepted by is_legal, names unique
// among the set (which makes parse_action(name) the inverse of action_name, since it
// returns the first legal action of that name), and to_move the top task's player.
std::string check_legal_set(const core::State& s, const core::Action* legal, int n);

// parse_action(action_name(a)) == a and parse_action(to_string(a)) == a. Costs one
// legal-set generation and up to n names, so callers choose how often to spend it.
std::string check_name_round_trip(const core::State& s, core::Action a);

// A copy is bit-identical and hashes (full and per-seat infoset) like the original.
std::string check_key_purity(const core::State& s);

// returns(): all zero while the game runs; at the end, in [0, 1] and summing to 1 (the
// winners share one point), nothing for absent seats.
std::string check_returns(const core::State& s);

// Everything above plus check_consistency(); legal/n as for check_legal_set.
std::string check_position(const core::State& s, const core::Action* legal, int n);

// What may change from one decision to the next: victory points never decrease, and the
// seat count and finished games stay as they are.
std::string check_step(const core::State& before, const core::State& after);

}  // namespace pamir::testing
