#pragma once
// Wakhan, the automated opponent of Pax Pamir's 2- and 3-seat game (data/README.md, "Wakhan AI
// deck"; rules_notes.md section 11; docs/rules-notes.md lists every tie-break chosen here).
//
// She is a seat whose every decision the engine takes itself: apply() answers each
// decision that falls to her with wakhan_choice(), so to_move() never names her seat and,
// from every other seat's view, her turn is chance. Her choices are picked from the legal
// actions of the pending decision, so her play goes through the same rules code as
// everyone else's; the few places where her rules differ from a player's (free play after
// a purchase, roadless moves, ruling, scoring, no loyalty changes, no leverage discards)
// are tests of State::is_automaton() in the shared rules code (a state field every ruleset has,
// 0 where she cannot sit), and her setup, turns and decisions are Pax Pamir's customisation
// points (rules.h).

#include <string>

#include "core/actions.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// One AI card, front and back (data/wakhan_cards.tsv).
struct WakhanCard {
  u8 number;                  // 1..24
  u8 actions[3];              // WakhanAct, top to bottom
  u8 loyalty[3];              // pragmatic loyalty order, left to right
  u8 region_priority[6];      // highest priority first
  u8 black_arrow_slot;        // 0..5: which entry of the next card's back columns it points at
  bool red_arrow_top;         // the red arrow points at the top label of the next card's back
  u8 back_columns[6];         // the back: market column numbers, top to bottom
  bool back_top_is_top_left;  // the back: its top label is "Top (left)"
};
const WakhanCard& wakhan_card(int n);  // n in 1..24
// Whether two AI cards have the same back (the back of the deck's top card is public).
bool same_ai_back(int a, int b);

// Setup: shuffles the AI deck from the state's RNG (new_game with a Wakhan seat).
void deal_ai_deck(State& s);
// The start of her turn: draws the next AI card; when that leaves the deck empty (no back
// to read), shuffles all 24 cards into a new deck and draws again. Sets her loyalty.
void draw_ai_card(State& s);
// The face-up AI card and the card on top of the AI deck (0 before her first turn).
int face_up_ai_card(const State& s);
int top_ai_card(const State& s);

// Her pragmatic loyalty: the leftmost coalition on the face-up AI card that no other player
// holds (Coalition::kNone before her first turn). It is the colour of her blocks, so the
// engine keeps it in State::loyalty and refreshes it whenever a loyalty changes.
int pragmatic_loyalty(const State& s);
void refresh_pragmatic_loyalty(State& s);

// The arrows of the face-up card read on the back of the top card: the market column the
// black arrow gives, and whether the red arrow gives "Top (left)" (else "Bottom (right)").
int ai_arrow_column(const State& s);
bool ai_arrow_top_left(const State& s);

// What of her AI deck a public view blanks: all of it before her first turn, else the cards
// below the top one, and of the top card all but its back (it stands as the lowest-numbered
// card with that back). Nothing in a game without her but zeros.
void hide_unseen_ai_cards(State& v);
// A determinization's AI deck: the top card keeps its back (any card with that back is
// equally likely), the rest in any order. Nothing without her.
void deal_unseen_ai_cards(State& w, u64& rng);
// What is wrong with her seat and AI deck ("" when nothing); all zero in games without her.
std::string check_wakhan(const State& s);

// Her answer to the decision on top of the stack (which must be hers). It may act first
// where her rules add a step the action space has no id for: a card she bought but could
// not bribe her way into play is discarded here. The returned action is legal.
Action wakhan_choice(State& s);

}  // namespace pamir::core::inline PAMIR_RULESET
