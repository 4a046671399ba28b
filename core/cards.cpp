#include "core/cards.h"

#include <cstring>

#include "core/map.h"

namespace pamir::core::inline PAMIR_RULESET {
namespace {

template <int N>
int index_of(const char* const (&names)[N], const char* s) {
  for (int i = 0; i < N; ++i)
    if (std::strcmp(names[i], s) == 0) return i;
  return -1;
}

}  // namespace

constexpr CourtCard kCourtCardTable[kNumCourtCards] = {
#include "card_table.inc"
};

// The table must be in card-number order so that court_card(c) is an index.
constexpr bool table_is_ordered() {
  for (int i = 0; i < kNumCourtCards; ++i)
    if (kCourtCardTable[i].number != i + 1) return false;
  return true;
}
static_assert(table_is_ordered());

namespace {
constexpr std::array<u8, kNumCourtCards> kActionMasks = [] {
  std::array<u8, kNumCourtCards> m{};
  for (int i = 0; i < kNumCourtCards; ++i)
    for (int j = 0; j < kCourtCardTable[i].num_actions; ++j) m[i] |= u8(1u << kCourtCardTable[i].actions[j]);
  return m;
}();
}  // namespace

u8 card_action_mask(int c) { return kActionMasks[c - 1]; }

namespace {
// The court cards for which key(card, k) holds, as a set per k.
template <int K, class Key>
constexpr std::array<CardWords, K> cards_by(Key key) {
  std::array<CardWords, K> sets{};
  for (int i = 0; i < kNumCourtCards; ++i)
    for (int k = 0; k < K; ++k)
      if (key(kCourtCardTable[i], k)) sets[k][i >> 6] |= u64(1) << (i & 63);
  return sets;
}
}  // namespace

const std::array<CardWords, Suit::kCount> kCardsOfSuit =
    cards_by<Suit::kCount>([](const CourtCard& c, int k) { return c.suit == k; });
const std::array<CardWords, CardAction::kCount> kCardsWithAction =
    cards_by<CardAction::kCount>([](const CourtCard& c, int k) { return c.has_action(k); });
const std::array<CardWords, AbilityMechanic::kCount> kCardsWithMechanic = cards_by<AbilityMechanic::kCount>(
    [](const CourtCard& c, int k) { return kAbilityDefs[c.ability].mechanic == k; });
const std::array<CardWords, Region::kCount> kCardsPrintedIn =
    cards_by<Region::kCount>([](const CourtCard& c, int k) { return c.region == k; });
const CardWords kCardsPrintedNeutral =
    cards_by<1>([](const CourtCard& c, int) { return c.region == kNeutralPieceRegion; })[0];

const char* card_name(int c) {
  if (is_court_card(c)) return court_card(c).name;
  if (is_dominance_check(c)) return "Dominance Check";
  if (is_event(c)) return kEventCardDefs[c - kFirstEvent].name;
  return "none";
}

const char* region_name(int r) { return kRegionKeys[r]; }
const char* suit_name(int s) { return kSuitKeys[s]; }
const char* coalition_name(int c) { return kCoalitionKeys[c]; }
const char* card_action_name(int a) { return kCardActionKeys[a]; }
const char* border_name(int b) { return kBorderDefs[b].key; }
int region_from_name(const char* s) { return index_of(kRegionKeys, s); }
int suit_from_name(const char* s) { return index_of(kSuitKeys, s); }
int coalition_from_name(const char* s) { return index_of(kCoalitionKeys, s); }
int border_from_name(const char* s) {
  for (int b = 0; b < kNumBorders; ++b)
    if (std::strcmp(kBorderDefs[b].key, s) == 0) return b;
  return -1;
}

}  // namespace pamir::core::inline PAMIR_RULESET
