#pragma once
// Pax Expanse's customisation points (core/game_rules.h lists them): its setup and deck, the
// political climate, Favour's other uses, Mobilise, the Rocinante, destabilisation, faction
// scoring and its own decisions. The mechanisms are in expanse.h/.cpp; this maps each point
// onto them.

#include <cstddef>
#include <span>
#include <string>

#include "core/actions.h"
#include "core/state.h"
#include "core/world.h"
#include "expanse.h"

namespace pamir::core::inline PAMIR_RULESET {

struct Rules {
  static void setup(State& s, int automaton_seat);  // expanse.cpp: no automated opponent
  static PileLayout pile_layout(int) { return expanse_pile_layout(); }
  static constexpr bool kCheckOnTopOfPile = true;
  // The first player, who chose loyalty first, starts.
  static int first_player(const State& s) { return s.first_chooser; }

  static void begin_turn(State&, int) {}
  // A player's Network is refreshed at the end of their own turn (the others' stay exhausted).
  static void end_turn(State& s, int p) { refresh_network(s, p); }
  // After every round the Rocinante takes its turn (expanse.cpp); its end is a kEndTurn task
  // of its own (a = 1).
  static void after_turn(State& s, int p);
  static bool end_turn_task(State& s, const Task& t) {
    if (t.a != 1) return false;
    end_rocinante_turn(s);
    return true;
  }

  static int price_multiplier(const State&) { return 1; }
  static bool play_bribe_waived(const State& s) { return at_prosperity(s); }
  // Favour: gain a favour, move the Rocinante, or place a supporter (expanse.cpp).
  static int gift_cost(const State& s, int p, int region) { return favour_cost(s, p, region, 0); }
  static bool gift_feasible(const State& s, int p, int region) {
    return favour_cost(s, p, region, s.rupees[p]) <= s.rupees[p];
  }
  static bool gift_ready(const State& s, int p, int region) { return gift_feasible(s, p, region); }
  static int gen_gift(const State& s, int p, const Task& t, Action* out);
  static bool decide_gift(State& s, int p, Act::Decoded d);

  // At Cold War, assets of one region are adjacent for agents.
  static bool region_cards_adjacent(const State& s) { return at_cold_war(s); }
  static void end_move(State& s) { end_mobilise(s); }
  static void note_move(State& s, int p, int from, int to) { note_mobilise_move(s, p, from, to); }
  static int movable_armies(const State& s, int r, int k) { return movable_fleets(s, r, k); }
  static int tribe_destinations(const State& s, int p, int r) { return supporter_destinations(s, p, r); }

  // The Rocinante can be attacked as if it were a fleet; it is only damaged.
  static bool neutral_target(const State& s, int r) {
    return r == s.rocinante_region && !s.rocinante_damaged;
  }
  static void damage_neutral(State& s) { s.rocinante_damaged = 1; }
  static void tribe_removed(State& s, int p, int q, int r) { supporter_killed(s, p, q, r); }
  static bool battle_splits(const State& s) { return at_war(s); }
  static void betrayed(State& s, int p, int c) { eliminate_extras(s, p, c); }
  static void spies_leave_card(State& s, int c, int left, int right) {
    agents_leave_asset(s, c, left, right);
  }
  // Old loyalists and rewards are kept up to the economic stars (kShedOldLoyalty).
  static void turn_loyalty(State& s, int p, int coalition) {
    s.loyalty[p] = u8(coalition);
    shed_old_loyalty(s, p);
  }
  static void loyalty_chosen(State&) {}
  // Its climate icons move the political climate one space toward their end.
  static void own_icon(State& s, int, int icon) { move_climate(s, icon == Icon::kClimateWar ? +1 : -1); }
  static constexpr OwnIcon kOwnIconTable[] = {{"climate_prosperity", "climate toward prosperity"},
                                              {"climate_war", "climate toward war"}};
  static constexpr std::span<const OwnIcon> kOwnIcons{kOwnIconTable};
  // The crew cards are in whichever region the Rocinante is.
  static int card_region(const State& s, int printed) {
    return printed == kNeutralPieceRegion ? s.rocinante_region : printed;
  }

  static int gen_own_decision(const State& s, Action* out) { return gen_expanse_decision(s, out); }
  static bool own_decision_ready(const State& s) { return expanse_decision_ready(s); }
  static void decide_own(State& s, const Task& t, Action a) { decide_expanse(s, t, a); }

  // No automated opponent: no seat's decisions are the engine's.
  static bool automaton_to_move(const State&) { return false; }
  static Action automaton_choice(State&) { return Act::kDone; }  // never asked

  static void score_check(State& s, int scored, int objective_card, bool) {
    score_expanse_check(s, scored, objective_card);
  }
  static constexpr bool kEndsOnLead = false;  // only after the final check

  // The Rocinante's AI deck below its face-up card, and the loyalty others chose at setup.
  static void hide(State& v, int p) {
    for (int i = v.rocinante_drawn; i < kRocinanteCards; ++i) v.rocinante_deck[i] = 0;
    hide_loyalty_choices(v, p);
  }
  static void sample_hidden(State& w, int p, u64& rng);  // expanse.cpp
  static bool loyalty_seen(const State& s, int viewer, int q) { return !loyalty_hidden(s, viewer, q); }
  static std::string check_own_state(const State& s);  // expanse.cpp

  // Its own state in positions, in the object "expanse". The Rocinante's AI deck keeps the
  // keys it had when it lived in Wakhan's fields ("ai_deck", "ai_drawn"), so that positions
  // written then still load; a seat sees its cards drawn, the rest are null in observations.
  static constexpr OwnStateField kOwnStateFields[] = {
      {"rocinante_region", offsetof(State, rocinante_region), 1, Region::kCount - 1},
      {"objective_region", offsetof(State, objective_region), 1, Region::kCount - 1},
      {"rocinante_damaged", offsetof(State, rocinante_damaged), 1, 1},
      {"transports_used", offsetof(State, transports_used), sizeof(State::transports_used), 255},
      {"fleets_arrived", offsetof(State, fleets_arrived), Region::kCount, 255},
      {"ai_deck", offsetof(State, rocinante_deck), kRocinanteCards, kRocinanteCards, 0,
       offsetof(State, rocinante_drawn)},
      {"ai_drawn", offsetof(State, rocinante_drawn), 1, kRocinanteCards},
  };
  static constexpr std::span<const OwnStateField> kOwnState{kOwnStateFields};
  static constexpr std::span<const OwnStateField> kAutomatonState{};  // no automated opponent

  // Presentation: the political climate, the Rocinante and the objective token, faction
  // control of each region, and what the face-up AI card will do.
  template <class W>
  static void describe_own(const State& s, W& w) {
    w.track("climate", climate_spaces(), climate(s));
    w.token("rocinante", s.rocinante_region, s.rocinante_damaged ? "damaged" : "");
    w.token("objective", s.objective_region, "");
    for (int r = 0; r < Region::kCount; ++r) w.owner("faction control", r, faction_controller(s, r));
    if (s.rocinante_drawn) w.text("rocinante card", describe_rocinante_card(rocinante_card(s)));
  }

  // The Rocinante acts by drawing its next AI card.
  static bool neutral_acted(const State& before, const State& after) {
    return before.rocinante_drawn != after.rocinante_drawn;
  }

  // The nets' input (nets/encoder.h): the Rocinante's region, the objective token's, whether
  // the Rocinante is damaged, and what its face-up AI card will do (its actions and where the
  // ship goes: the card's meaning, which fits where its id would not), and how far into its
  // deck it is. Revision 2: the face-up card came to be seen.
  static constexpr int kRocinanteActions = RocinanteAction::kCount - 1;  // its actions, none left out
  static constexpr int kOwnFeatures = 2 * Region::kCount + 1 + 2 * kRocinanteActions + 1 + Region::kCount + 1;
  static constexpr int kEncoderRevision = 2;
  template <class Put>
  static void encode_own(const State& s, int, Put&& put) {
    constexpr int kTop = 2 * Region::kCount + 1, kBottom = kTop + kRocinanteActions,
                  kBoth = kBottom + kRocinanteActions, kLocation = kBoth + 1,
                  kDrawn = kLocation + Region::kCount;
    if (s.rocinante_region < Region::kCount) put(s.rocinante_region, 1.0f);
    if (s.objective_region < Region::kCount) put(Region::kCount + s.objective_region, 1.0f);
    put(2 * Region::kCount, s.rocinante_damaged != 0 ? 1.0f : 0.0f);
    if (s.rocinante_drawn == 0) return;  // a hand-made position without the AI deck
    const RocinanteCardDef& card = rocinante_card_def(rocinante_card(s));
    if (card.top != RocinanteAction::kNone) put(kTop + card.top - 1, 1.0f);
    if (card.bottom != RocinanteAction::kNone) put(kBottom + card.bottom - 1, 1.0f);
    put(kBoth, card.both ? 1.0f : 0.0f);
    if (card.location < Region::kCount) put(kLocation + card.location, 1.0f);
    put(kDrawn, s.rocinante_drawn * (1.0f / kRocinanteCards));
  }
};

}  // namespace pamir::core::inline PAMIR_RULESET
