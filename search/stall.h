#pragma once
// Stalls: turns in which the game makes no progress (core::game_progress). Pax Pamir ends only
// through its Dominance Checks, and they come out of the deck only as cards leave the market;
// while nobody buys, the game goes round until the decision cap scores it a draw. A net's value
// does not see that: a seat that leads values its position the same whether it closes the game
// out or passes, and at equal time `best` once passed or shuffled spies for hundreds of turns
// at a lead instead of buying the card that would bring the next check (docs/history/models.md).
// So the search shrinks a stalled leaf's leads, as chess engines scale their evaluation down as
// the fifty-move counter runs: after a grace of `stall` rounds with no progress, linearly, to
// nothing at three times the grace. A line that makes progress keeps its value, a line that
// stalls loses the lead's worth, and the leader buys. Only a lead shrinks: a trailing seat's
// value stays as it is, so that no seat plays for the cap's draw.

#include "core/state.h"
#include "search/evaluator.h"

namespace pamir::search::inline PAMIR_RULESET {

// Counts the turns since the game last made progress, for the positions of one game's
// searches. A search sees only its root, so the count starts at the first root it observes:
// a search from a position set up mid-game counts from there.
class StallClock {
 public:
  // Called with every root a search starts from, in the order of the game. A root from
  // earlier in the game (or from another game) starts the count afresh.
  void observe(const core::State& root);
  // The turns without progress at s, a position reached from the last root observed: 0 when
  // the game progressed on the way there.
  int stalled_turns(const core::State& s) const;

 private:
  int progress_ = -1;  // core::game_progress at the last progress seen (-1: no root yet)
  int progress_turn_ = 0;
  int last_turn_ = 0;
};

// The share of a lead (a value's excess over the draw) that a leaf keeps after stalled_turns with a
// grace of grace_rounds rounds: 1 within the grace, falling linearly to 0 at three times it.
// grace_rounds 0 keeps every value (no stall handling).
float stall_factor(int stalled_turns, int players, int grace_rounds);

// v with every seat's lead over the draw (1/players) cut to `factor` of it; values at or below
// the draw stay.
Values shrink_leads(const Values& v, float factor, int players);

}  // namespace pamir::search::inline PAMIR_RULESET
