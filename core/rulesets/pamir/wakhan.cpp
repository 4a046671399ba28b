#include "wakhan.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

#include "core/dominance.h"
#include "core/game.h"
#include "core/legality.h"
#include "core/map.h"
#include "core/market.h"
#include "core/pieces.h"
#include "core/queries.h"
#include "core/random.h"

namespace pamir::core::inline PAMIR_RULESET {

// The action ids of her AI cards (data/wakhan_actions.tsv), in WakhanCard::actions.
namespace WakhanAct {
#define WAKHAN_ACTIONS
#include "wakhan_table.inc"
#undef WAKHAN_ACTIONS
}  // namespace WakhanAct

namespace {

constexpr WakhanCard kWakhanTable[kWakhanCards] = {
#include "wakhan_table.inc"
};

const WakhanCard& face_up(const State& s) { return wakhan_card(face_up_ai_card(s)); }

// Position of region r in the face-up card's priority list (0 = highest).
int region_rank(const State& s, int r) {
  const WakhanCard& w = face_up(s);
  for (int i = 0; i < Region::kCount; ++i)
    if (w.region_priority[i] == r) return i;
  return Region::kCount;
}

// The other player the red arrow favours: the one before her for "Top (left)", the one
// after her for "Bottom (right)" (BGA's reading; the same seat when only one other plays).
int red_arrow_player(const State& s) {
  const int w = s.automaton_seat();
  return ai_arrow_top_left(s) ? seat_at(s, w, s.num_players - 1) : seat_at(s, w, 1);
}

bool in_list(const Action* legal, int n, int a) { return std::binary_search(legal, legal + n, Action(a)); }

// ---------------------------------------------------------------------------------------
// Orders over court cards
// ---------------------------------------------------------------------------------------

// Card priority (README): the tuple compares lexicographically, larger first. Each entry is
// one step of the printed list; a step no candidate meets leaves the candidates as they were,
// which is what a lexicographic maximum does.
struct Priority {
  int v[8];
  bool operator<(const Priority& o) const { return std::lexicographical_compare(v, v + 8, o.v, o.v + 8); }
};
Priority card_priority(const State& s, int c) {
  const CourtCard& cc = court_card(c);
  const int dominant = dominant_coalition(s);
  const bool patriot = cc.patriot != Coalition::kNone;
  return {{s.court_owner(c) != s.automaton_seat(), cc.suit == s.favored_suit,
           dominant != Coalition::kNone && cc.patriot == dominant,
           dominant != Coalition::kNone && cc.prize == dominant, patriot, cc.has_leverage(), cc.rank,
           cc.number}};
}

// The highest-priority card among n, or 0 when n is 0.
int best_by_priority(const State& s, const u8* cards, int n) {
  int best = 0;
  Priority best_p{};
  for (int i = 0; i < n; ++i) {
    const Priority p = card_priority(s, cards[i]);
    if (!best || best_p < p) best = cards[i], best_p = p;
  }
  return best;
}

int most_spies_of_others(const State& s, int c) {
  int most = 0;
  for (int q = 0; q < s.num_players; ++q)
    if (!s.is_automaton(q)) most = std::max(most, spies_of(s, q, c));
  return most;
}

// Cleanup preference (README "Cleanup"): larger means discarded first.
Priority discard_preference(const State& s, int c) {
  const CourtCard& cc = court_card(c);
  const int w = s.automaton_seat();
  return {{cc.suit != Suit::kPolitical, cc.patriot == Coalition::kNone, !cc.has_leverage(),
           most_spies_of_others(s, c) > spies_of(s, w, c), -int(s.spies_on[c]), -int(cc.rank),
           cc.suit != s.favored_suit, -int(cc.number)}};
}

// ---------------------------------------------------------------------------------------
// Radicalize: which market card to buy
// ---------------------------------------------------------------------------------------

int icon_count(int c, int icon_a, int icon_b) {
  const CourtCard& cc = court_card(c);
  int n = 0;
  for (int i = 0; i < cc.num_icons; ++i) n += cc.icons[i] == icon_a || cc.icons[i] == icon_b;
  return n;
}

// A buyable market space: its purchase action is legal.
struct Offer {
  int row, col, card, cost;
};
int court_offers(const State& s, const Action* legal, int n, Offer* out) {
  int k = 0;
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) {
      const int c = s.market[row][col];
      if (is_court_card(c) && in_list(legal, n, Act::purchase(row, col)))
        out[k++] = {row, col, c, purchase_cost(s, s.automaton_seat(), row, col)};
    }
  return k;
}

// Among offers passing `keep`, those with the largest score, then the cheapest, then the
// highest card number; -1 when none passes.
template <class Keep, class Score>
int pick_offer(const Offer* offers, int n, Keep keep, Score score) {
  int best = -1;
  for (int i = 0; i < n; ++i) {
    if (!keep(offers[i].card)) continue;
    if (best < 0) {
      best = i;
      continue;
    }
    const Offer &o = offers[i], &b = offers[best];
    const int so = score(o.card), sb = score(b.card);
    if (so > sb || (so == sb && (o.cost < b.cost || (o.cost == b.cost && o.card > b.card)))) best = i;
  }
  return best;
}

Action purchase_of(const Offer& o) { return Act::purchase(o.row, o.col); }

bool market_has_dominance_check(const State& s) {
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      if (is_dominance_check(s.market[row][col])) return true;
  return false;
}

// Whether playing c would make her the ruler of c's region, which she does not rule now.
bool gains_region_control(const State& s, int c) {
  const int w = s.automaton_seat(), r = court_card(c).region;
  if (ruler(s, r) == w) return false;
  State after = s;
  after.tribes[r][w] += u8(icon_count(c, Icon::kTribe, Icon::kTribe));
  after.armies[r][s.loyalty[w]] += u8(icon_count(c, Icon::kArmy, Icon::kArmy));
  return ruler(after, r) == w;
}

int spies_in_play(const State& s, int p) {
  int n = 0;
  for (int i = 0; i < kCylinders; ++i) n += CylLoc::is_spy(s.cylinder[p][i]);
  return n;
}

bool court_has_action(const State& s, int p, int act) {
  const int b = s.court_begin(p);
  for (int i = b; i < b + s.court_len[p]; ++i)
    if (court_card(s.court[i]).has_action(act)) return true;
  return false;
}

// Radicalize by the arrows: from the column the black arrow gives, leftwards along the row
// the red arrow gives, then the same from that column in the other row. Any buyable card but
// a Dominance Check will do (BGA); -1 when none.
int arrow_purchase(const State& s, const Action* legal, int n) {
  const int first_row = ai_arrow_top_left(s) ? 0 : 1;
  for (int k = 0; k < 2; ++k) {
    const int row = k ? 1 - first_row : first_row;
    for (int col = ai_arrow_column(s); col >= 0; --col) {
      const int a = Act::purchase(row, col);
      if (!is_dominance_check(s.market[row][col]) && in_list(legal, n, a)) return a;
    }
  }
  return -1;
}

// The purchase a radicalize box asks for, or -1 when the box cannot be carried out.
int radicalize_purchase(const State& s, int box, const Action* legal, int n) {
  Offer offers[kMarketRows * kMarketCols];
  const int k = court_offers(s, legal, n, offers);
  const int w = s.automaton_seat();
  const int dominant = dominant_coalition(s);
  auto rank = [](int c) { return int(court_card(c).rank); };
  auto none = [](int) { return 0; };
  auto suit_is = [](int suit) { return [suit](int c) { return court_card(c).suit == suit; }; };
  int i = -1;
  switch (box) {
    case WakhanAct::kRadicalize:
      if (!market_has_dominance_check(s)) return arrow_purchase(s, legal, n);
      if (dominant != Coalition::kNone) {
        i = pick_offer(
            offers, k, [&](int c) { return court_card(c).patriot == dominant; }, none);
        if (i < 0)
          i = pick_offer(
              offers, k, [](int) { return true; },
              [](int c) { return icon_count(c, Icon::kArmy, Icon::kRoad); });
      } else {
        i = pick_offer(
            offers, k, [](int) { return true; },
            [](int c) { return icon_count(c, Icon::kSpy, Icon::kTribe); });
      }
      break;
    case WakhanAct::kRadicalizeIfMilitaryFavoredHighestMilitary:
      if (s.favored_suit == Suit::kMilitary) i = pick_offer(offers, k, suit_is(Suit::kMilitary), rank);
      break;
    case WakhanAct::kRadicalizeIfPoliticalFavoredHighestEconomic:
      if (s.favored_suit == Suit::kPolitical) i = pick_offer(offers, k, suit_is(Suit::kEconomic), rank);
      break;
    case WakhanAct::kRadicalizeHighestPolitical:
      i = pick_offer(offers, k, suit_is(Suit::kPolitical), rank);
      break;
    case WakhanAct::kRadicalizeHighestIntelligence:
      i = pick_offer(offers, k, suit_is(Suit::kIntelligence), rank);
      break;
    case WakhanAct::kRadicalizeAnyIntelligence:
      i = pick_offer(offers, k, suit_is(Suit::kIntelligence), none);
      break;
    case WakhanAct::kRadicalizeIfUnder2RupeesMostNetRupees:
      if (s.rupees[w] < 2) {
        int net[kMarketRows * kMarketCols];
        for (int j = 0; j < k; ++j) net[j] = s.market_rupees[offers[j].row][offers[j].col] - offers[j].cost;
        // Net gain depends on the space, not the card: score through the offer's index.
        i = -1;
        for (int j = 0; j < k; ++j)
          if (i < 0 || net[j] > net[i] ||
              (net[j] == net[i] && (offers[j].cost < offers[i].cost ||
                                    (offers[j].cost == offers[i].cost && offers[j].card > offers[i].card))))
            i = j;
      }
      break;
    case WakhanAct::kRadicalizeGainRegionControl:
      i = pick_offer(
          offers, k, [&](int c) { return gains_region_control(s, c); }, none);
      break;
    case WakhanAct::kRadicalizeMostArmiesRoads:
      i = pick_offer(
          offers, k, [](int c) { return icon_count(c, Icon::kArmy, Icon::kRoad) > 0; },
          [](int c) { return icon_count(c, Icon::kArmy, Icon::kRoad); });
      break;
    case WakhanAct::kRadicalizeIfNoDominantMostSpiesTribes:
      if (dominant == Coalition::kNone)
        i = pick_offer(
            offers, k, [](int c) { return icon_count(c, Icon::kSpy, Icon::kTribe) > 0; },
            [](int c) { return icon_count(c, Icon::kSpy, Icon::kTribe); });
      break;
    case WakhanAct::kRadicalizeIfNoMoveCardGetMoveCard:
      if (!court_has_action(s, w, CardAction::kMove))
        i = pick_offer(
            offers, k, [](int c) { return court_card(c).has_action(CardAction::kMove); }, none);
      break;
    case WakhanAct::kRadicalizeIfDominantMatchingPatriot:
      if (dominant != Coalition::kNone)
        i = pick_offer(
            offers, k, [&](int c) { return court_card(c).patriot == dominant; }, none);
      break;
    case WakhanAct::kRadicalizeIfCourtFullHighestPolitical:
      if (s.court_len[w] >= court_limit(s, w)) i = pick_offer(offers, k, suit_is(Suit::kPolitical), rank);
      break;
    case WakhanAct::kRadicalizeIfFewerSpiesHighestIntelligence: {
      bool fewer = false;
      for (int q = 0; q < s.num_players; ++q) fewer |= q != w && spies_in_play(s, q) > spies_in_play(s, w);
      if (fewer) i = pick_offer(offers, k, suit_is(Suit::kIntelligence), rank);
      break;
    }
  }
  return i < 0 ? -1 : purchase_of(offers[i]);
}

// Ambition: the Dominance Check in the market, when buying it now would give her more points
// from it than anyone else, or end the game with her first. -1 otherwise.
int ambition_purchase(const State& s, const Action* legal, int n) {
  const int w = s.automaton_seat();
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col) {
      const int c = s.market[row][col];
      const int a = Act::purchase(row, col);
      if (!is_dominance_check(c) || !in_list(legal, n, a)) continue;
      State after = s;
      pay_purchase(after, w, row, col);
      after.rupees[w] += after.market_rupees[row][col];
      after.market_rupees[row][col] = 0;
      after.market[row][col] = kNoCard;
      after.card_loc[c] = Loc::kDiscard;
      resolve_dominance_check(after, c, c);
      bool most = true;
      for (int q = 0; q < s.num_players; ++q)
        if (q != w && after.vp[q] - s.vp[q] >= after.vp[w] - s.vp[w]) most = false;
      if (most || (after.game_over() && final_ranks(after)[w] == 0)) return a;
    }
  return -1;
}

// ---------------------------------------------------------------------------------------
// Card actions
// ---------------------------------------------------------------------------------------

// The hostage bribe on c plus the least the action costs: what she must hold to start it.
int rupees_needed(const State& s, int c, int act) {
  const int w = s.automaton_seat();
  return hostage_bribe(s, w, c) + min_action_cost(s, w, c, act);
}

// Her army moves: from r to a neighbour d holding another player's tribe, never giving up
// the rule of r. Returns true when one exists (best pair in *from, *to: the destination of
// highest priority, then the source of highest priority); from < 0 allows any source.
bool best_army_move(const State& s, int only_from, int* from, int* to) {
  const int w = s.automaton_seat(), k = s.loyalty[w];
  int best_key = 1000;
  for (int r = 0; r < Region::kCount; ++r) {
    if ((only_from >= 0 && r != only_from) || !s.armies[r][k]) continue;
    if (ruler(s, r) == w) {
      State after = s;
      --after.armies[r][k];
      if (ruler(after, r) != w) continue;
    }
    for (unsigned borders = region_border_mask(r); borders; borders &= borders - 1) {
      const int d = border_other_side(__builtin_ctz(borders), r);
      bool rival_tribes = false;
      for (int q = 0; q < s.num_players; ++q) rival_tribes |= q != w && s.tribes[d][q] > 0;
      const int key = region_rank(s, d) * Region::kCount + region_rank(s, r);
      if (rival_tribes && key < best_key) best_key = key, *from = r, *to = d;
    }
  }
  return best_key < 1000;
}

bool can_betray_for_prize(const State& s, int c) {
  return court_card(c).prize != Coalition::kNone && betrayable(s, s.automaton_seat(), c);
}

// Court cards where she has a spy and can battle another player's spy.
int card_battle_sites(const State& s, u8* out) {
  const int w = s.automaton_seat();
  int n = 0;
  const int total = s.court_begin(s.num_players);
  for (int i = 0; i < total; ++i)
    if (battle_site_ok(s, w, Site::card(s.court[i]))) out[n++] = s.court[i];
  return n;
}

// Whether her version of card action act has something to do (the engine's legality says
// the player's version has); court_only: the battle must be on a court card.
bool wakhan_can(const State& s, int act, bool court_only) {
  u8 cards[kNumCourtCards];
  int from, to;
  switch (act) {
    case CardAction::kMove:
      return best_army_move(s, -1, &from, &to);
    case CardAction::kBetray: {
      const int total = s.court_begin(s.num_players);
      for (int i = 0; i < total; ++i)
        if (can_betray_for_prize(s, s.court[i])) return true;
      return false;
    }
    case CardAction::kBattle:
      return !court_only || card_battle_sites(s, cards) > 0;
    default:
      return true;
  }
}

int card_action_of(int box) {
  switch (box) {
    case WakhanAct::kTax:
      return CardAction::kTax;
    case WakhanAct::kBuild:
      return CardAction::kBuild;
    case WakhanAct::kMove:
      return CardAction::kMove;
    case WakhanAct::kBetray:
      return CardAction::kBetray;
    default:
      return CardAction::kBattle;
  }
}

// The card action a box asks for, with her highest-priority court card that can take it and
// whose hostage bribe and cost she can pay; -1 when none.
int card_action_for_box(const State& s, int box, const Action* legal, int n) {
  const int w = s.automaton_seat(), act = card_action_of(box);
  if (!wakhan_can(s, act, box == WakhanAct::kBattleCourtCardMostSpies)) return -1;
  u8 cards[kNumCourtCards];
  int k = 0;
  const int b = s.court_begin(w);
  for (int i = b; i < b + s.court_len[w]; ++i) {
    const int c = s.court[i];
    if (in_list(legal, n, Act::card_action(c, act)) && s.rupees[w] >= rupees_needed(s, c, act))
      cards[k++] = u8(c);
  }
  const int c = best_by_priority(s, cards, k);
  return c ? Act::card_action(c, act) : -1;
}

// After the boxes: bonus actions, leftmost unused favored court card first, leftmost
// action on it first.
int bonus_action(const State& s, const Action* legal, int n) {
  const int w = s.automaton_seat();
  const int b = s.court_begin(w);
  for (int i = b; i < b + s.court_len[w]; ++i) {
    const int c = s.court[i];
    if (!is_favored(s, w, c)) continue;
    const CourtCard& cc = court_card(c);
    for (int j = 0; j < cc.num_actions; ++j) {
      const int act = cc.actions[j];
      const int a = Act::card_action(c, act);
      if (in_list(legal, n, a) && wakhan_can(s, act, false) && s.rupees[w] >= rupees_needed(s, c, act))
        return a;
    }
  }
  return -1;
}

// The action phase task of her turn, under whatever her current action pushed. Its fields
// carry her progress through the AI card: a = next box, b = boxes skipped in a row,
// c = 1 while the battle of a battle_court_card_most_spies box is carried out.
const Task* turn_task(const State& s) {
  for (int i = s.num_tasks - 1; i >= 0; --i)
    if (s.tasks[i].kind == TaskKind::kTurnActions) return &s.tasks[i];
  return nullptr;
}
bool court_battle_box(const State& s) {
  const Task* t = turn_task(s);
  return t && t->c == 1;
}

Action turn_choice(State& s) {
  const int w = s.automaton_seat();
  // A card in hand is played at once (radicalize buys and plays as one action); one whose
  // bribe she could not pay is discarded.
  for (int c = 1; c <= kNumCourtCards; ++c) {
    if (!s.in_hand(w, c)) continue;
    if (bit_test(s.refused_cards, c)) {
      discard_from_hand(s, w, c);
      continue;
    }
    return Act::play(c, !ai_arrow_top_left(s));
  }
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  Task& t = s.tasks[s.num_tasks - 1];
  if (s.actions_used < 2 && t.b < 3) {
    const int ambition = ambition_purchase(s, legal, n);
    if (ambition >= 0) {
      t.b = 0;
      t.c = 0;
      return Action(ambition);
    }
    while (t.b < 3) {
      const int box = face_up(s).actions[t.a];
      t.a = u8((t.a + 1) % 3);
      const bool core = box >= WakhanAct::kRadicalize;
      const int a = core ? radicalize_purchase(s, box, legal, n) : card_action_for_box(s, box, legal, n);
      if (a >= 0) {
        t.b = 0;
        t.c = box == WakhanAct::kBattleCourtCardMostSpies;
        return Action(a);
      }
      ++t.b;
    }
  }
  const int a = bonus_action(s, legal, n);
  t.c = 0;
  return a >= 0 ? Action(a) : Action(Act::kDone);
}

// ---------------------------------------------------------------------------------------
// The other decisions, each picked from the legal actions
// ---------------------------------------------------------------------------------------

// The legal action with the largest key(action); keys are compared with operator<.
template <class Key>
Action best_of(const Action* legal, int n, Key key) {
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (key(legal[best]) < key(legal[i])) best = i;
  return legal[best];
}

// Cards of a spy family (kSpy + card - 1 and alike) by card priority; other actions last.
template <class CardOf>
Action best_card(const State& s, const Action* legal, int n, CardOf card_of) {
  u8 cards[kNumCourtCards];
  Action actions[kNumCourtCards];
  int k = 0;
  for (int i = 0; i < n; ++i)
    if (const int c = card_of(legal[i])) cards[k] = u8(c), actions[k++] = legal[i];
  const int c = best_by_priority(s, cards, k);
  for (int i = 0; i < k; ++i)
    if (cards[i] == c) return actions[i];
  return legal[0];
}

// The card an action of family f names (its first argument), or 0 for other actions.
auto card_in(Act::Family f) {
  return [f](Action a) { return Act::decode(a).family == f ? int(Act::decode(a).a) : 0; };
}

// Borders of region r, ordered by the AI card's priority of the region across them.
int ordered_borders(const State& s, int r, int* out) {
  int n = 0;
  for (int i = 0; i < Region::kCount; ++i) {
    const int d = face_up(s).region_priority[i];
    for (unsigned borders = region_border_mask(r); borders; borders &= borders - 1) {
      const int b = __builtin_ctz(borders);
      if (border_other_side(b, r) == d) out[n++] = b;
    }
  }
  return n;
}

// Spy placement: the highest-priority card of the region where she does not have the most
// spies (another player has as many or more); any card of the region when there is none.
Action place_spy(const State& s, const Action* legal, int n) {
  const int w = s.automaton_seat();
  u8 open[kNumCourtCards], all[kNumCourtCards];
  int k = 0, m = 0;
  for (int i = 0; i < n; ++i) {
    const int c = Act::decode(legal[i]).a;
    all[m++] = u8(c);
    if (most_spies_of_others(s, c) >= spies_of(s, w, c)) open[k++] = u8(c);
  }
  const int c = k ? best_by_priority(s, open, k) : best_by_priority(s, all, m);
  return Act::spy(c);
}

// Supply shortage (BGA): tribes by region priority, then spies by card priority, then gifts;
// blocks: armies by region priority, then roads by region and border priority.
Action take_piece(const State& s, const Task& t, const Action* legal, int n) {
  auto legal_take = [&](int idx) { return in_list(legal, n, Act::take(idx)); };
  const WakhanCard& card = face_up(s);
  if (t.kind == TaskKind::kTakeCylinder) {
    for (int r : card.region_priority)
      if (legal_take(Act::take_tribe(r))) return Act::take(Act::take_tribe(r));
    // A spy: the take index names its card.
    return best_card(s, legal, n, [](Action a) {
      const int idx = Act::decode(a).a - Act::take_spy(1);
      return Act::decode(a).family == Act::kTakeFamily && idx >= 0 && idx < kNumCourtCards ? idx + 1 : 0;
    });
  }
  for (int r : card.region_priority)
    if (legal_take(Act::take_army(r))) return Act::take(Act::take_army(r));
  for (int r : card.region_priority) {
    int borders[4];
    const int k = ordered_borders(s, r, borders);
    for (int i = 0; i < k; ++i)
      if (legal_take(Act::take_road(borders[i]))) return Act::take(Act::take_road(borders[i]));
  }
  return legal[0];
}

// Tax: players before the market, the richest first (red arrow on ties); then market cards
// from the left, the red arrow's row first in each column.
Action tax(const State& s, const Action* legal, int n) {
  const int w = s.automaton_seat(), favoured = red_arrow_player(s);
  int best = -1;
  for (int i = 0; i < n; ++i) {
    if (Act::decode(legal[i]).family != Act::kTaxPlayerFamily) continue;
    const int q = seat_at(s, w, Act::decode(legal[i]).a);
    const int bq = best < 0 ? -1 : seat_at(s, w, Act::decode(legal[best]).a);
    if (best < 0 || s.rupees[q] > s.rupees[bq] || (s.rupees[q] == s.rupees[bq] && q == favoured)) best = i;
  }
  if (best >= 0) return legal[best];
  const int first_row = ai_arrow_top_left(s) ? 0 : 1;
  for (int col = 0; col < kMarketCols; ++col)
    for (int k = 0; k < 2; ++k) {
      const int a = Act::tax_market(k ? 1 - first_row : first_row, col);
      if (in_list(legal, n, a)) return Action(a);
    }
  return legal[0];
}

// Armies in the highest-priority region she rules; `done` when she can place none.
Action place_army(const State& s, const Action* legal, int n) {
  for (int r : face_up(s).region_priority)
    if (in_list(legal, n, Act::army(r))) return Act::army(r);
  return in_list(legal, n, Act::kDone) ? Action(Act::kDone) : legal[0];
}

Action battle_site(const State& s, const Action* legal, int n) {
  u8 cards[kNumCourtCards];
  int k = 0;
  if (!court_battle_box(s)) {
    for (int r : face_up(s).region_priority)
      if (in_list(legal, n, Act::battle_at(Site::region(r)))) return Act::battle_at(Site::region(r));
    for (int i = 0; i < n; ++i) cards[k++] = u8(Site::card_of(Act::decode(legal[i]).a));
    return Act::battle_at(Site::card(best_by_priority(s, cards, k)));
  }
  // battle_court_card_most_spies: the card with the most spies, then by card priority.
  int most = 0;
  for (int i = 0; i < n; ++i) {
    const int site = Act::decode(legal[i]).a;
    if (Site::is_region(site)) continue;
    const int c = Site::card_of(site);
    if (s.spies_on[c] > most) most = s.spies_on[c], k = 0;
    if (s.spies_on[c] == most) cards[k++] = u8(c);
  }
  return k ? Act::battle_at(Site::card(best_by_priority(s, cards, k))) : legal[0];
}

// Removals: tribes, then armies, then roads (in border priority order); players by the red
// arrow. Removing is never declined while something can be removed.
Action battle_removal(const State& s, const Task& t, const Action* legal, int n) {
  const int w = s.automaton_seat();
  const int favoured_off = offset_of(s, w, red_arrow_player(s));
  for (auto remove : {Act::remove_tribe, Act::remove_spy}) {
    if (in_list(legal, n, remove(favoured_off))) return remove(favoured_off);
    for (int off = 1; off < s.num_players; ++off)
      if (in_list(legal, n, remove(off))) return remove(off);
  }
  for (int k = 0; k < Coalition::kCount; ++k)
    if (in_list(legal, n, Act::remove_army(k))) return Act::remove_army(k);
  if (Site::is_region(t.a)) {
    int borders[4];
    const int k = ordered_borders(s, t.a, borders);
    for (int i = 0; i < k; ++i)
      for (int o = 0; o < Coalition::kCount; ++o)
        if (in_list(legal, n, Act::remove_road(borders[i], o))) return Act::remove_road(borders[i], o);
  }
  return legal[n - 1] == Act::kDone ? legal[n - 1] : legal[0];
}

Action move_choice(const State& s, const Task& t, const Action* legal, int n) {
  int from, to;
  if (t.kind == TaskKind::kMoveFrom) {
    if (best_army_move(s, -1, &from, &to) && in_list(legal, n, Act::move_from(Act::move_army(from))))
      return Act::move_from(Act::move_army(from));
    return legal[0];  // done (the move box was only taken with a move to make)
  }
  if (best_army_move(s, t.c, &from, &to) && in_list(legal, n, Act::move_to(Site::region(to))))
    return Act::move_to(Site::region(to));
  return legal[0];
}

Action discard_choice(const State& s, const Action* legal, int n) {
  return best_of(legal, n, [&](Action a) { return discard_preference(s, Act::decode(a).a); });
}

}  // namespace

const WakhanCard& wakhan_card(int n) {
  assert(n >= 1 && n <= kWakhanCards);
  return kWakhanTable[n > 0 ? n - 1 : 0];
}

bool same_ai_back(int a, int b) {
  const WakhanCard &x = wakhan_card(a), &y = wakhan_card(b);
  return x.back_top_is_top_left == y.back_top_is_top_left &&
         std::memcmp(x.back_columns, y.back_columns, sizeof x.back_columns) == 0;
}

void deal_ai_deck(State& s) {
  for (int i = 0; i < kWakhanCards; ++i) s.ai_deck[i] = u8(i + 1);
  shuffle(s.ai_deck, kWakhanCards, s.rng);
  s.ai_drawn = 0;
}

void draw_ai_card(State& s) {
  if (++s.ai_drawn == kWakhanCards) {
    shuffle(s.ai_deck, kWakhanCards, s.rng);
    s.ai_drawn = 1;
  }
  refresh_pragmatic_loyalty(s);
}

int face_up_ai_card(const State& s) { return s.ai_drawn ? s.ai_deck[s.ai_drawn - 1] : 0; }
int top_ai_card(const State& s) { return s.ai_drawn ? s.ai_deck[s.ai_drawn] : 0; }

int pragmatic_loyalty(const State& s) {
  if (!s.automaton || !s.ai_drawn) return Coalition::kNone;
  for (int k : face_up(s).loyalty) {
    bool held = false;
    for (int q = 0; q < s.num_players; ++q) held |= !s.is_automaton(q) && s.loyalty[q] == k;
    if (!held) return k;
  }
  return Coalition::kNone;  // unreachable: at most two others hold a coalition
}

void hide_unseen_ai_cards(State& v) {
  if (v.automaton && v.ai_drawn) {
    int top = 1;
    while (!same_ai_back(top, v.ai_deck[v.ai_drawn])) ++top;
    v.ai_deck[v.ai_drawn] = u8(top);
    for (int i = v.ai_drawn + 1; i < kWakhanCards; ++i) v.ai_deck[i] = 0;
  } else {
    std::memset(v.ai_deck, 0, sizeof v.ai_deck);  // before her first turn all of it is hidden
  }
}

void deal_unseen_ai_cards(State& w, u64& rng) {
  if (!w.automaton) return;
  u8* unseen = &w.ai_deck[w.ai_drawn];
  const int n = kWakhanCards - w.ai_drawn;
  if (w.ai_drawn) {
    int same[kWakhanCards], k = 0;
    for (int i = 0; i < n; ++i)
      if (same_ai_back(unseen[i], unseen[0])) same[k++] = i;
    std::swap(unseen[0], unseen[same[random_below(rng, k)]]);
    ++unseen;
  }
  shuffle(unseen, w.ai_drawn ? n - 1 : n, rng);
}

std::string check_wakhan(const State& s) {
  if (!s.automaton) {
    for (int c : s.ai_deck)
      if (c) return "AI deck bytes in a game without Wakhan";
    return s.ai_drawn ? "AI cards drawn in a game without Wakhan" : "";
  }
  if (s.automaton > s.num_players || s.num_players > 3) return "Wakhan needs a seat of a 2- or 3-seat game";
  unsigned seen = 0;
  for (int c : s.ai_deck) {
    if (c < 1 || c > kWakhanCards || (seen >> c & 1)) return "the AI deck is not the 24 AI cards";
    seen |= 1u << c;
  }
  if (s.ai_drawn >= kWakhanCards) return "the AI deck has no top card";
  if (s.phase != Phase::kSetup && !s.ai_drawn) return "Wakhan plays without a face-up AI card";
  if (s.ai_drawn && s.loyalty[s.automaton_seat()] != pragmatic_loyalty(s))
    return "Wakhan's loyalty is not her pragmatic loyalty";
  return "";
}

void refresh_pragmatic_loyalty(State& s) {
  if (s.automaton && s.ai_drawn) s.loyalty[s.automaton_seat()] = u8(pragmatic_loyalty(s));
}

int ai_arrow_column(const State& s) {
  return wakhan_card(top_ai_card(s)).back_columns[face_up(s).black_arrow_slot];
}

bool ai_arrow_top_left(const State& s) {
  return face_up(s).red_arrow_top == wakhan_card(top_ai_card(s)).back_top_is_top_left;
}

Action wakhan_choice(State& s) {
  if (s.top().kind == TaskKind::kTurnActions) return turn_choice(s);
  const Task t = s.top();
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  switch (t.kind) {
    case TaskKind::kBribeDemand:
      return Act::demand(t.a);  // she never lowers a bribe
    case TaskKind::kBribePay:
      return legal[0];  // pay when she can
    case TaskKind::kPlaceRoad: {
      int borders[4];
      const int k = ordered_borders(s, t.a, borders);
      return Act::road(borders[t.c % k]);
    }
    case TaskKind::kPlaceSpy:
      return place_spy(s, legal, n);
    case TaskKind::kTakeCylinder:
    case TaskKind::kTakeBlock:
      return take_piece(s, t, legal, n);
    case TaskKind::kTax:
      return tax(s, legal, n);
    case TaskKind::kGift:
      return legal[0];  // the cheapest space
    case TaskKind::kBuild:
    case TaskKind::kInfrastructure:
      return place_army(s, legal, n);
    case TaskKind::kMoveFrom:
    case TaskKind::kMoveTo:
      return move_choice(s, t, legal, n);
    case TaskKind::kBetray: {
      return best_card(s, legal, n, [&](Action a) {
        const int c = Act::decode(a).a;
        return Act::decode(a).family == Act::kBetrayFamily && can_betray_for_prize(s, c) ? c : 0;
      });
    }
    case TaskKind::kPrize:
      return Act::kTakePrize;
    case TaskKind::kBattleSite:
      return battle_site(s, legal, n);
    case TaskKind::kBattle:
      return battle_removal(s, t, legal, n);
    case TaskKind::kDiscardLeverage:
    case TaskKind::kDiscardCourt:
    case TaskKind::kDiscardHand:
    case TaskKind::kConfidenceFailure:
      return discard_choice(s, legal, n);
    case TaskKind::kChoosePlayer:
      return Act::choose_player(offset_of(s, s.automaton_seat(), red_arrow_player(s)));
    case TaskKind::kChooseRegion:
      return Act::choose_region(face_up(s).region_priority[0]);
    case TaskKind::kChooseSuit:
      return Act::choose_suit(s.favored_suit);
    case TaskKind::kSafeHouse:
      return legal[n - 1];  // she always uses a "may" ability
    case TaskKind::kBlackmail:
      return best_card(s, legal, n, card_in(Act::kSpyFamily));
  }
  return legal[0];
}

}  // namespace pamir::core::inline PAMIR_RULESET
