#include "io/game_log.h"

#include <algorithm>
#include <string>

#include "core/dominance.h"
#include "core/game.h"
#include "core/queries.h"

namespace pamir::io {

using namespace core;  // io reads and writes the rules' vocabulary
namespace {

std::string num(int v) { return std::to_string(v); }

std::string player_label(const State& s, int p) {
  std::string label = "player " + num(p);
  if (s.loyalty[p] < Coalition::kCount) label += std::string(" (") + coalition_name(s.loyalty[p]) + ")";
  return label;
}

// The card that action a (decided in s) refers to, or kNoCard.
int action_card(const State& s, Action a) {
  using namespace Act;
  const Decoded d = decode(a);
  switch (d.family) {
    case kPurchaseFamily:
    case kTaxMarketFamily: return s.market[d.a][d.b];
    case kPlayFamily:
    case kCardActionFamily:
    case kSpyFamily:
    case kBetrayFamily:
    case kDiscardFamily: return d.a;
    case kDemandFamily:
    case kPayBribeFamily:
    case kRefuseBribeFamily: return s.top().b;  // the card the bribe is for
    case kTakeFamily:
      return d.a >= take_spy(1) && d.a < take_army(0) ? d.a - take_spy(1) + 1 : kNoCard;
    case kMoveFromFamily:
      return d.a >= move_spy(1) && d.a < move_tribe(0) ? d.a - move_spy(1) + 1 : kNoCard;
    case kMoveToFamily:
    case kBattleAtFamily: return Site::is_region(d.a) ? kNoCard : Site::card_of(d.a);
    case kTakePrizeFamily:
    case kDeclinePrizeFamily: return s.top().a;
    default: return kNoCard;
  }
}

std::string card_list(const State& s, int loc_or_court, int p) {
  std::string out;
  auto add = [&](int c) { out += (out.empty() ? "" : ", ") + std::string(card_name(c)); };
  if (loc_or_court < 0) {
    for (int i = s.court_begin(p); i < s.court_begin(p) + s.court_len[p]; ++i) add(s.court[i]);
  } else {
    for (int c = 1; c <= kNumCards; ++c)
      if (s.card_loc[c] == loc_or_court) add(c);
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string describe_decision(const State& before, Action a) {
  const int p = to_move(before);
  std::string line = before.phase == Phase::kSetup ? "setup" : "turn " + num(before.turn + 1);
  line += ", " + player_label(before, p) + ": " + action_name(before, a);
  if (const int c = action_card(before, a)) line += std::string(" (") + card_name(c) + ")";
  return line;
}

std::string describe_position(const State& s) {
  std::string out;
  if (s.game_over())
    out += "game over after turn " + num(s.turn + 1);
  else
    out += (s.phase == Phase::kSetup ? std::string("setup") : "turn " + num(s.turn + 1)) + ", " +
           player_label(s, to_move(s)) + " to move";
  out += std::string("; favored suit ") + suit_name(s.favored_suit) + "; Dominance Checks scored " +
         num(s.dominance_checks_resolved) + "\n";
  out += "rulers:";
  bool any_ruler = false;
  for (int r = 0; r < Region::kCount; ++r)
    if (const int p = ruler(s, r); p != kNoPlayer) {
      out += std::string(" ") + region_name(r) + " player " + num(p);
      any_ruler = true;
    }
  out += any_ruler ? "\n" : " none\n";
  for (int p = 0; p < s.num_players; ++p) {
    out += player_label(s, p) + ": " + num(s.rupees[p]) + " rupees, " + num(s.vp[p]) + " VP, influence " +
           num(influence(s, p)) + ", hand " + num(hand_size(s, p)) + ", prizes " + num(s.prizes[p]) +
           ", court: " + card_list(s, -1, p) + "\n";
  }
  for (int r = 0; r < kMarketRows; ++r) {
    out += "market row " + num(r) + ":";
    for (int col = 0; col < kMarketCols; ++col) {
      const int c = s.market[r][col];
      out += " [" + (c ? num(c) + " " + card_name(c) : std::string("empty"));
      if (s.market_rupees[r][col]) out += " +" + num(s.market_rupees[r][col]);
      out += "]";
    }
    out += "\n";
  }
  if (s.global_effects || std::any_of(s.card_loc + 1, s.card_loc + kNumCards + 1,
                                      [](u8 l) { return l == Loc::kActiveEvent; }))
    out += "active events: " + card_list(s, Loc::kActiveEvent, 0) + "\n";
  return out;
}

std::string describe_result(const State& s) {
  const auto rank = final_ranks(s);
  int order[kMaxPlayers];
  for (int p = 0; p < s.num_players; ++p) order[p] = p;
  std::stable_sort(order, order + s.num_players, [&](int a, int b) { return rank[a] < rank[b]; });
  std::string out = s.game_over() ? "final standing:\n" : "standing (the game is not over):\n";
  for (int i = 0; i < s.num_players; ++i) {
    const int p = order[i];
    out += num(rank[p] + 1) + ". " + player_label(s, p) + ": " + num(s.vp[p]) + " VP, " +
           num(stars(s, p, Suit::kMilitary)) + " military stars, " + num(s.rupees[p]) + " rupees\n";
  }
  return out;
}

}  // namespace pamir::io
