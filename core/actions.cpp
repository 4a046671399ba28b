#include "core/actions.h"

#include <cstdlib>
#include <string>

#include "core/game.h"
#include "core/legality.h"
#include "core/queries.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

std::string num(int v) { return std::to_string(v); }

std::string site_name(int site) {
  return Site::is_region(site) ? std::string("in ") + region_name(site)
                               : "on card " + num(Site::card_of(site));
}

// The ruleset's word for a piece or an action, then a space (core/types.h, Terms).
std::string term(const char* word) { return word ? std::string(word) + " " : std::string(); }

std::string move_loc_name(int loc) {
  if (loc < Act::move_spy(1)) return term(kTerms.army) + region_name(loc);
  if (loc < Act::move_tribe(0)) return term(kTerms.spy) + num(loc - Act::move_spy(1) + 1);
  return term(kTerms.tribe) + region_name(loc - Act::move_tribe(0));
}

std::string take_name(int idx) {
  if (idx < Act::take_gift(0)) return "take " + term(kTerms.tribe) + region_name(idx);
  if (idx < Act::take_spy(1)) return "take " + term(kTerms.gift) + num(kGiftCost[idx - Act::take_gift(0)]);
  if (idx < Act::take_army(0)) return "take " + term(kTerms.spy) + num(idx - Act::take_spy(1) + 1);
  if (idx < Act::take_road(0)) return "take " + term(kTerms.army) + region_name(idx - Act::take_army(0));
  return "take " + term(kTerms.road) + border_name(idx - Act::take_road(0));
}

}  // namespace

std::string action_name(const State& s, Action a) {
  using namespace Act;
  if (a >= kCount) return "invalid";
  const int p = s.game_over() ? 0 : s.top().player;
  const bool building =
      !s.game_over() && (s.top().kind == TaskKind::kBuild || s.top().kind == TaskKind::kInfrastructure);
  auto seat = [&](int off) { return "player " + num(seat_at(s, p, off)); };
  const Decoded d = decode(a);
  switch (d.family) {
    case kDoneFamily:
      return "done";
    case kPurchaseFamily:
      return "purchase " + num(d.a) + " " + num(d.b);
    case kPlayFamily:
      return "play " + num(d.a) + (d.b ? " right" : " left");
    case kCardActionFamily:
      return std::string(card_action_name(d.b)) + " " + num(d.a);
    case kLoyaltyFamily:
      return std::string("loyalty ") + coalition_name(d.a);
    case kDemandFamily:
      return "demand " + num(d.a);
    case kPayBribeFamily:
      return "pay bribe";
    case kRefuseBribeFamily:
      return "refuse bribe";
    case kRoadFamily:
      return (building ? term(kTerms.build) : "") + term(kTerms.road) + border_name(d.a);
    case kArmyFamily:
      return term(kTerms.build) + term(kTerms.army) + region_name(d.a);
    case kSpyFamily:
      return term(kTerms.spy) + "on " + num(d.a);
    case kTakeFamily:
      return take_name(d.a);
    case kTaxMarketFamily:
      return term(kTerms.tax) + "market " + num(d.a) + " " + num(d.b);
    case kTaxPlayerFamily:
      return term(kTerms.tax) + seat(d.a);
    case kGiftFamily:
      return term(kTerms.gift) + "cost " + num(kGiftCost[d.a]);
    case kMoveFromFamily:
      return "move " + move_loc_name(d.a);
    case kMoveToFamily:
      return Site::is_region(d.a) ? std::string("move to ") + region_name(d.a)
                                  : "move to card " + num(Site::card_of(d.a));
    case kBetrayFamily:
      return term(kTerms.betray) + "card " + num(d.a);
    case kTakePrizeFamily:
      return std::string("take ") + kTerms.prize;
    case kDeclinePrizeFamily:
      return std::string("decline ") + kTerms.prize;
    case kBattleAtFamily:
      return term(kTerms.battle) + site_name(d.a);
    case kRemoveArmyFamily:
      return "remove " + term(kTerms.army) + coalition_name(d.a);
    case kRemoveRoadFamily:
      return "remove " + term(kTerms.road) + coalition_name(d.b) + " " + border_name(d.a);
    case kRemoveTribeFamily:
      return "remove " + term(kTerms.tribe) + "of " + seat(d.a);
    case kRemoveSpyFamily:
      return "remove " + term(kTerms.spy) + "of " + seat(d.a);
    case kDiscardFamily:
      return "discard " + num(d.a);
    case kChoosePlayerFamily:
      return "choose " + seat(d.a);
    case kChooseRegionFamily:
      return std::string("choose region ") + region_name(d.a);
    case kChooseSuitFamily:
      return std::string("choose suit ") + suit_name(d.a);
    case kMoveNeutralFamily:
      return "move " + term(kTerms.neutral) + "to " + region_name(d.a);
    case kPlaceTribeFamily:
      return "place " + term(kTerms.tribe) + region_name(d.a);
    case kDamageNeutralFamily:
      return "damage " + std::string(kTerms.neutral);
    case kExhaustFamily:
      return "exhaust " + num(d.a);
    case kNumFamilies:
      break;
  }
  return "invalid";
}

int parse_action(const State& s, const std::string& text) {
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  char* end = nullptr;
  const long id = std::strtol(text.c_str(), &end, 10);
  const bool is_number = !text.empty() && end && *end == '\0';
  for (int i = 0; i < n; ++i)
    if ((is_number && legal[i] == id) || (!is_number && action_name(s, legal[i]) == text)) return legal[i];
  return -1;
}

}  // namespace pamir::core::inline PAMIR_RULESET
