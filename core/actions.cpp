#include "core/actions.h"

#include <cstdlib>
#include <string>

#include "core/game.h"
#include "core/queries.h"
#include "core/state.h"

namespace pamir::core {
namespace {

std::string num(int v) { return std::to_string(v); }

std::string site_name(int site) {
  return Site::is_region(site) ? std::string("in ") + region_name(site) : "on card " + num(Site::card_of(site));
}

std::string move_loc_name(int loc) {
  if (loc < Region::kCount) return std::string("army ") + region_name(loc);
  if (loc < Region::kCount + kNumCourtCards) return "spy " + num(loc - Region::kCount + 1);
  return std::string("tribe ") + region_name(loc - Region::kCount - kNumCourtCards);
}

std::string take_name(int idx) {
  if (idx < 6) return std::string("take tribe ") + region_name(idx);
  if (idx < 9) return "take gift " + num(2 * (idx - 6 + 1));
  if (idx < 9 + kNumCourtCards) return "take spy " + num(idx - 9 + 1);
  idx -= 9 + kNumCourtCards;
  if (idx < 6) return std::string("take army ") + region_name(idx);
  return std::string("take road ") + border_name(idx - 6);
}

}  // namespace

std::string action_name(const State& s, Action a) {
  using namespace Act;
  const int p = s.game_over() ? 0 : s.top().player;
  const bool building = !s.game_over() && (s.top().kind == TaskKind::kBuild ||
                                           s.top().kind == TaskKind::kInfrastructure);
  auto seat = [&](int off) { return "player " + num(seat_at(s, p, off)); };
  if (a == kDone) return "done";
  if (a < kPlay) return "purchase " + num((a - kPurchase) / 6) + " " + num((a - kPurchase) % 6);
  if (a < kCardAction)
    return "play " + num((a - kPlay) / 2 + 1) + ((a - kPlay) % 2 ? " right" : " left");
  if (a < kLoyalty)
    return std::string(card_action_name((a - kCardAction) % 6)) + " " + num((a - kCardAction) / 6 + 1);
  if (a < kDemand) return std::string("loyalty ") + coalition_name(a - kLoyalty);
  if (a < kPayBribe) return "demand " + num(a - kDemand);
  if (a == kPayBribe) return "pay bribe";
  if (a == kRefuseBribe) return "refuse bribe";
  if (a < kArmy) return std::string(building ? "build road " : "road ") + border_name(a - kRoad);
  if (a < kSpy) return std::string("build army ") + region_name(a - kArmy);
  if (a < kTake) return "spy on " + num(a - kSpy + 1);
  if (a < kTaxMarket) return take_name(a - kTake);
  if (a < kTaxPlayer) return "tax market " + num((a - kTaxMarket) / 6) + " " + num((a - kTaxMarket) % 6);
  if (a < kGift) return "tax " + seat(a - kTaxPlayer + 1);
  if (a < kMoveFrom) return "gift cost " + num(2 * (a - kGift + 1));
  if (a < kMoveTo) return "move " + move_loc_name(a - kMoveFrom);
  if (a < kBetray) {
    const int site = a - kMoveTo;
    return Site::is_region(site) ? std::string("move to ") + region_name(site)
                                 : "move to card " + num(Site::card_of(site));
  }
  if (a < kTakePrize) return "betray card " + num(a - kBetray + 1);
  if (a == kTakePrize) return "take prize";
  if (a == kDeclinePrize) return "decline prize";
  if (a < kRemoveArmy) return "battle " + site_name(a - kBattleAt);
  if (a < kRemoveRoad) return std::string("remove army ") + coalition_name(a - kRemoveArmy);
  if (a < kRemoveTribe)
    return std::string("remove road ") + coalition_name((a - kRemoveRoad) % 3) + " " +
           border_name((a - kRemoveRoad) / 3);
  if (a < kRemoveSpy) return "remove tribe of " + seat(a - kRemoveTribe + 1);
  if (a < kDiscard) return "remove spy of " + seat(a - kRemoveSpy + 1);
  if (a < kChoosePlayer) return "discard " + num(a - kDiscard + 1);
  if (a < kChooseRegion) return "choose " + seat(a - kChoosePlayer + 1);
  if (a < kChooseSuit) return std::string("choose region ") + region_name(a - kChooseRegion);
  if (a < kCount) return std::string("choose suit ") + suit_name(a - kChooseSuit);
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

}  // namespace pamir::core
