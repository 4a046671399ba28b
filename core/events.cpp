#include "core/events.h"

#include "core/dominance.h"
#include "core/pieces.h"
#include "core/queries.h"

namespace pamir::core::inline PAMIR_RULESET {

void change_favored_suit(State& s, int suit) {
  if (!(s.global_effects & GlobalEffect::kPashtunwaliValues)) s.favored_suit = u8(suit);
}

void apply_discard_event(State& s, int card) {
  const EventEffect& e = event_discard_effect(card);
  switch (e.kind) {
    case EventKind::kFavor:
      change_favored_suit(s, e.suit);
      break;
    case EventKind::kEmbarrassmentOfRiches:
      s.global_effects |= GlobalEffect::kEmbarrassmentOfRiches;
      break;
    case EventKind::kDisregardForCustoms:
      s.global_effects |= GlobalEffect::kDisregardForCustoms;
      break;
    case EventKind::kFailureToImpress:
      for (int p = 0; p < s.num_players; ++p) discard_prizes(s, p);
      break;
    case EventKind::kRiots:
      remove_all_tribes_and_armies(s, e.region);
      break;
    case EventKind::kConfidenceFailure:
      // Pushed in reverse so that the current player discards first, then clockwise.
      for (int i = s.num_players - 1; i >= 0; --i) {
        const int p = (s.current + i) % s.num_players;
        if (hand_size(s, p) > 0) push_task(s, TaskKind::kConfidenceFailure, p);
      }
      break;
    default:
      break;  // kNone
  }
}

void apply_purchase_event(State& s, int p, int card) {
  const EventEffect& e = event_purchase_effect(card);
  const int kind = e.kind;
  s.card_loc[card] = Loc::kActiveEvent;
  switch (kind) {
    case EventKind::kNewTactics:
      s.player_effects[p] |= PlayerEffect::kNewTactics;
      return;
    case EventKind::kKohINoorRecovered:
      s.player_effects[p] |= PlayerEffect::kKohINoor;
      return;
    case EventKind::kCourtlyManners:
      s.player_effects[p] |= PlayerEffect::kCourtlyManners;
      return;
    case EventKind::kNationalism:
      s.player_effects[p] |= PlayerEffect::kNationalism;
      return;
    case EventKind::kNationBuilding:
      s.player_effects[p] |= PlayerEffect::kNationBuilding;
      return;
    case EventKind::kConflictFatigue:
      s.global_effects |= GlobalEffect::kConflictFatigue;
      return;
    case EventKind::kRumor:
      push_task(s, TaskKind::kChoosePlayer, p, kind);
      return;
    case EventKind::kPashtunwaliValues:
      push_task(s, TaskKind::kChooseSuit, p, kind);
      return;
    default:
      break;
  }
  // Instant effects: the card goes to the discard pile.
  s.card_loc[card] = Loc::kDiscard;
  switch (kind) {
    case EventKind::kTakeRupees:
      s.rupees[p] += e.amount;
      s.bank -= e.amount;
      break;
    case EventKind::kOtherPersuasiveMethods:
      push_task(s, TaskKind::kChoosePlayer, p, kind);
      break;
    case EventKind::kRebuke:
      push_task(s, TaskKind::kChooseRegion, p, kind);
      break;
    default:
      break;
  }
}

void resolve_event_choice(State& s, int p, int event_kind, int choice) {
  switch (event_kind) {
    case EventKind::kRumor:
      s.player_effects[choice] |= PlayerEffect::kRumor;
      break;
    case EventKind::kPashtunwaliValues:
      s.favored_suit = u8(choice);
      s.global_effects |= GlobalEffect::kPashtunwaliValues;
      break;
    case EventKind::kOtherPersuasiveMethods: {
      for (int w = 0; w < 2; ++w) std::swap(s.hand[p][w], s.hand[choice][w]);
      for (int c = 1; c <= kNumCourtCards; ++c) {
        if (s.card_loc[c] == Loc::kHand + p)
          s.card_loc[c] = u8(Loc::kHand + choice);
        else if (s.card_loc[c] == Loc::kHand + choice)
          s.card_loc[c] = u8(Loc::kHand + p);
      }
      break;
    }
    case EventKind::kRebuke:
      remove_all_tribes_and_armies(s, choice);
      break;
    default:
      break;
  }
}

}  // namespace pamir::core::inline PAMIR_RULESET
