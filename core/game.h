#pragma once
// The game API that search and tools use: set up, list legal actions, apply one.
//
// Chance: the deck is shuffled at setup from the seed held in the State, so after setup
// play is deterministic; a game is fully described by (players, seed, actions).

#include <array>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// A new game after setup: deck built, market filled, the first loyalty choice pending.
// automaton_seat names the seat of the ruleset's automated opponent (Pax Pamir's Wakhan, in a
// game of 2 or 3 seats), whose decisions the engine takes; kNoPlayer: none.
State new_game(int num_players, u64 seed, int automaton_seat = kNoPlayer);

// Writes the legal actions, in increasing id order, to out (room for kMaxLegalActions);
// returns how many. Zero exactly when the game is over. Allocates nothing.
int legal_actions(const State& s, Action* out);
bool is_legal(const State& s, Action a);
// A uniformly random legal action, drawn with rng: each of legal_actions' list is equally
// likely, as with legal[random_below(rng, n)], but not by the same draws (a random game's
// actions differ from that pick's for the same seed). Faster than listing them, since the
// action phase's card actions are checked for feasibility only as far as the draw needs:
// random playouts (rollouts, `pamir bench`'s sampled games) use it. The game must not be over.
Action random_action(const State& s, u64& rng);
// Whether the pending decision offers at least one action (always true in positions reached
// by play; loaders use it to reject hand-made positions whose decision has no option).
bool has_legal_action(const State& s);

// Applies a legal action and resolves everything automatic that follows, up to the next
// decision. Allocates nothing. Behaviour for an illegal action is undefined (checked by an
// assert in debug builds); callers that take input check is_legal first.
void apply(State& s, Action a);

// Starts p's turn in a position built by hand: per-turn flags cleared, any pending tasks
// dropped, the action phase (and start-of-turn abilities) pending. Play gets there itself.
void begin_turn(State& s, int p);

// The player who makes the next decision, or kNoPlayer when the game is over.
inline int to_move(const State& s) { return s.game_over() ? kNoPlayer : s.top().player; }

// 1 for the winner (shared equally after every tie-break), 0 otherwise; all 0 while the game
// is not over.
std::array<float, kMaxPlayers> returns(const State& s);
// The same shares by the standing now (final_ranks), over or not: how self-play scores a
// game stopped before its end.
std::array<float, kMaxPlayers> standing_shares(const State& s);

}  // namespace pamir::core::inline PAMIR_RULESET
