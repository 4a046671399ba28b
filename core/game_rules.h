#pragma once
// The customisation points: where a ruleset's rules are its own code rather than shared code
// with a variant switched on (core/types.h, RuleHooks). Each ruleset defines `struct Rules`
// in core/rulesets/<game>/rules.h with every point below; shared rules code calls
// `Rules::point(...)` where the rule applies and never a ruleset's functions by name. The
// rules code is compiled once per ruleset (CMakeLists.txt), so a point that a ruleset does
// not use is an empty inline function there and costs nothing.
//
// Setup and the deck
//   setup(s, automaton_seat)      deal the deck and market, place what the game places, push
//                                 the loyalty choices (new_game has set the shared fields)
//   pile_layout(players)          the deck's six piles; kCheckOnTopOfPile: each pile's
//                                 Dominance Check lies on top of it, seen or not
//   first_player(s)               who takes the first turn once loyalty is chosen
// A turn
//   begin_turn(s, p), end_turn(s, p)   what happens as p's turn starts and ends
//   after_turn(s, p)              after p's turn has passed on (a neutral turn after a round)
//   end_turn_task(s, t)           a kEndTurn task the ruleset uses for itself: true if handled
// Prices and costs
//   price_multiplier(s)           what each rupee of a purchase's price is multiplied by
//   play_bribe_waived(s)          whether nobody owes a ruler a bribe to play a card now
//   gift_cost(s, p, region)       the least a gift with a card of that region costs p
//   gift_feasible(s, p, region)   whether such a gift can be made; gift_ready: still, once begun
//   gen_gift(s, p, t, out), decide_gift(s, p, d)   the gift decision's actions and its
//                                 ruleset's own uses (decide_gift: true if it handled d)
// Movement
//   region_cards_adjacent(s)      whether cards of one region are adjacent for spies now
//   note_move(s, p, from, to), end_move(s)   a piece moved (MoveLoc); the move action ended
//   movable_armies(s, r, k)       armies of coalition k in r that may still move this action
//   tribe_destinations(s, p, r)   regions (bit mask) p's tribe in r may move to
// Battle, betrayal, discards and loyalty
//   neutral_target(s, r), damage_neutral(s)       a neutral piece as a battle target in r
//   tribe_removed(s, p, q, r)     p's battle removed q's tribe in r
//   battle_splits(s)              whether a battle's rank may go on at another site now
//   betrayed(s, p, c)             p betrays card c, before it is discarded
//   spies_leave_card(s, c, left, right)   the spies on discarded card c (left, right: its
//                                 neighbours before it left, with kHooks.spies_leave_discarded_cards)
//   turn_loyalty(s, p, k)         p's loyalty turns to k (shared code has returned p's gifts)
//   loyalty_chosen(s)             a loyalty was chosen at setup
//   own_icon(s, p, icon)          p resolves one of the ruleset's own impact icons (from
//                                 Icon::kFirstOwn, named in game.inc); kOwnIcons: their
//                                 mechanisms and words, in that order
//   card_region(s, printed)       the region of a card printed with that region
// The ruleset's own decisions (core/rulesets/<game>/game_decisions.inc)
//   gen_own_decision(s, out), own_decision_ready(s), decide_own(s, t, a)
// The automated opponent, whose decisions the engine takes (her seat is the shared
// State::automaton; shared code asks s.is_automaton(p))
//   automaton_to_move(s), automaton_choice(s)
// Scoring
//   score_check(s, scored, objective_card, final_check); kEndsOnLead: a 4-VP lead after a
//   check ends the game
// Hidden information and consistency
//   hide(v, p)                    blanks in a public view what seat p does not see of the
//                                 ruleset's own state (the shared deck is blanked already)
//   sample_hidden(w, p, rng)      re-deals that part in a determinization
//   loyalty_seen(s, viewer, q)    whether viewer sees q's loyalty
//   check_own_state(s)            what is wrong with the ruleset's own state ("": nothing)
// Positions (io/state_json.h)
//   kOwnState                     the ruleset's own state fields, each a named run of bytes
//                                 of the State (OwnStateField), written as an object named
//                                 by the game's key; empty: none
//   kAutomatonState               the automated opponent's state fields, written with her seat
//                                 as an object named kAutomaton in the games she plays
//   (and kAutomaton, in game.inc: the spec that seats the automated opponent, or nullptr)
// Presentation (logs, `show`, the board)
//   describe_own(s, w)            the ruleset's own public state as facts: w.track(key,
//                                 spaces, at), w.token(key, region, note), w.owner(key, region,
//                                 coalition), w.text(key, text)
//   neutral_acted(before, after)  whether the game's neutral piece took its own turn between
//                                 the two positions (within one decision)
// The nets' input (nets/encoder.h)
//   encode_own(s, viewer, put)    the ruleset's own public state as put(i, value) for
//                                 i < kOwnFeatures (values of 0 may be skipped);
//                                 kEncoderRevision names what the entries mean

#include <concepts>
#include <span>
#include <string>

#include "core/actions.h"
#include "core/state.h"
#include "core/world.h"
#include "rules.h"  // this ruleset's (core/rulesets/<game>/, on the include path of its build)

namespace pamir::core::inline PAMIR_RULESET {

template <class R>
concept RulesPolicy = requires(State& s, const State& cs, const Task& t, Action* out, Action a, u64& rng,
                               Act::Decoded d) {
  R::setup(s, 0);
  { R::pile_layout(2) } -> std::same_as<PileLayout>;
  { R::kCheckOnTopOfPile } -> std::convertible_to<bool>;
  { R::first_player(cs) } -> std::same_as<int>;
  R::begin_turn(s, 0);
  R::end_turn(s, 0);
  R::after_turn(s, 0);
  { R::end_turn_task(s, t) } -> std::same_as<bool>;
  { R::price_multiplier(cs) } -> std::same_as<int>;
  { R::play_bribe_waived(cs) } -> std::same_as<bool>;
  { R::gift_cost(cs, 0, 0) } -> std::same_as<int>;
  { R::gift_feasible(cs, 0, 0) } -> std::same_as<bool>;
  { R::gift_ready(cs, 0, 0) } -> std::same_as<bool>;
  { R::gen_gift(cs, 0, t, out) } -> std::same_as<int>;
  { R::decide_gift(s, 0, d) } -> std::same_as<bool>;
  { R::region_cards_adjacent(cs) } -> std::same_as<bool>;
  R::end_move(s);
  R::note_move(s, 0, 0, 0);
  { R::movable_armies(cs, 0, 0) } -> std::same_as<int>;
  { R::tribe_destinations(cs, 0, 0) } -> std::same_as<int>;
  { R::neutral_target(cs, 0) } -> std::same_as<bool>;
  R::damage_neutral(s);
  R::tribe_removed(s, 0, 0, 0);
  { R::battle_splits(cs) } -> std::same_as<bool>;
  R::betrayed(s, 0, 0);
  R::spies_leave_card(s, 0, 0, 0);
  R::turn_loyalty(s, 0, 0);
  R::loyalty_chosen(s);
  R::own_icon(s, 0, 0);
  { R::kOwnIcons } -> std::convertible_to<std::span<const OwnIcon>>;
  { R::card_region(cs, 0) } -> std::same_as<int>;
  { R::gen_own_decision(cs, out) } -> std::same_as<int>;
  { R::own_decision_ready(cs) } -> std::same_as<bool>;
  R::decide_own(s, t, a);
  { R::automaton_to_move(cs) } -> std::same_as<bool>;
  { R::automaton_choice(s) } -> std::same_as<Action>;
  R::score_check(s, 0, 0, false);
  { R::kEndsOnLead } -> std::convertible_to<bool>;
  R::hide(s, 0);
  R::sample_hidden(s, 0, rng);
  { R::loyalty_seen(cs, 0, 0) } -> std::same_as<bool>;
  { R::check_own_state(cs) } -> std::same_as<std::string>;
  { R::kOwnState } -> std::convertible_to<std::span<const OwnStateField>>;
  { R::kAutomatonState } -> std::convertible_to<std::span<const OwnStateField>>;
  { R::neutral_acted(cs, cs) } -> std::same_as<bool>;
  { R::kOwnFeatures } -> std::convertible_to<int>;
  { R::kEncoderRevision } -> std::convertible_to<int>;
  R::encode_own(cs, 0, [](int, float) {});
};

// What describe_own writes to, for the concept check (io/ writes text and JSON with its own).
struct FactChecker {
  void track(const char*, std::span<const char* const>, int) {}
  void token(const char*, int, const char*) {}
  void owner(const char*, int, int) {}
  void text(const char*, const std::string&) {}
};
static_assert(
    requires(const State& s, FactChecker& w) { Rules::describe_own(s, w); },
    "core/rulesets/<game>/rules.h must define describe_own");
static_assert(RulesPolicy<Rules>, "core/rulesets/<game>/rules.h must define every customisation point");

}  // namespace pamir::core::inline PAMIR_RULESET
