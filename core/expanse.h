#pragma once
// Pax Expanse's rules where they differ from Pax Pamir's (docs/expanse.md, data/expanse/).
// Compiled into the Pax Expanse rules only (CMakeLists.txt, pamir_add_core); the shared
// rules code calls these at its hooks under `if constexpr (kHooks.x)` (core/types.h), so
// that Pax Pamir's rules never reach them. Pax Expanse's own state (the Rocinante, the
// objective token: core/rulesets/expanse/game_state.inc) is read and written here only.

#include "core/state.h"
#include "core/world.h"

namespace pamir::core::inline PAMIR_RULESET {

// Setup: the deck in its six piles (each Dominance Check on top of its pile), influence by
// turn order from the random first player, the Rocinante and the objective token placed,
// loyalty chosen by every seat from the first player on.
void expanse_setup(State& s);
PileLayout expanse_pile_layout();

// The political climate: a track from Prosperity (0) to War (3) whose space is the favoured
// suit (data/expanse/climate.tsv). An icon moves it one space toward War (+1) or Prosperity
// (-1); at an end it stays.
int climate(const State& s);
const char* climate_name(int space);
void move_climate(State& s, int toward);
bool at_prosperity(const State& s);
bool at_cold_war(const State& s);

// The end of p's turn: p's Network is refreshed; other Networks stay exhausted ("Exhausting
// an Asset", docs/rules-notes.md), and marks of cards that left play are dropped.
void refresh_network(State& s, int p);

// Mobilise: begin_mobilise at the start of the action; movable_fleets of faction k in r
// (those that did not arrive this action); the regions p's supporter in r may reach (across
// loyal transports not yet crossed this action; any neighbour with Indian Supplies, as the
// provisional data reads it); note_mobilise_move after a fleet or supporter moved.
void begin_mobilise(State& s);
int movable_fleets(const State& s, int r, int k);
int supporter_destinations(const State& s, int p, int r);
void note_mobilise_move(State& s, int p, bool fleet, int from, int to);

// Where the Rocinante and the objective token are; a crew card's region is the Rocinante's.
int rocinante_region(const State& s);
int objective_region(const State& s);

// The faction that controls region r: the most fleets there plus transports on its borders,
// strictly (a tie: none, Coalition::kNone).
int faction_controller(const State& s, int r);
// The regions player p controls (queries.h, ruler).
int regions_controlled(const State& s, int p);

// The scoring of a Dominance Check (card `scored`'s values): faction scoring when one faction
// controls more regions than each other, else player scoring; then the objective token's
// bonus, and the token moves where card `objective_card` says (under Instability the
// higher-numbered of the two; otherwise the scored card).
void score_expanse_check(State& s, int scored, int objective_card);

}  // namespace pamir::core
