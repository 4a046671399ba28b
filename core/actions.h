#pragma once
// The action space: one fixed, dense range of ids, each an atomic decision. The id is the
// policy index. Families are laid out back to back; docs/actions.md lists them.
// Ids that name another player use the seat offset clockwise from the deciding player
// (1..4), so that the same id means the same thing from every seat.

#include <string>

#include "core/types.h"

namespace pamir::core {

using Action = u16;

struct State;

namespace Act {
// Family sizes.
constexpr int kMoveFromCount = 6 + kNumCourtCards + 6;  // armies by region, spies by card, tribes
constexpr int kMoveToCount = 6 + kNumCourtCards;        // regions, cards
constexpr int kTakeCount = 6 + 3 + kNumCourtCards + 6 + 9;  // tribe, gift, spy, army, road

constexpr int kDone = 0;
constexpr int kPurchase = kDone + 1;                     // + row*6 + col
constexpr int kPlay = kPurchase + 12;                    // + (card-1)*2 + side (0 left, 1 right)
constexpr int kCardAction = kPlay + 2 * kNumCourtCards;  // + (card-1)*6 + CardAction
constexpr int kLoyalty = kCardAction + 6 * kNumCourtCards;  // + coalition
constexpr int kDemand = kLoyalty + 3;                    // + rupees demanded (0..10)
constexpr int kPayBribe = kDemand + 11;
constexpr int kRefuseBribe = kPayBribe + 1;
constexpr int kRoad = kRefuseBribe + 1;                  // + border
constexpr int kArmy = kRoad + 9;                         // + region
constexpr int kSpy = kArmy + 6;                          // + card-1
constexpr int kTake = kSpy + kNumCourtCards;             // + TakeLoc (see take_index)
constexpr int kTaxMarket = kTake + kTakeCount;           // + row*6 + col
constexpr int kTaxPlayer = kTaxMarket + 12;              // + offset-1
constexpr int kGift = kTaxPlayer + 4;                    // + slot (cost 2, 4, 6)
constexpr int kMoveFrom = kGift + 3;                     // + MoveLoc
constexpr int kMoveTo = kMoveFrom + kMoveFromCount;      // + Site
constexpr int kBetray = kMoveTo + kMoveToCount;          // + card-1
constexpr int kTakePrize = kBetray + kNumCourtCards;
constexpr int kDeclinePrize = kTakePrize + 1;
constexpr int kBattleAt = kDeclinePrize + 1;             // + Site
constexpr int kRemoveArmy = kBattleAt + 6 + kNumCourtCards;  // + coalition
constexpr int kRemoveRoad = kRemoveArmy + 3;             // + border*3 + coalition
constexpr int kRemoveTribe = kRemoveRoad + 27;           // + offset-1
constexpr int kRemoveSpy = kRemoveTribe + 4;             // + offset-1
constexpr int kDiscard = kRemoveSpy + 4;                 // + card-1
constexpr int kChoosePlayer = kDiscard + kNumCourtCards; // + offset-1
constexpr int kChooseRegion = kChoosePlayer + 4;         // + region
constexpr int kChooseSuit = kChooseRegion + 6;           // + suit
constexpr int kCount = kChooseSuit + 4;

// Where a moving piece is (kMoveFrom + MoveLoc).
constexpr int move_army(int region) { return region; }
constexpr int move_spy(int card) { return 6 + card - 1; }
constexpr int move_tribe(int region) { return 6 + kNumCourtCards + region; }

// Which piece a supply shortage takes (kTake + index).
constexpr int take_tribe(int region) { return region; }
constexpr int take_gift(int slot) { return 6 + slot; }
constexpr int take_spy(int card) { return 9 + card - 1; }
constexpr int take_army(int region) { return 9 + kNumCourtCards + region; }
constexpr int take_road(int border) { return 9 + kNumCourtCards + 6 + border; }
}  // namespace Act

constexpr int kNumActions = Act::kCount;

// The largest number of legal actions in any position (checked by an assert in legal
// generation): the action phase offers at most 12 purchases, 2 per hand card (100) and
// one per court card and action (100 cards in play at most, 3 actions each) plus done.
constexpr int kMaxLegalActions = 1 + 12 + 2 * kNumCourtCards + 3 * kNumCourtCards;

// Readable name of an action in the position where it is decided ("play 47 left").
std::string action_name(const State& s, Action a);
// The legal action with that name, or -1 when none matches (a number is read as an id).
int parse_action(const State& s, const std::string& text);

}  // namespace pamir::core
