#include "core/cards.h"

#include <cstring>

#include "core/map.h"

namespace pamir::core {
namespace {


// Events 105..116 in data/event_cards.tsv order: {discard half, purchase half}.
struct EventPair {
  u8 discard, purchase;
  const char* name;  // "<discard name> / <purchase name>"
};
constexpr EventPair kEvents[kNumEvents] = {
    {EventKind::kFavorMilitary, EventKind::kNewTactics, "Favor Military / New Tactics"},
    {EventKind::kEmbarrassmentOfRiches, EventKind::kKohINoorRecovered,
     "Embarrassment of Riches / Koh-i-noor Recovered"},
    {EventKind::kDisregardForCustoms, EventKind::kCourtlyManners,
     "Disregard for Customs / Courtly Manners"},
    {EventKind::kFailureToImpress, EventKind::kRumor, "Failure to Impress / Rumor"},
    {EventKind::kRiotsPunjab, EventKind::kConflictFatigue, "Riots in Punjab / Conflict Fatigue"},
    {EventKind::kRiotsHerat, EventKind::kNationalism, "Riots in Herat / Nationalism"},
    {EventKind::kNoEffect, EventKind::kPublicWithdrawal, "No effect / Public Withdrawal"},
    {EventKind::kRiotsKabul, EventKind::kNationBuilding, "Riots in Kabul / Nation Building"},
    {EventKind::kRiotsPersia, EventKind::kBackingOfPersianAristocracy,
     "Riots in Persia / Backing of Persian Aristocracy"},
    {EventKind::kConfidenceFailure, EventKind::kOtherPersuasiveMethods,
     "Confidence Failure / Other Persuasive Methods"},
    {EventKind::kFavorIntelligence, EventKind::kPashtunwaliValues,
     "Favor Intelligence / Pashtunwali Values"},
    {EventKind::kFavorPolitical, EventKind::kRebuke, "Favor Political / Rebuke"},
};

constexpr const char* kEventKindNames[EventKind::kCount] = {
    "none", "Favor Military", "Embarrassment of Riches", "Disregard for Customs",
    "Failure to Impress", "Riots in Punjab", "Riots in Herat", "No effect", "Riots in Kabul",
    "Riots in Persia", "Confidence Failure", "Favor Intelligence", "Favor Political",
    "New Tactics", "Koh-i-noor Recovered", "Courtly Manners", "Rumor", "Conflict Fatigue",
    "Nationalism", "Public Withdrawal", "Nation Building", "Backing of Persian Aristocracy",
    "Other Persuasive Methods", "Pashtunwali Values", "Rebuke"};

constexpr const char* kRegionNames[] = {"kabul", "punjab", "kandahar", "herat", "persia",
                                        "transcaspia"};
constexpr const char* kSuitNames[] = {"economic", "military", "political", "intelligence"};
constexpr const char* kCoalitionNames[] = {"afghan", "british", "russian", "none"};
constexpr const char* kCardActionNames[] = {"tax", "gift", "build", "move", "betray", "battle"};
constexpr const char* kBorderNames[kNumBorders] = {
    "persia_transcaspia", "herat_persia",   "herat_transcaspia", "kabul_transcaspia", "herat_kabul",
    "herat_kandahar",     "kabul_kandahar", "kabul_punjab",      "kandahar_punjab"};

template <int N>
int index_of(const char* const (&names)[N], const char* s) {
  for (int i = 0; i < N; ++i)
    if (std::strcmp(names[i], s) == 0) return i;
  return -1;
}

}  // namespace

constexpr CourtCard kCourtCardTable[kNumCourtCards] = {
#include "core/card_table.inc"
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

int event_discard_effect(int card) { return kEvents[card - kFirstEvent].discard; }
int event_purchase_effect(int card) { return kEvents[card - kFirstEvent].purchase; }
const char* event_kind_name(int kind) { return kEventKindNames[kind]; }

const char* card_name(int c) {
  if (is_court_card(c)) return court_card(c).name;
  if (is_dominance_check(c)) return "Dominance Check";
  if (is_event(c)) return kEvents[c - kFirstEvent].name;
  return "none";
}

const char* region_name(int r) { return kRegionNames[r]; }
const char* suit_name(int s) { return kSuitNames[s]; }
const char* coalition_name(int c) { return kCoalitionNames[c]; }
const char* card_action_name(int a) { return kCardActionNames[a]; }
const char* border_name(int b) { return kBorderNames[b]; }
int region_from_name(const char* s) { return index_of(kRegionNames, s); }
int suit_from_name(const char* s) { return index_of(kSuitNames, s); }
int coalition_from_name(const char* s) { return index_of(kCoalitionNames, s); }
int border_from_name(const char* s) { return index_of(kBorderNames, s); }

}  // namespace pamir::core
