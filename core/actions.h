#pragma once
// The action space: one fixed, dense range of ids, each an atomic decision. The id is the
// policy index. Families are laid out back to back; docs/actions.md lists them.
// Ids that name another player use the seat offset clockwise from the deciding player
// (1..4), so that the same id means the same thing from every seat.

#include <array>
#include <string>

#include "core/map.h"
#include "core/tasks.h"
#include "core/types.h"

namespace pamir::core::inline PAMIR_RULESET {

using Action = u16;

struct State;

namespace Act {
// Counts that size the families.
constexpr int kMarketCells = kMarketRows * kMarketCols;
constexpr int kMaxDemand = 10;               // rupees a bribe demand can name
constexpr int kMaxOffset = kMaxPlayers - 1;  // seat offsets 1..4
constexpr int kSides = 2;                    // a card is played left or right
constexpr int kSites = Site::kCount;         // Site: regions, then court cards
// MoveLoc: armies by region, spies by card, tribes by region.
constexpr int kMoveFromCount = Region::kCount + kNumCourtCards + Region::kCount;
constexpr int kMoveToCount = kSites;
// TakeLoc: tribe by region, gift by slot, spy by card, army by region, road by border.
constexpr int kTakeCount = Region::kCount + kGiftSlots + kNumCourtCards + Region::kCount + kNumBorders;

// The families, in id order.
enum Family : u8 {
  kDoneFamily,
  kPurchaseFamily,
  kPlayFamily,
  kCardActionFamily,
  kLoyaltyFamily,
  kDemandFamily,
  kPayBribeFamily,
  kRefuseBribeFamily,
  kRoadFamily,
  kArmyFamily,
  kSpyFamily,
  kTakeFamily,
  kTaxMarketFamily,
  kTaxPlayerFamily,
  kGiftFamily,
  kMoveFromFamily,
  kMoveToFamily,
  kBetrayFamily,
  kTakePrizeFamily,
  kDeclinePrizeFamily,
  kBattleAtFamily,
  kRemoveArmyFamily,
  kRemoveRoadFamily,
  kRemoveTribeFamily,
  kRemoveSpyFamily,
  kDiscardFamily,
  kChoosePlayerFamily,
  kChooseRegionFamily,
  kChooseSuitFamily,
  // Decisions of some rulesets only (core/types.h, RuleHooks): empty (no ids) in the others,
  // so that their ids stay as they are.
  kMoveNeutralFamily,
  kPlaceTribeFamily,
  kDamageNeutralFamily,
  kExhaustFamily,
  kNumFamilies
};

// A family's ids: base + (a - first_a) * stride + b, for its first argument a (a card id,
// a seat offset, a region...) and its second b (0..stride-1: a column, a side, a card
// action, a coalition).
struct FamilyLayout {
  int base, count, stride, first_a;
};
inline constexpr std::array<FamilyLayout, kNumFamilies> kFamilies = [] {
  constexpr struct {
    int count, stride, first_a;
  } kShape[kNumFamilies] = {
      {1, 1, 0},                                                     // done
      {kMarketCells, kMarketCols, 0},                                // purchase: row, column
      {kSides * kNumCourtCards, kSides, 1},                          // play: card, side (0 left, 1 right)
      {CardAction::kCount * kNumCourtCards, CardAction::kCount, 1},  // card action: card, CardAction
      {Coalition::kCount, 1, 0},                                     // loyalty: coalition
      {kMaxDemand + 1, 1, 0},                                        // demand: rupees 0..10
      {1, 1, 0},                                                     // pay bribe
      {1, 1, 0},                                                     // refuse bribe
      {kNumBorders, 1, 0},                                           // road: border
      {Region::kCount, 1, 0},                                        // army: region
      {kNumCourtCards, 1, 1},                                        // spy: card
      {kTakeCount, 1, 0},                                            // take: TakeLoc
      {kMarketCells, kMarketCols, 0},                                // tax market: row, column
      {kMaxOffset, 1, 1},                                            // tax player: seat offset
      {kGiftSlots, 1, 0},                                            // gift: slot (cost 2, 4, 6)
      {kMoveFromCount, 1, 0},                                        // move from: MoveLoc
      {kMoveToCount, 1, 0},                                          // move to: Site
      {kNumCourtCards, 1, 1},                                        // betray: card
      {1, 1, 0},                                                     // take prize
      {1, 1, 0},                                                     // decline prize
      {kSites, 1, 0},                                                // battle at: Site
      {Coalition::kCount, 1, 0},                                     // remove army: coalition
      {kNumBorders * Coalition::kCount, Coalition::kCount, 0},       // remove road: border, coalition
      {kMaxOffset, 1, 1},                                            // remove tribe: seat offset
      {kMaxOffset, 1, 1},                                            // remove spy: seat offset
      {kNumCourtCards, 1, 1},                                        // discard: card
      {kMaxOffset, 1, 1},                                            // choose player: seat offset
      {Region::kCount, 1, 0},                                        // choose region: region
      {Suit::kCount, 1, 0},                                          // choose suit: suit
      {kHooks.gift_uses ? Region::kCount : 0, 1, 0},             // gift: move the neutral piece to a region
      {kHooks.gift_uses ? Region::kCount : 0, 1, 0},             // gift: place a tribe in a region
      {kHooks.neutral_piece ? 1 : 0, 1, 0},                      // battle: damage the neutral piece
      {kHooks.exhaust_after_battle ? kNumCourtCards : 0, 1, 1},  // after a battle: exhaust a card
  };
  std::array<FamilyLayout, kNumFamilies> out{};
  int base = 0;
  for (int f = 0; f < kNumFamilies; ++f) {
    out[f] = {base, kShape[f].count, kShape[f].stride, kShape[f].first_a};
    base += kShape[f].count;
  }
  return out;
}();

// Family bases.
constexpr int kDone = kFamilies[kDoneFamily].base;
constexpr int kPurchase = kFamilies[kPurchaseFamily].base;
constexpr int kPlay = kFamilies[kPlayFamily].base;
constexpr int kCardAction = kFamilies[kCardActionFamily].base;
constexpr int kLoyalty = kFamilies[kLoyaltyFamily].base;
constexpr int kDemand = kFamilies[kDemandFamily].base;
constexpr int kPayBribe = kFamilies[kPayBribeFamily].base;
constexpr int kRefuseBribe = kFamilies[kRefuseBribeFamily].base;
constexpr int kRoad = kFamilies[kRoadFamily].base;
constexpr int kArmy = kFamilies[kArmyFamily].base;
constexpr int kSpy = kFamilies[kSpyFamily].base;
constexpr int kTake = kFamilies[kTakeFamily].base;
constexpr int kTaxMarket = kFamilies[kTaxMarketFamily].base;
constexpr int kTaxPlayer = kFamilies[kTaxPlayerFamily].base;
constexpr int kGift = kFamilies[kGiftFamily].base;
constexpr int kMoveFrom = kFamilies[kMoveFromFamily].base;
constexpr int kMoveTo = kFamilies[kMoveToFamily].base;
constexpr int kBetray = kFamilies[kBetrayFamily].base;
constexpr int kTakePrize = kFamilies[kTakePrizeFamily].base;
constexpr int kDeclinePrize = kFamilies[kDeclinePrizeFamily].base;
constexpr int kBattleAt = kFamilies[kBattleAtFamily].base;
constexpr int kRemoveArmy = kFamilies[kRemoveArmyFamily].base;
constexpr int kRemoveRoad = kFamilies[kRemoveRoadFamily].base;
constexpr int kRemoveTribe = kFamilies[kRemoveTribeFamily].base;
constexpr int kRemoveSpy = kFamilies[kRemoveSpyFamily].base;
constexpr int kDiscard = kFamilies[kDiscardFamily].base;
constexpr int kChoosePlayer = kFamilies[kChoosePlayerFamily].base;
constexpr int kChooseRegion = kFamilies[kChooseRegionFamily].base;
constexpr int kChooseSuit = kFamilies[kChooseSuitFamily].base;
constexpr int kDamageNeutral = kFamilies[kDamageNeutralFamily].base;
constexpr int kCount = kFamilies[kNumFamilies - 1].base + kFamilies[kNumFamilies - 1].count;

// The encoder: the id of family f with arguments a and b.
constexpr Action encode(Family f, int a = 0, int b = 0) {
  const FamilyLayout& l = kFamilies[f];
  return Action(l.base + (a - l.first_a) * l.stride + b);
}
// One per family with arguments, so that a call site reads as the decision it makes.
constexpr Action purchase(int row, int col) { return encode(kPurchaseFamily, row, col); }
constexpr Action play(int card, bool right) { return encode(kPlayFamily, card, right); }
constexpr Action card_action(int card, int act) { return encode(kCardActionFamily, card, act); }
constexpr Action loyalty(int coalition) { return encode(kLoyaltyFamily, coalition); }
constexpr Action demand(int rupees) { return encode(kDemandFamily, rupees); }
constexpr Action road(int border) { return encode(kRoadFamily, border); }
constexpr Action army(int region) { return encode(kArmyFamily, region); }
constexpr Action spy(int card) { return encode(kSpyFamily, card); }
constexpr Action take(int take_loc) { return encode(kTakeFamily, take_loc); }
constexpr Action tax_market(int row, int col) { return encode(kTaxMarketFamily, row, col); }
constexpr Action tax_player(int offset) { return encode(kTaxPlayerFamily, offset); }
constexpr Action gift(int slot) { return encode(kGiftFamily, slot); }
constexpr Action move_from(int move_loc) { return encode(kMoveFromFamily, move_loc); }
constexpr Action move_to(int site) { return encode(kMoveToFamily, site); }
constexpr Action betray(int card) { return encode(kBetrayFamily, card); }
constexpr Action battle_at(int site) { return encode(kBattleAtFamily, site); }
constexpr Action remove_army(int coalition) { return encode(kRemoveArmyFamily, coalition); }
constexpr Action remove_road(int border, int coalition) {
  return encode(kRemoveRoadFamily, border, coalition);
}
constexpr Action remove_tribe(int offset) { return encode(kRemoveTribeFamily, offset); }
constexpr Action remove_spy(int offset) { return encode(kRemoveSpyFamily, offset); }
constexpr Action discard(int card) { return encode(kDiscardFamily, card); }
constexpr Action choose_player(int offset) { return encode(kChoosePlayerFamily, offset); }
constexpr Action choose_region(int region) { return encode(kChooseRegionFamily, region); }
constexpr Action choose_suit(int suit) { return encode(kChooseSuitFamily, suit); }
constexpr Action move_neutral(int region) { return encode(kMoveNeutralFamily, region); }
constexpr Action place_tribe(int region) { return encode(kPlaceTribeFamily, region); }
constexpr Action exhaust(int card) { return encode(kExhaustFamily, card); }

// The decoder: an id's family and arguments, the inverse of encode. A table lookup, since
// the engine decodes every action it applies.
struct Decoded {
  Family family;
  u8 a, b;
};
inline constexpr std::array<Decoded, kCount> kDecodeTable = [] {
  std::array<Decoded, kCount> t{};
  for (int f = 0; f < kNumFamilies; ++f)
    for (int i = 0; i < kFamilies[f].count; ++i)
      t[kFamilies[f].base + i] = {Family(f), u8(i / kFamilies[f].stride + kFamilies[f].first_a),
                                  u8(i % kFamilies[f].stride)};
  return t;
}();
constexpr Decoded decode(Action id) { return kDecodeTable[id]; }

// Where a moving piece is (MoveLoc, the argument of move_from).
constexpr int move_army(int region) { return region; }
constexpr int move_spy(int card) { return Region::kCount + card - 1; }
constexpr int move_tribe(int region) { return Region::kCount + kNumCourtCards + region; }

// Which piece a supply shortage takes (TakeLoc, the argument of take).
constexpr int take_tribe(int region) { return region; }
constexpr int take_gift(int slot) { return Region::kCount + slot; }
constexpr int take_spy(int card) { return Region::kCount + kGiftSlots + card - 1; }
constexpr int take_army(int region) { return Region::kCount + kGiftSlots + kNumCourtCards + region; }
constexpr int take_road(int border) {
  return Region::kCount + kGiftSlots + kNumCourtCards + Region::kCount + border;
}
}  // namespace Act

constexpr int kNumActions = Act::kCount;

// The largest number of legal actions in any position (checked by an assert in legal
// generation): the action phase offers at most 12 purchases, 2 per hand card (100) and
// one per court card and action (100 cards in play at most, 3 actions each) plus done.
constexpr int kMaxLegalActions = 1 + Act::kMarketCells + Act::kSides * kNumCourtCards + 3 * kNumCourtCards;

// Readable name of an action in the position where it is decided ("play 47 left").
std::string action_name(const State& s, Action a);
// The legal action with that name, or -1 when none matches (a number is read as an id).
int parse_action(const State& s, const std::string& text);

}  // namespace pamir::core::inline PAMIR_RULESET
