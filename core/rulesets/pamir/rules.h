#pragma once
// Pax Pamir's customisation points (core/game_rules.h lists them). The base game: most of its
// rules are the shared rules code; what is its own here is the deck's piles, Wakhan (the
// automated opponent of the 2- and 3-seat game, wakhan.h), coalition scoring with the
// four-point lead, and the patriots and prizes lost on a change of loyalty.

#include <cstddef>
#include <span>
#include <string>

#include "core/actions.h"
#include "core/dominance.h"
#include "core/legality.h"
#include "core/state.h"
#include "core/world.h"
#include "wakhan.h"

namespace pamir::core::inline PAMIR_RULESET {

struct Rules {
  // Six piles of 5+N court cards, with 2 events in pile 2 and an event and a Dominance
  // Check in each of piles 3-6, each pile shuffled; loyalty chosen from a random seat (with
  // Wakhan: from two seats after her, she chooses none). rules.cpp.
  static void setup(State& s, int automaton_seat);
  static PileLayout pile_layout(int players);
  static constexpr bool kCheckOnTopOfPile = false;
  // The last to choose loyalty starts; with Wakhan she starts, seated before that player.
  static int first_player(const State& s) {
    return s.automaton ? s.automaton_seat() : (s.first_chooser + s.num_players - 1) % s.num_players;
  }

  // The marks of the cards used last turn are cleared; Wakhan draws her AI card.
  static void begin_turn(State& s, int p) {
    s.used_cards[0] = s.used_cards[1] = 0;
    if (s.is_automaton(p)) draw_ai_card(s);
  }
  static void end_turn(State&, int) {}
  static void after_turn(State&, int) {}
  static bool end_turn_task(State&, const Task&) { return false; }

  // Military favoured doubles card prices.
  static int price_multiplier(const State& s) { return s.favored_suit == Suit::kMilitary ? 2 : 1; }
  static bool play_bribe_waived(const State&) { return false; }
  // A gift takes the cheapest free gift space (2, 4, 6 rupees) and a cylinder.
  static int gift_cost(const State& s, int p, int) { return cheapest_gift(s, p); }
  static bool gift_feasible(const State& s, int p, int) {
    return s.rupees[p] >= cheapest_gift(s, p) && can_place_cylinder(s, p);
  }
  static bool gift_ready(const State&, int, int) { return true; }
  static int gen_gift(const State& s, int p, const Task& t, Action* out);  // any free space p can pay for
  static bool decide_gift(State&, int, Act::Decoded) { return false; }

  static bool region_cards_adjacent(const State&) { return false; }
  static void end_move(State&) {}
  static void note_move(State&, int, int, int) {}
  static int movable_armies(const State& s, int r, int k) { return s.armies[r][k]; }
  // Tribes move only under Nationalism, as armies do.
  static int tribe_destinations(const State& s, int p, int r) { return land_destinations(s, p, r); }

  static bool neutral_target(const State&, int) { return false; }
  static void damage_neutral(State&) {}
  static void tribe_removed(State&, int, int, int) {}
  static bool battle_splits(const State&) { return false; }
  static void betrayed(State&, int, int) {}
  // Spies on a discarded card go home. rules.cpp.
  static void spies_leave_card(State& s, int c, int left, int right);
  // Prizes and the patriots of other coalitions are discarded; Wakhan's pragmatic loyalty
  // follows. rules.cpp.
  static void turn_loyalty(State& s, int p, int coalition);
  static void loyalty_chosen(State& s) { refresh_pragmatic_loyalty(s); }
  static void own_icon(State&, int, int) {}  // no icons of its own
  static constexpr std::span<const OwnIcon> kOwnIcons{};
  static int card_region(const State&, int printed) { return printed; }

  // No decisions of its own: Wakhan's are made through the shared ones.
  static int gen_own_decision(const State&, Action*) { return 0; }
  static bool own_decision_ready(const State&) { return false; }
  static void decide_own(State&, const Task&, Action) {}

  static bool automaton_to_move(const State& s) { return s.is_automaton(s.top().player); }
  static Action automaton_choice(State& s) { return wakhan_choice(s); }

  // The dominant coalition's loyal players by influence (5/3/1), else everyone by cylinders
  // in play (3/1), doubled in the final check; a lead of 4 VP after a check ends the game.
  static void score_check(State& s, int, int, bool final_check) { score_by_coalition(s, final_check); }
  static constexpr bool kEndsOnLead = true;

  // Of Wakhan's AI deck only the face-up card and the back of the top card are seen.
  static void hide(State& v, int) { hide_unseen_ai_cards(v); }
  static void sample_hidden(State& w, int, u64& rng) { deal_unseen_ai_cards(w, rng); }
  static bool loyalty_seen(const State&, int, int) { return true; }
  static std::string check_own_state(const State& s) { return check_wakhan(s); }

  // Positions: no state of its own outside Wakhan's. Hers (game_state.inc, her AI deck) is
  // written with her seat in the object "wakhan" of the games she plays; a seat sees the AI
  // cards drawn and the back of the top one (hide_unseen_ai_cards).
  static constexpr std::span<const OwnStateField> kOwnState{};
  static constexpr OwnStateField kAutomatonStateFields[] = {
      {"ai_deck", offsetof(State, ai_deck), kWakhanCards, kWakhanCards, 1, offsetof(State, ai_drawn),
       "ai_top_back"},
      {"ai_drawn", offsetof(State, ai_drawn), 1, kWakhanCards - 1},
  };
  static constexpr std::span<const OwnStateField> kAutomatonState{kAutomatonStateFields};

  // Presentation: the coalition dominant now (a Dominance Check now would score it).
  template <class W>
  static void describe_own(const State& s, W& w) {
    const int k = dominant_coalition(s);
    w.text("dominant coalition", k == Coalition::kNone ? "none" : coalition_name(k));
  }

  static bool neutral_acted(const State&, const State&) { return false; }  // no neutral piece

  // The nets' input (nets/encoder.h): Wakhan's seat (as an offset from the viewer), how far
  // into her AI deck she is, and her face-up card (the order of the rest is hidden).
  static constexpr int kOwnFeatures = 6 + kWakhanCards;
  static constexpr int kEncoderRevision = 1;
  template <class Put>
  static void encode_own(const State& s, int viewer, Put&& put) {
    if (!s.automaton) return;
    put((s.automaton_seat() - viewer + s.num_players) % s.num_players, 1.0f);  // 0..4
    put(5, s.ai_drawn * (1.0f / kWakhanCards));
    if (s.ai_drawn > 0) put(6 + s.ai_deck[s.ai_drawn - 1] - 1, 1.0f);
  }
};

}  // namespace pamir::core::inline PAMIR_RULESET
