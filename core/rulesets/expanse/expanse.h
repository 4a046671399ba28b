#pragma once
// Pax Expanse's rules where they differ from Pax Pamir's (docs/expanse.md, data/expanse/):
// the mechanisms its customisation points (rules.h) are made of. Compiled into the Pax
// Expanse rules only (core/rulesets/expanse/); shared code reaches them through rules.h
// alone. Its own state (the Rocinante, the objective token: game_state.inc) is read and
// written here and in rules.h only.

#include <span>
#include <string>
#include "core/actions.h"
#include "core/state.h"
#include "core/world.h"

namespace pamir::core::inline PAMIR_RULESET {

// Setup (Rules::setup): the deck in its six piles (each Dominance Check on top of its pile),
// influence by turn order from the random first player, the Rocinante and the objective token
// placed, loyalty chosen by every seat from the first player on.
PileLayout expanse_pile_layout();

// The political climate: a track from Prosperity (0) to War (3) whose space is the favoured
// suit (data/expanse/climate.tsv). An icon moves it one space toward War (+1) or Prosperity
// (-1); at an end it stays.
int climate(const State& s);
const char* climate_name(int space);
std::span<const char* const> climate_spaces();  // names of the track's spaces, Prosperity first
void move_climate(State& s, int toward);
bool at_prosperity(const State& s);
bool at_cold_war(const State& s);

// The end of p's turn: p's Network is refreshed; other Networks stay exhausted ("Exhausting
// an Asset", docs/rules-notes.md), and marks of cards that left play are dropped.
void refresh_network(State& s, int p);

// Mobilise: movable_fleets of faction k in r (those that did not arrive this action); the
// regions p's supporter in r may reach (across loyal transports not yet used this action; any
// neighbour with Indian Supplies, as the provisional data reads it); note_mobilise_move after
// a piece moved from MoveLoc `from`; end_mobilise clears the action's marks as it ends, so
// that no mark outlives its action (check_own_state holds them to that).
void end_mobilise(State& s);
int movable_fleets(const State& s, int r, int k);
int supporter_destinations(const State& s, int p, int r);
void note_mobilise_move(State& s, int p, int from, int to);

// Where the Rocinante and the objective token are; a crew card's region is the Rocinante's.
int rocinante_region(const State& s);
int objective_region(const State& s);
bool at_peace(const State& s);
bool at_war(const State& s);

// The Rocinante's turn, after every player's (from the round's last kEndTurn): rocinante_acts
// resolves its face-up AI card (the top action, the bottom one only if the top has no target;
// both on James Holden's cards), end_rocinante_turn then moves it to the card's location
// unless it is damaged, repairs it, and turns up the next card (the discards reshuffled when
// the deck is out). Its actions have no choices but where agents of an eliminated asset go.
void rocinante_acts(State& s);
void end_rocinante_turn(State& s);
// The face-up Rocinante AI card (1..24), and what an AI card does: its two actions
// (data/expanse/rocinante_actions.tsv says what each means), whether both are performed, and
// where the ship goes after.
int rocinante_card(const State& s);
namespace RocinanteAction {
enum : u8 {
  kNone,
  kCombatFleet,
  kCombatTransport,
  kRemoveSupporter,
  kEliminateAsset,
  kRemoveAgent,
  kGrantInfluence,
  kCount
};
}
struct RocinanteCardDef {
  u8 top, bottom;  // RocinanteAction
  bool both;       // James Holden's cards: both actions, top to bottom
  u8 location;
};
const RocinanteCardDef& rocinante_card_def(int card);
// What an AI card does, in words: "combat_fleet, else remove_agent; then to mars".
std::string describe_rocinante_card(int card);

// Favour with an asset of `region`: where the Rocinante may be moved (a bit mask), the regions
// p may place a supporter in (the asset's and those p's faction controls), what a use costs
// (the first found within `budget`, else the cheapest; 1000: none; a budget of 0 asks for the
// cheapest). Rules::gen_gift and Rules::decide_gift make the two uses besides Pax Pamir's gift.
int rocinante_destinations(const State& s, int region);
int supporter_regions(const State& s, int p, int region);
int supporter_price(const State& s, int p, int r);
int favour_cost(const State& s, int p, int region, int budget);

// Agents on card c, which just left play, may each move to an asset adjacent to it (its
// ring neighbours left and right before it left, or at Cold War an asset of its region),
// their owners deciding in player order from the current player (kRelocateAgent).
void agents_leave_asset(State& s, int c, int left, int right);
// Eliminate of card c by p, before c is discarded: one of p's agents on it goes home, and p
// may remove a supporter of its owner in its region, unless at Peace (kEliminateSupporter).
void eliminate_extras(State& s, int p, int c);
// Combat: p killed a supporter of q in region r; p may exhaust one of q's assets there,
// unless at Peace (kDestabilise).
void supporter_killed(State& s, int p, int q, int r);
// A loyalty change: p discards old loyalists and rewards down to their economic stars
// (kShedOldLoyalty, when more are held).
void shed_old_loyalty(State& s, int p);

// Loyalty is chosen secretly: while the choices are made, seat p does not see the others'
// (hide_loyalty_choices blanks them in p's view; sample_loyalty_choices deals them at random).
// Whether seat q's loyalty is hidden from seat viewer (the encoder asks per seat).
inline bool loyalty_hidden(const State& s, int viewer, int q) {
  return s.phase == Phase::kSetup && q != viewer;
}
void hide_loyalty_choices(State& v, int p);
void sample_loyalty_choices(State& w, int p, u64& rng);

// The decisions only Pax Expanse has (core/rulesets/expanse/game_decisions.inc): their legal
// actions, whether one has anything to decide (else it is dropped), and applying the answer
// (the task already popped).
int gen_expanse_decision(const State& s, Action* out);
bool expanse_decision_ready(const State& s);
void decide_expanse(State& s, const Task& t, Action a);

// The faction that controls region r: the most fleets there plus transports on its borders,
// strictly (a tie: none, Coalition::kNone); the regions faction k controls (a bit mask).
int faction_controller(const State& s, int r);
int faction_regions(const State& s, int k);
// The regions player p controls (queries.h, ruler).
int regions_controlled(const State& s, int p);

// The scoring of a Dominance Check (card `scored`'s values): faction scoring when one faction
// controls more regions than each other, else player scoring; then the objective token's
// bonus, and the token moves where card `objective_card` says (under Instability the
// higher-numbered of the two; otherwise the scored card).
void score_expanse_check(State& s, int scored, int objective_card);

}  // namespace pamir::core::inline PAMIR_RULESET
